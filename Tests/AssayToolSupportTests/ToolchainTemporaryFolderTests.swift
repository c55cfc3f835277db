import AssayTestSupport
import Foundation
import Testing

@testable import AssayToolSupport

/// Commands of the Swift toolchain run with a `TMPDIR` of the process's: Swift's driver leaves a
/// `TemporaryDirectory.XXXXXX` folder there on every compile (three for one `swift build
/// --show-bin-path`), so before this the tools filled the user's `/tmp` build after build.
@Suite final class ToolchainTemporaryFolderTests {
  private let folder: String

  init() throws {
    folder = NSTemporaryDirectory() + "toolchain-tmp-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// A script named `name` that does what Swift's driver does in `TMPDIR`, and prints `TMPDIR`.
  private func command(named name: String) throws -> String {
    let path = "\(folder)/\(name)"
    let script = """
      #!/bin/sh
      made=$(mktemp -d "${TMPDIR:-/tmp}/TemporaryDirectory.XXXXXX") || exit 1
      : > "$made/.keep-directory"
      echo "${TMPDIR:-unset}"
      echo "$made"

      """
    try ExecutableScript.write(script, to: path)
    return path
  }

  private func run(_ executable: String, environment: [String: String] = [:]) throws
    -> [String]
  {
    let process = try ChildProcess(
      executable: executable, arguments: [], environment: environment)
    var lines: [String] = []
    #expect(process.run(line: { lines.append($0) }) == .exited(0))
    return lines
  }

  /// Every command of the toolchain gets the same folder of this process as its `TMPDIR`, not
  /// the user's: SwiftPM keys its caches of compiled manifests and plugins by the environment,
  /// and a folder for each command made every `swift build` compile them again (4.5 s of a
  /// build with nothing to do in swift-case-paths' copy, 0.3 s with one `TMPDIR`). What the
  /// driver leaves there goes when the process ends (`AssayCommandTests`).
  @Test(arguments: ["swift", "swiftc", "swift-build"])
  func theToolchainsCommandsShareOneTemporaryFolderOfTheProcess(_ name: String) throws {
    let first = try run(try command(named: name))
    let second = try run(try command(named: name))
    try #require(first.count == 2 && second.count == 2, "\(first) \(second)")
    let inherited = ProcessInfo.processInfo.environment["TMPDIR"] ?? "unset"
    #expect(first[0] != inherited, "the command ran in the user's TMPDIR")
    #expect(first[0].contains("/assay-swift."), "\(first)")
    #expect(second[0] == first[0])
    #expect(first[1].hasPrefix(first[0] + "/TemporaryDirectory."), "\(first)")
  }

  /// A process that a signal ended leaves its folder; the next one removes it, and never the
  /// folder of a process that still runs, nor one changed in the last hour (a process of
  /// another PID namespace may be using it).
  @Test func theFolderOfAProcessThatIsGoneIsRemoved() throws {
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let gone = "\(folder)/assay-swift.\(ended.processIdentifier).abcdef"
    let running = "\(folder)/assay-swift.\(getpid()).ghijkl"
    let other = "\(folder)/assay-swift.mnopqr"
    for made in [gone, running, other] {
      try FileManager.default.createDirectory(
        atPath: made + "/TemporaryDirectory.x", withIntermediateDirectories: true)
    }
    ToolchainTemporaryFolder.removeLeftovers(in: folder)
    #expect(FileManager.default.fileExists(atPath: gone), "changed in the last hour")
    ToolchainTemporaryFolder.removeLeftovers(in: folder, now: Date() + 3601)
    #expect(!FileManager.default.fileExists(atPath: gone))
    #expect(FileManager.default.fileExists(atPath: running))
    #expect(FileManager.default.fileExists(atPath: other))
  }

  /// A package named `swift-…` has a test binary named `swift-…PackageTests.xctest`: its tests
  /// run with the user's `TMPDIR`, as under `swift test`.
  @Test func aTestBinaryKeepsTheUsersTemporaryFolder() throws {
    let lines = try run(try command(named: "swift-algorithmsPackageTests.xctest"))
    try #require(lines.count == 2, "\(lines)")
    #expect(lines[0] == (ProcessInfo.processInfo.environment["TMPDIR"] ?? "unset"))
    try? FileManager.default.removeItem(atPath: lines[1])
  }

  @Test func aTemporaryFolderTheCallerChoosesIsKept() throws {
    let chosen = "\(folder)/chosen"
    try FileManager.default.createDirectory(atPath: chosen, withIntermediateDirectories: true)
    let lines = try run(try command(named: "swift"), environment: ["TMPDIR": chosen])
    try #require(lines.count == 2, "\(lines)")
    #expect(lines[0] == chosen)
    #expect(FileManager.default.fileExists(atPath: lines[1]), "the caller's folder was emptied")
  }
}
