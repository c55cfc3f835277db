import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayMigration

/// The files' side of `assay migrate xctest`: what it shows, writes, and refuses to write.
final class MigrationSessionTests {
  /// The folders this test made, deleted when it is done.
  private var folders: [String] = []

  deinit {
    for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
  }

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
    folders.append(root)
    if git { try commitAll(root, initializing: true) }
    return root
  }

  /// Commits every file of `root` (a repository made first when `initializing`).
  private func commitAll(_ root: String, initializing: Bool = false) throws {
    for arguments in (initializing ? [["init", "-q"]] : []) + [
      ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "tests"],
    ] {
      try #require(Command.capture("git", ["-C", root] + arguments).0 == .exited(0))
    }
  }

  private func session(
    _ root: String, _ output: MigrationSession.Output, force: Bool = false,
    usesAssay: Bool? = true, paths: [String] = ["Tests"]
  ) throws(RunError) -> (MigrationSession.Summary, [String]) {
    var options = MigrationSession.Options()
    options.usesAssay = usesAssay
    options.paths = paths
    options.output = output
    options.force = force
    options.workingDirectory = root
    options.build = nil  // MigrationBuildTests test the build after writing
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

  /// A package from before Swift 5.4: `Tests/LinuxMain.swift` hands XCTest's lists to
  /// `XCTMain`, a manifest file declares them, and the class keeps its own `allTests`.
  private func oldPackage(
    linuxMain: String? = nil, at linuxMainPath: String = "Tests/LinuxMain.swift"
  ) throws -> String {
    let root = try folder(git: false)
    try FileManager.default.removeItem(atPath: "\(root)/Tests/ATests.swift")
    try FileManager.default.createDirectory(
      atPath: "\(root)/Tests/ATests", withIntermediateDirectories: true)
    let files = [
      "Package.swift": "// swift-tools-version:5.0\nimport PackageDescription\n",
      "Tests/ATests/ATests.swift": """
      import XCTest

      final class ATests: XCTestCase {
        func testA() { XCTAssertEqual(1, 1) }

        static var allTests = [("testA", testA)]
      }

      """,
      "Tests/ATests/XCTTestManifests.swift": """
      import XCTest

      #if !canImport(ObjectiveC)
      extension ATests {
        // DO NOT MODIFY: This is autogenerated, use:
        //   `swift test --generate-linuxmain`
        static let __allTests__ATests = [("testA", testA)]
      }

      public func __allTests() -> [XCTestCaseEntry] {
        return [testCase(ATests.__allTests__ATests)]
      }
      #endif

      """,
      linuxMainPath: linuxMain ?? """
        import XCTest

        import ATests

        var tests = [XCTestCaseEntry]()
        tests += ATests.__allTests()

        XCTMain(tests)

        """,
    ]
    for (path, text) in files {
      try text.write(toFile: "\(root)/\(path)", atomically: true, encoding: .utf8)
    }
    try commitAll(root, initializing: true)
    return root
  }

  /// Old packages were refused whole ("delete LinuxMain.swift first"): the lists now go with
  /// the migration, which says so.
  @Test func inPlaceRemovesXCTestsListsForLinuxAndSaysSo() throws {
    let root = try oldPackage()
    let (summary, lines) = try session(root, .inPlace)
    #expect(summary.removed == ["Tests/LinuxMain.swift", "Tests/ATests/XCTTestManifests.swift"])
    #expect(!FileManager.default.fileExists(atPath: "\(root)/Tests/LinuxMain.swift"))
    #expect(
      !FileManager.default.fileExists(atPath: "\(root)/Tests/ATests/XCTTestManifests.swift"))
    let migrated = try text("\(root)/Tests/ATests/ATests.swift")
    #expect(migrated.contains("struct ATests {"))
    #expect(!migrated.contains("allTests"))
    #expect(
      lines.contains(
        "note: removed Tests/LinuxMain.swift, Tests/ATests/XCTTestManifests.swift: XCTest's "
          + "lists of tests for Linux, which name the classes that are now suites (SwiftPM "
          + "finds tests by itself since Swift 5.4)"), "\(lines)")
  }

  /// SwiftPM reads `LinuxMain.swift` beside the test targets' folders: where a package's test
  /// target is `Tests` itself (onevcat/Rainbow: `.testTarget(name:path: "Tests")`), that is the
  /// package's root. It was left there, and the migrated package built no better than before.
  @Test func aLinuxMainBesideTheTestTargetsAtThePackagesRootIsRemovedToo() throws {
    let root = try oldPackage(at: "LinuxMain.swift")
    let (summary, lines) = try session(root, .inPlace)
    #expect(summary.removed == ["LinuxMain.swift", "Tests/ATests/XCTTestManifests.swift"])
    #expect(!FileManager.default.fileExists(atPath: "\(root)/LinuxMain.swift"))
    #expect(
      lines.contains {
        $0.hasPrefix("note: removed LinuxMain.swift, Tests/ATests/XCTTestManifests.swift: ")
      },
      "\(lines)")
  }

  /// JohnSundell/Ink checks its lists in a test of its own (`LinuxVerificationTests`, macOS
  /// only), which calls the manifests' `allTests()`. Before the fix, the manifests were removed
  /// while the classes stayed XCTest because the lists were used: the check no longer compiled
  /// on macOS. The lists stay while something uses them, and the note names the use.
  @Test func listsThatAnotherFileUsesStayAndTheNoteNamesTheUse() throws {
    let root = try oldPackage()
    try """
    import XCTest

    typealias Entry = (name: String, allTests: Int)  // a label: no use
    #if canImport(ObjectiveC)
    final class ListCheckTests: XCTestCase {
      func testListsAreWhole() {
        XCTAssertEqual(__allTests().count, 1)
      }
    }
    #endif

    """.write(toFile: "\(root)/Tests/ATests/ListCheck.swift", atomically: true, encoding: .utf8)
    let (summary, lines) = try session(root, .directory("Migrated"))
    #expect(summary.removed == [])
    #expect(!lines.contains { $0.hasPrefix("note: remove") }, "\(lines)")
    let kept = try text("\(root)/Migrated/Tests/ATests/ATests.swift")
    #expect(kept.contains("final class ATests: XCTestCase {"), "\(kept)")
    #expect(kept.contains("static var allTests = [(\"testA\", testA)]"), "\(kept)")
    #expect(
      summary.notes.contains(
        "Tests/ATests/ATests.swift:3: note: left as XCTest: it is listed in an allTests array "
          + "for LinuxMain.swift, which Tests/ATests/ListCheck.swift:7 uses: delete that use, "
          + "then run again (the lists go then)"), "\(summary.notes)")
  }

  /// weichsel/ZIPFoundation's lists left out `testReadChunkErrorConditions`, which therefore
  /// never ran on Linux; without the lists it runs, segfaults, and the tests after it in the
  /// process never run. The migration says which tests run for the first time.
  @Test func testsTheListsLeftOutAreNamed() throws {
    let root = try oldPackage()
    try """
    import XCTest

    extension ATests {
      func testNeverListed() {}
      func testWithAnArgument(_ value: Int) {}
    }

    final class UnlistedTests: XCTestCase {
      func testAlone() {}
    }

    """.write(toFile: "\(root)/Tests/ATests/More.swift", atomically: true, encoding: .utf8)
    try commitAll(root)
    let (summary, _) = try session(root, .inPlace)
    #expect(summary.removed == ["Tests/LinuxMain.swift", "Tests/ATests/XCTTestManifests.swift"])
    #expect(
      summary.notes.contains(
        "note: without the lists, 2 tests they left out run for the first time on Linux "
          + "(through swift test they never ran there), and may fail: ATests.testNeverListed, "
          + "UnlistedTests.testAlone"), "\(summary.notes)")
  }

  /// google/swift-benchmark makes tests at run time: `static var allTests =
  /// Benchmark.makeTests(...)`, which only `LinuxMain.swift` runs (SwiftPM finds test methods,
  /// not these). Before the fix, the lists were removed and those tests no longer ran (2 of 58
  /// lost). The lists stay, with the classes they list, and the note says why.
  @Test func listsThatMakeTestsAtRunTimeStay() throws {
    let root = try oldPackage()
    try """
    import XCTest

    final class GeneratedTests: XCTestCase {
      static var allTests = makeTests(GeneratedTests.self)
    }

    """.write(
      toFile: "\(root)/Tests/ATests/GeneratedTests.swift", atomically: true, encoding: .utf8)
    try commitAll(root)
    let (summary, _) = try session(root, .inPlace)
    #expect(summary.removed == [])
    #expect(FileManager.default.fileExists(atPath: "\(root)/Tests/LinuxMain.swift"))
    let kept = try text("\(root)/Tests/ATests/ATests.swift")
    #expect(kept.contains("final class ATests: XCTestCase {"), "\(kept)")
    #expect(
      summary.notes.contains(
        "Tests/ATests/ATests.swift:3: note: left as XCTest: it is listed in an allTests array "
          + "for LinuxMain.swift, which also runs the tests that Tests/ATests/GeneratedTests.swift:4 "
          + "makes at run time (makeTests(GeneratedTests.self)), which SwiftPM cannot find by "
          + "itself: the lists stay"), "\(summary.notes)")
  }

  /// google/swift-benchmark writes that expression over two lines. Before the fix, the note
  /// above each kept class was a `//` comment whose second line was code ("expressions are not
  /// allowed at the top level"), so every file was put back by the build check.
  @Test func aNoteAboutAListWrittenOverLinesIsOneCommentLine() throws {
    let root = try oldPackage()
    try """
    import XCTest

    final class GeneratedTests: XCTestCase {
      static var allTests = makeTests(
          GeneratedTests.self, suites: [])
    }

    """.write(
      toFile: "\(root)/Tests/ATests/GeneratedTests.swift", atomically: true, encoding: .utf8)
    try commitAll(root)
    let (summary, _) = try session(root, .inPlace)
    let kept = try text("\(root)/Tests/ATests/ATests.swift").split(separator: "\n")
    let note =
      "// assay-migrate: left as XCTest: it is listed in an allTests array for LinuxMain.swift, "
      + "which also runs the tests that Tests/ATests/GeneratedTests.swift:4 makes at run time "
      + "(makeTests( GeneratedTests.self, suites: [])), which SwiftPM cannot find by itself: "
      + "the lists stay"
    #expect(kept.contains(Substring(note)), "\(kept)")
    let codeAfterNote = kept.contains {
      $0.trimmingCharacters(in: .whitespaces).hasPrefix("GeneratedTests.self")
    }
    #expect(!codeAfterNote)
    #expect(summary.notes.allSatisfy { !$0.contains("\n") }, "\(summary.notes)")
  }

  /// A test that only compares the lists with the tests XCTest finds (`defaultTestSuite`) is
  /// no use of them: it goes with them (JohnSundell/Ink's `LinuxVerificationTests`, a class
  /// of its own; weichsel/ZIPFoundation's `testLinuxTestSuiteIncludesAllTests`, a method).
  /// Before the fix, Ink's eleven suites stayed XCTest because of it.
  @Test func aTestThatOnlyChecksTheListsGoesWithThem() throws {
    let root = try oldPackage()
    try """
    import XCTest

    #if canImport(ObjectiveC)
    internal final class LinuxVerificationTests: XCTestCase {
      func testAllTestsRunOnLinux() {
        for entry in __allTests() {
          XCTAssertEqual(entry.testCaseClass.defaultTestSuite.testCaseCount, entry.allTests.count)
        }
      }
    }
    #endif

    """.write(toFile: "\(root)/Tests/ATests/ListCheck.swift", atomically: true, encoding: .utf8)
    try commitAll(root)
    let (summary, _) = try session(root, .inPlace)
    #expect(summary.removed == ["Tests/LinuxMain.swift", "Tests/ATests/XCTTestManifests.swift"])
    let migrated = try text("\(root)/Tests/ATests/ATests.swift")
    #expect(migrated.contains("struct ATests {"), "\(migrated)")
    let check = try text("\(root)/Tests/ATests/ListCheck.swift")
    #expect(!check.contains("LinuxVerificationTests"), "\(check)")
    #expect(!check.contains("allTests"), "\(check)")
    #expect(
      summary.notes.contains(
        "Tests/ATests/ListCheck.swift:4: note: removed LinuxVerificationTests: its tests only "
          + "compare XCTest's lists for Linux with the tests XCTest finds, and the lists go"),
      "\(summary.notes)")
  }

  /// A class that holds the check and whose tests are in extensions elsewhere stays, a suite
  /// with the tests of those extensions (weichsel/ZIPFoundation: the first try removed its
  /// class, and a hundred tests with it).
  @Test func aClassWithTheCheckAndTestsElsewhereStaysASuiteWithThoseTests() throws {
    let root = try oldPackage()
    try """
    import XCTest

    final class ZipTests: XCTestCase {
      func testLinuxTestSuiteIncludesAllTests() {
        XCTAssertEqual(Self.allTests.count, Int(Self.defaultTestSuite.testCaseCount))
      }

      static var allTests = [("testZips", testZips)]
    }

    """.write(toFile: "\(root)/Tests/ATests/ZipTests.swift", atomically: true, encoding: .utf8)
    try """
    import XCTest

    extension ZipTests {
      func testZips() { XCTAssertTrue(true) }
    }

    """.write(
      toFile: "\(root)/Tests/ATests/ZipTests+Zip.swift", atomically: true, encoding: .utf8)
    let (summary, _) = try session(root, .directory("Migrated"))
    let kept = try text("\(root)/Migrated/Tests/ATests/ZipTests.swift")
    #expect(kept.contains("struct ZipTests {"), "\(kept)")
    let extended = try text("\(root)/Migrated/Tests/ATests/ZipTests+Zip.swift")
    #expect(extended.contains("  @Test\n  func testZips() { #expect(true) }"), "\(extended)")
    #expect(!summary.notes.contains { $0.contains("removed ZipTests") }, "\(summary.notes)")
  }

  @Test func aDryRunShowsTheRemovalsAndRemovesNothing() throws {
    let root = try oldPackage()
    let (summary, lines) = try session(root, .dryRun)
    #expect(summary.removed == ["Tests/LinuxMain.swift", "Tests/ATests/XCTTestManifests.swift"])
    #expect(FileManager.default.fileExists(atPath: "\(root)/Tests/LinuxMain.swift"))
    let removal = try #require(lines.firstIndex(of: "--- a/Tests/LinuxMain.swift"), "\(lines)")
    #expect(lines[removal + 1] == "+++ /dev/null")
    #expect(lines.contains("-XCTMain(tests)"))
  }

  @Test func aLinuxMainThatRunsAnotherFrameworkIsRefusedNamingTheCall() throws {
    let root = try oldPackage(
      linuxMain: """
        import Quick
        import XCTest

        import ATests

        QCKMain([ASpec.self], testCases: [testCase(ATests.allTests)])
        XCTMain([testCase(ATests.allTests)])

        """)
    let error = #expect(throws: RunError.self) { try session(root, .inPlace) }
    #expect(
      error?.description
        == "Tests/LinuxMain.swift runs QCKMain(…) besides XCTest's lists of tests, which break "
        + "once suites are Swift Testing's: move what it runs to a test, delete it (SwiftPM "
        + "finds tests by itself since Swift 5.4), then run again; nothing was written")
    #expect(FileManager.default.fileExists(atPath: "\(root)/Tests/LinuxMain.swift"))
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

  /// A file written on Windows (lines ending in CR LF, a byte-order mark): the converted file
  /// keeps both, every line of it, and the inserted lines are indented as their neighbours.
  @Test func aFileWithWindowsLineEndingsAndAByteOrderMarkKeepsThem() throws {
    let root = try folder(git: false)
    let windows =
      "\u{FEFF}import XCTest\r\n\r\nfinal class ATests: XCTestCase {\r\n  func testA() {\r\n"
      + "    XCTAssertEqual(1, 1)\r\n  }\r\n}\r\n"
    try Data(windows.utf8).write(to: URL(fileURLWithPath: "\(root)/Tests/ATests.swift"))

    let (summary, _) = try session(root, .inPlace, force: true)

    #expect(summary.files == 1)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(root)/Tests/ATests.swift"))
    let written = String(decoding: bytes, as: UTF8.self)
    #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF], "\(Array(bytes.prefix(3)))")
    #expect(
      written
        == "\u{FEFF}import Foundation\r\nimport Testing\r\n\r\nstruct ATests {\r\n"
        + "  @Test\r\n  func testA() {\r\n    #expect(1 == 1)\r\n  }\r\n}\r\n",
      "\(written.debugDescription)")
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

  /// `XCTMain(allTests())` in a LinuxMain.swift that only lists XCTest's tests goes with the
  /// migration, even when the lists themselves are elsewhere.
  @Test func aLinuxMainThatOnlyCallsXCTMainIsRemoved() throws {
    let root = try folder(git: false)
    try "// swift-tools-version: 5.1\n".write(
      toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
    try "import XCTest\nXCTMain(allTests())\n".write(
      toFile: "\(root)/Tests/LinuxMain.swift", atomically: true, encoding: .utf8)
    let (summary, _) = try session(root, .inPlace, force: true)
    #expect(summary.removed == ["Tests/LinuxMain.swift"])
    #expect(try text("\(root)/Tests/ATests.swift").contains("struct ATests {"))
  }

  /// A type named as one of Swift Testing's, declared by a module of the package that the
  /// test file imports among others (fluent-kit's `Tag`, of `FluentBenchmark`, in a file
  /// importing seven modules), is written with that module's name, and the class converts (it
  /// stayed XCTest: "the file names Tag, which Swift Testing declares too").
  @Test func aTypeNamedAsSwiftTestingsIsWrittenWithTheModuleOfThePackageThatDeclaresIt()
    throws
  {
    let root = try folder(git: false)
    try "// swift-tools-version: 6.0\n".write(
      toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: "\(root)/Sources/Fixtures/Models", withIntermediateDirectories: true)
    try "public final class Tag { public init(name: String) {} }\n".write(
      toFile: "\(root)/Sources/Fixtures/Models/Tag.swift", atomically: true, encoding: .utf8)
    try """
    import Fixtures
    import Kit
    import XCTest

    final class TagTests: XCTestCase {
      func testTag() {
        let tags: [Tag] = [Tag(name: "a")]
        XCTAssertEqual(tags.count, 1)
      }
    }

    """.write(toFile: "\(root)/Tests/TagTests.swift", atomically: true, encoding: .utf8)
    _ = try session(root, .directory("Migrated"))
    #expect(
      try text("\(root)/Migrated/Tests/TagTests.swift") == """
        import Fixtures
        import Kit
        import Foundation
        import Testing

        struct TagTests {
          @Test
          func testTag() {
            let tags: [Fixtures.Tag] = [Fixtures.Tag(name: "a")]
            #expect(tags.count == 1)
          }
        }

        """)
  }

  /// A package (a manifest and the folder's usual test file) with `text` at `path`, a file
  /// outside its tests.
  private func package(with path: String, _ text: String) throws -> String {
    let root = try folder(git: false)
    try "// swift-tools-version: 6.0\n".write(
      toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: "\(root)/\((path as NSString).deletingLastPathComponent)",
      withIntermediateDirectories: true)
    try text.write(toFile: "\(root)/\(path)", atomically: true, encoding: .utf8)
    return root
  }

  /// A package whose test-support library target asserts with XCTest, in a free function and
  /// in a method of `extension XCTestCase`, with a test class that calls each and one that
  /// calls neither.
  private func packageWithSupportTarget(folder support: String = "TestSupport") throws -> String {
    let root = try package(
      with: "Sources/\(support)/Support.swift",
      """
      import XCTest

      public func assertValid(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(value > 0, file: file, line: line)
      }

      extension XCTestCase {
        public func check(_ value: Int) { XCTAssertEqual(value, 1) }
      }

      """)
    try """
    import Support
    import XCTest

    final class CallsFunctionTests: XCTestCase {
      func testValid() { assertValid(1) }
    }

    final class CallsMethodTests: XCTestCase {
      func testChecked() { check(1) }
    }

    """.write(toFile: "\(root)/Tests/SupportTests.swift", atomically: true, encoding: .utf8)
    return root
  }

  /// Before the fix, the classes were converted: the one calling the method did not compile
  /// (put back by the build, a build round each), and the one calling the function compiled,
  /// its helper's XCTest failures lost inside a Swift Testing test.
  @Test func aClassThatCallsAnXCTestHelperOfAnotherTargetStaysXCTestNamingIt() throws {
    let root = try packageWithSupportTarget()
    let (summary, _) = try session(root, .directory("Migrated"))
    let migrated = try text("\(root)/Migrated/Tests/SupportTests.swift")
    #expect(migrated.contains("final class CallsFunctionTests: XCTestCase"), "\(migrated)")
    #expect(migrated.contains("final class CallsMethodTests: XCTestCase"), "\(migrated)")
    #expect(try text("\(root)/Migrated/Tests/ATests.swift").contains("struct ATests {"))
    #expect(
      summary.notes.contains(
        "Tests/SupportTests.swift:4: note: left as XCTest: it calls assertValid, which asserts "
          + "with XCTest in Sources/TestSupport/Support.swift, outside the files migrated (to "
          + "convert it too, add Assay to its target's dependencies and Sources/TestSupport to the "
          + "paths)"), "\(summary.notes)")
    #expect(
      summary.notes.contains(
        "Tests/SupportTests.swift:8: note: left as XCTest: it calls check, which asserts with "
          + "XCTest in Sources/TestSupport/Support.swift, outside the files migrated (to convert "
          + "it too, add Assay to its target's dependencies and Sources/TestSupport to the paths)"),
      "\(summary.notes)")
  }

  /// With the support target's folder in the run, its function becomes Assay's, its method of
  /// `extension XCTestCase` a function with Assay's assertions, and the classes that call them
  /// are converted.
  @Test func withTheSupportFolderInTheRunItsFunctionIsConvertedAndSoIsItsCaller() throws {
    let root = try packageWithSupportTarget()
    _ = try session(root, .directory("Migrated"), paths: ["Tests", "Sources/TestSupport"])
    let migrated = try text("\(root)/Migrated/Tests/SupportTests.swift")
    #expect(migrated.contains("struct CallsFunctionTests {"), "\(migrated)")
    #expect(migrated.contains("struct CallsMethodTests {"), "\(migrated)")
    let support = try text("\(root)/Migrated/Sources/TestSupport/Support.swift")
    #expect(support.contains("assertTrue(value > 0"), "\(support)")
    #expect(support.contains("\npublic func check(_ value: Int) { Assay.assertEqual(value, 1) }"))
    #expect(!support.contains("extension XCTestCase"), "\(support)")
  }

  /// A test class whose base class is declared outside the files migrated (swift-collections'
  /// `CollectionTestCase`, in a support target): before the fix, nothing said why its tests
  /// stayed XCTest ("8 files read, 0 would change; 0 notes").
  @Test func aSubclassOfABaseClassOutsideTheRunStaysXCTestNamingIt() throws {
    let root = try package(
      with: "Sources/TestSupport/Base.swift",
      """
      import XCTest

      open class CollectionTestCase: XCTestCase {
        public func expectPositive(_ value: Int) { XCTAssertTrue(value > 0) }
      }

      """)
    try """
    import TestSupport
    import XCTest

    final class DequeTests: CollectionTestCase {
      func testCount() { XCTAssertEqual([1].count, 1) }
    }

    """.write(toFile: "\(root)/Tests/DequeTests.swift", atomically: true, encoding: .utf8)
    let (summary, _) = try session(root, .directory("Migrated"))
    let migrated = try text("\(root)/Migrated/Tests/DequeTests.swift")
    #expect(migrated.contains("final class DequeTests: CollectionTestCase {"), "\(migrated)")
    #expect(migrated.contains("XCTAssertEqual([1].count, 1)"), "\(migrated)")
    #expect(
      summary.notes.contains(
        "Tests/DequeTests.swift:4: note: left as XCTest: a subclass of CollectionTestCase "
          + "(Sources/TestSupport/Base.swift), not of XCTestCase"), "\(summary.notes)")
  }

  /// A helper in a folder not named for tests (a library's own `XCTestSupport.swift`, as
  /// swift-case-paths' `XCTModify`) is public API: the note never advises converting it.
  @Test func aHelperOfALibraryTargetIsNamedWithoutAdviceToConvertIt() throws {
    let root = try packageWithSupportTarget(folder: "Parsing")
    let (summary, _) = try session(root, .directory("Migrated"))
    #expect(
      summary.notes.contains(
        "Tests/SupportTests.swift:4: note: left as XCTest: it calls assertValid, which asserts "
          + "with XCTest in Sources/Parsing/Support.swift, outside the files migrated"),
      "\(summary.notes)")
  }
}
