import AssayTestSupport
import Foundation
import Testing

@testable import AssayToolSupport

/// Commands of the Swift toolchain leave nothing in `TMPDIR`: Swift's driver leaves a
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

  @Test(arguments: ["swift", "swiftc", "swift-build"])
  func aToolchainCommandLeavesNothingInTheTemporaryFolder(_ name: String) throws {
    let lines = try run(try command(named: name))
    try #require(lines.count == 2, "\(lines)")
    let given = lines[0]
    let inherited = ProcessInfo.processInfo.environment["TMPDIR"] ?? "unset"
    #expect(given != inherited, "the command ran in the user's TMPDIR")
    #expect(given.contains("/assay-swift."), "\(given)")
    #expect(lines[1].hasPrefix(given + "/TemporaryDirectory."), "\(lines)")
    #expect(!FileManager.default.fileExists(atPath: lines[1]), "the driver's folder was left")
    #expect(!FileManager.default.fileExists(atPath: given), "the command's TMPDIR was left")
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
