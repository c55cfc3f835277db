import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A stand-in `swift` for a tool's end-to-end test: `swift build --build-tests` says its
/// process id and then waits to be killed; every other command goes to the real `swift`. Put
/// ``folder`` first on the `PATH` of the tool (``environment``), wait for the build
/// (``waitForBuild(seconds:)``), then interrupt the tool while its build runs.
public final class HangingBuild: Sendable {
  /// The folder of the stand-in `swift` and of the pipe it says its id through.
  public let folder: String
  private let reader: Int32

  /// Writes the stand-in in a new temporary folder.
  public init() throws {
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-hanging-build-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let fifo = folder + "/ids"
    guard mkfifo(fifo, 0o600) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fifo])
    }
    reader = open(fifo, O_RDONLY | O_NONBLOCK)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let swift =
      path.split(separator: ":").map { "\($0)/swift" }
      .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "swift"
    let script = """
      #!/bin/sh
      if [ "$1" = build ] && [ "$2" = --build-tests ]; then
        echo $$ > '\(fifo)'
        exec tail -f /dev/null
      fi
      exec '\(swift)' "$@"
      """
    try ExecutableScript.write(script, to: folder + "/swift")
  }

  deinit {
    close(reader)
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// This process's environment with the stand-in first on the `PATH`.
  public var environment: [String: String] {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return ProcessInfo.processInfo.environment.merging(["PATH": folder + ":" + path]) {
      _, new in new
    }
  }

  /// Starts `tool` with `arguments` in `directory`, the stand-in first on its `PATH`, its
  /// standard output dropped and its standard error to `errors` (dropped when `nil`).
  ///
  /// - Returns: The process, and a semaphore signalled when it ends.
  public func start(
    _ tool: URL, _ arguments: [String], in directory: String, errors: Pipe? = nil
  ) throws -> (process: Process, ended: DispatchSemaphore) {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors ?? FileHandle.nullDevice
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    return (process, ended)
  }

  /// The id of the stand-in build once one starts, or `nil` after `seconds` without one.
  /// Blocks: call it off Swift's cooperative pool.
  public func waitForBuild(seconds: Int32) -> pid_t? {
    var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
    guard poll(&ready, 1, seconds * 1000) == 1 else { return nil }
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = read(reader, &bytes, bytes.count)
    return pid_t(
      String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
