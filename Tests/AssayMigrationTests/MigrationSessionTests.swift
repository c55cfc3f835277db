import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayMigration

/// The files' side of `assay migrate xctest`: what it shows, writes, and refuses to write.
struct MigrationSessionTests {
  static let source = """
    import XCTest

    final class ATests: XCTestCase {
      func testA() { XCTAssertEqual(1, 1) }
    }

    """

  /// A folder with Tests/ATests.swift, optionally a git repository with it committed.
  private func folder(git: Bool) throws -> String {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-migrate-session-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: "\(root)/Tests", withIntermediateDirectories: true)
    try Self.source.write(toFile: "\(root)/Tests/ATests.swift", atomically: true, encoding: .utf8)
    if git {
      for arguments in [
        ["init", "-q"], ["add", "."],
        ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "tests"],
      ] {
        try #require(Command.capture("git", ["-C", root] + arguments).0 == .exited(0))
      }
    }
    return root
  }

  private func session(
    _ root: String, _ output: MigrationSession.Output, force: Bool = false,
    usesAssay: Bool? = true
  ) throws(RunError) -> (MigrationSession.Summary, [String]) {
    var options = MigrationSession.Options()
    options.usesAssay = usesAssay
    options.paths = ["Tests"]
    options.output = output
    options.force = force
    options.workingDirectory = root
    let lines = PrintedLines()
    let summary = try MigrationSession(options: options, print: lines.append).run()
    return (summary, lines.all)
  }

  private func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func aDryRunPrintsADiffAndWritesNothing() throws {
    let root = try folder(git: false)
    let (summary, lines) = try session(root, .dryRun)
    #expect(try text("\(root)/Tests/ATests.swift") == Self.source)
    #expect(summary.files == 1)
    #expect(lines.prefix(2) == ["--- a/Tests/ATests.swift", "+++ b/Tests/ATests.swift"])
    #expect(lines.contains("+  func testA() { #expect(1 == 1) }"), "\(lines)")
    #expect(
      lines.last
        == "1 files read, 1 would change: 1 suites, 1 tests, 1 assertions converted; 0 notes")
  }

  @Test func anOutputFolderGetsTheConvertedFilesAndTheOriginalsStay() throws {
    let root = try folder(git: false)
    _ = try session(root, .directory("Migrated"))
    #expect(try text("\(root)/Tests/ATests.swift") == Self.source)
    #expect(try text("\(root)/Migrated/Tests/ATests.swift").contains("@Test"))
  }

  @Test func inPlaceWritesCommittedFilesOnlyAndASecondRunChangesNothing() throws {
    let root = try folder(git: true)
    try (Self.source + "// edited\n").write(
      toFile: "\(root)/Tests/ATests.swift", atomically: true, encoding: .utf8)
    let error = #expect(throws: RunError.self) { try session(root, .inPlace) }
    #expect(
      error?.description
        == "1 files have uncommitted changes, are ignored, or are not in a git repository, "
        + "and --in-place would write over them: Tests/ATests.swift. Commit or stash them, use "
        + "--output DIR, or pass --force")
    #expect(try text("\(root)/Tests/ATests.swift").hasSuffix("// edited\n"))

    try Self.source.write(toFile: "\(root)/Tests/ATests.swift", atomically: true, encoding: .utf8)
    let (first, _) = try session(root, .inPlace)
    #expect(first.files == 1)
    let migrated = try text("\(root)/Tests/ATests.swift")
    #expect(migrated.contains("struct ATests {"))
    let (second, lines) = try session(root, .inPlace, force: true)
    #expect(second.files == 0)
    #expect(try text("\(root)/Tests/ATests.swift") == migrated)
    #expect(lines.last?.hasPrefix("1 files read, 0 changed") == true)
  }

  /// `git status` says nothing of an ignored file: it was taken for committed and written
  /// over, though nothing could bring it back.
  @Test func inPlaceRefusesAnIgnoredFile() throws {
    let root = try folder(git: true)
    try "Tests/Generated*.swift\n".write(
      toFile: "\(root)/.gitignore", atomically: true, encoding: .utf8)
    let ignored = "\(root)/Tests/GeneratedTests.swift"
    let source = Self.source.replacingOccurrences(of: "ATests", with: "GeneratedTests")
    try source.write(toFile: ignored, atomically: true, encoding: .utf8)

    let error = #expect(throws: RunError.self) { try session(root, .inPlace) }
    #expect(
      error?.description
        == "1 files have uncommitted changes, are ignored, or are not in a git repository, "
        + "and --in-place would write over them: Tests/GeneratedTests.swift. Commit or stash "
        + "them, use --output DIR, or pass --force")
    #expect(try text(ignored) == source)
  }

  /// A test file that is a link to a file shared by two packages: the file it leads to is
  /// migrated, the link stays, and the file keeps its permissions (Foundation's atomic write
  /// made the link a migrated copy and the file readable by all).
  @Test func inPlaceWritesThroughALinkAndKeepsTheFilesPermissions() throws {
    let root = try folder(git: false)
    let shared = "\(root)/Shared/BTests.swift"
    try FileManager.default.createDirectory(
      atPath: "\(root)/Shared", withIntermediateDirectories: true)
    try Self.source.replacingOccurrences(of: "ATests", with: "BTests").write(
      toFile: shared, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: shared)
    try FileManager.default.createSymbolicLink(
      atPath: "\(root)/Tests/BTests.swift", withDestinationPath: "../Shared/BTests.swift")

    let (summary, _) = try session(root, .inPlace, force: true)

    #expect(summary.files == 2)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: "\(root)/Tests/BTests.swift")
        == "../Shared/BTests.swift")
    #expect(try text(shared).contains("struct BTests {"))
    #expect(
      try FileManager.default.attributesOfItem(atPath: shared)[.posixPermissions] as? Int
        == 0o600)
  }

  @Test func aFileThatDoesNotParseIsANoteAndTheOthersAreMigrated() throws {
    let root = try folder(git: false)
    try "import XCTest\nfinal class B: XCTestCase {\n".write(
      toFile: "\(root)/Tests/BTests.swift", atomically: true, encoding: .utf8)
    let (summary, _) = try session(root, .dryRun)
    #expect(summary.files == 1)
    #expect(
      summary.notes == [
        "Tests/BTests.swift:2: note: this file does not parse; it was left as it is"
      ])
  }

  /// A package whose tests do not depend on Assay: what needs it stays XCTest, and the run
  /// says how to convert it too.
  @Test func withoutAssayWhatNeedsItStaysXCTest() throws {
    let root = try folder(git: false)
    try "// swift-tools-version: 6.0\n".write(
      toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
    try """
    import XCTest

    final class BTests: XCTestCase {
      func testB() { XCTAssertEqual(0.1 + 0.2, 0.3, accuracy: 0.001) }
    }
    """.write(toFile: "\(root)/Tests/BTests.swift", atomically: true, encoding: .utf8)
    let (summary, lines) = try session(root, .dryRun, usesAssay: nil)
    #expect(lines.first?.hasPrefix("note: the tests do not depend on Assay") == true)
    #expect(
      summary.notes == [
        "Tests/BTests.swift:3: note: left as XCTest: XCTAssertEqual with accuracy: needs "
          + "Assay: add it to the test target's dependencies"
      ])
    #expect(summary.suites == 1, "ATests needs nothing of Assay")
  }

  /// A LinuxMain.swift that runs XCTest's lists would break once the suites are Swift
  /// Testing's: nothing is written until it is gone.
  @Test func aLinuxMainWithTestListsStopsTheRunBeforeWriting() throws {
    let root = try folder(git: false)
    try "// swift-tools-version: 5.1\n".write(
      toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
    try "import XCTest\nXCTMain(allTests())\n".write(
      toFile: "\(root)/Tests/LinuxMain.swift", atomically: true, encoding: .utf8)
    let error = #expect(throws: RunError.self) { try session(root, .inPlace, force: true) }
    #expect(
      error?.description
        == "Tests/LinuxMain.swift runs XCTest's lists of tests, which break once suites are "
        + "Swift Testing's: delete it first (SwiftPM finds tests by itself since Swift 5.4), "
        + "then run again; nothing was written")
    #expect(try text("\(root)/Tests/ATests.swift") == Self.source)
  }
}
