import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `TMPDIR` of the Swift toolchain's commands that this process runs: one folder of the
/// process for all of them, removed with what they left there when the process exits.
///
/// Swift's driver makes a `TemporaryDirectory.XXXXXX` folder in `TMPDIR` for every compile and
/// never removes it (it holds only `.keep-directory` afterwards): one `swift build
/// --show-bin-path` leaves three, a build many more. The tools run `swift` often (`assay
/// mutate` builds in rounds), and must create nothing outside their build folder, so those
/// commands run in a folder of the process's. One folder for all, not one each: SwiftPM keys
/// its caches of compiled manifests and plugins by the environment, and a `TMPDIR` for each
/// command made every `swift build` compile them again (4.5 s of a build with nothing to do
/// in swift-case-paths' copy, 0.3 s with one `TMPDIR`). Interrupted inside
/// ``Interruption/undoing(_:_:)``, the process removes it before it ends; ended by a signal
/// elsewhere, it leaves it, for the next process to remove (its name holds the process's id).
/// Test binaries keep the user's `TMPDIR`: their tests run as under `swift test`.
enum ToolchainTemporaryFolder {
  /// The commands of the toolchain that compile (and so leave folders), by file name.
  static let commands: Set<String> = [
    "swift", "swiftc", "swift-build", "swift-test", "swift-package", "swift-run",
    "swift-frontend", "swift-driver", "swift-symbolgraph-extract",
  ]

  /// The `TMPDIR` for `executable`: the process's folder, or `nil` when it is not a command of
  /// the toolchain, when `environment` already chooses its `TMPDIR`, or when no folder can be
  /// made (the command then runs as it would anyway).
  static func path(for executable: String, environment: [String: String]) -> String? {
    guard commands.contains((executable as NSString).lastPathComponent),
      environment["TMPDIR"] == nil
    else { return nil }
    return shared
  }

  /// The process's folder, made in the current `TMPDIR` when a command first needs it.
  private static let shared: String? = {
    let parent =
      ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/tmp"
    removeLeftovers(in: parent)
    var template = Array("\(parent)/assay-swift.\(getpid()).XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) })
    else { return nil }
    atexit { ToolchainTemporaryFolder.remove() }
    return String(cString: made)
  }()

  /// Removes the folders in `parent` of processes that are gone (`assay-swift.<pid>.*`): those
  /// that a signal ended before they could remove them. A folder changed in the last hour is
  /// kept: a process of another PID namespace that shares the folder (a container's) may be
  /// using it under an id that names no process here.
  static func removeLeftovers(in parent: String, now: Date = Date()) {
    let files = FileManager.default
    for name in (try? files.contentsOfDirectory(atPath: parent)) ?? []
    where name.hasPrefix("assay-swift.") {
      let path = "\(parent)/\(name)"
      let parts = name.split(separator: ".")
      guard parts.count == 3, let owner = pid_t(parts[1]), kill(owner, 0) != 0, errno == ESRCH,
        let changed = try? files.attributesOfItem(atPath: path)[.modificationDate] as? Date,
        now.timeIntervalSince(changed) > 3600
      else { continue }
      try? files.removeItem(atPath: path)
    }
  }

  /// Removes the process's folder and everything in it.
  static func remove() {
    guard let shared else { return }
    try? FileManager.default.removeItem(atPath: shared)
  }
}
