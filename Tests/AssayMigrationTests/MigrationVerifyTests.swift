import AssayResults
import AssayRunning
import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayMigration

/// `assay migrate xctest --in-place --verify` on Fixtures/VerifyFixture: a test that passes only
/// on the main thread, which XCTest gives it and Swift Testing does not, through a library
/// function that asks in a way the migration does not read (in a closure kept in a variable;
/// `Thread.isMainThread` it reads, see `MainThreadReachTests`). Converted, it fails; verified,
/// its suite goes back.
@Suite(.serialized) struct MigrationVerifyTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/VerifyFixture")
  static let files = ["MainThreadTests", "ArithmeticTests"].map {
    "Tests/ThreadsTests/\($0).swift"
  }

  static func migrate(_ root: String, verify: Bool) throws(RunError) -> MigrationSession.Summary {
    var options = MigrationSession.Options()
    options.paths = ["Tests"]
    options.output = .inPlace
    options.force = true  // a copy outside git
    options.workingDirectory = root
    if verify {
      options.runTests = { root throws(RunError) in
        try TestSession.report(ofPackage: root, testTimeout: 60)
      }
    }
    return try MigrationSession(options: options, print: { _ in }).run()
  }

  @Test func aSuiteWhoseTestsEndDifferentlyAfterwardsIsPutBack() async throws {
    let (unverified, summary, verified, texts) = try await offThePool {
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-migrate-verify-\(UUID().uuidString)").path
      try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: root)
      defer { try? FileManager.default.removeItem(atPath: root) }
      let originals = try Self.files.map {
        try String(contentsOfFile: "\(root)/\($0)", encoding: .utf8)
      }
      let before = try TestSession.report(ofPackage: root, testTimeout: 60)
      // Without --verify, the converted test fails: the failure class this option exists for.
      _ = try Self.migrate(root, verify: false)
      let unverified = MigrationParity.differences(
        before: before, after: try TestSession.report(ofPackage: root, testTimeout: 60))
      for (file, text) in zip(Self.files, originals) {
        try text.write(toFile: "\(root)/\(file)", atomically: true, encoding: .utf8)
      }
      let summary = try Self.migrate(root, verify: true)
      let verified = MigrationParity.differences(
        before: before, after: try TestSession.report(ofPackage: root, testTimeout: 60))
      let texts = try Self.files.map {
        try String(contentsOfFile: "\(root)/\($0)", encoding: .utf8)
      }
      return (unverified, summary, verified, zip(originals, texts).map { ($0, $1) })
    }
    #expect(
      unverified == [
        "ThreadsTests.MainThreadTests/testRunsOnTheMainThread: passed before, failed after"
      ])
    #expect(verified == [])
    // MainThreadTests is back as it was, marked with why; ArithmeticTests, whose tests end as
    // before, converted.
    let why =
      "// assay-migrate: left as XCTest: its tests do not end as before: "
      + "ThreadsTests.MainThreadTests/testRunsOnTheMainThread: passed before, failed after\n"
    #expect(
      texts[0].1
        == texts[0].0.replacingOccurrences(
          of: "final class MainThreadTests", with: why + "final class MainThreadTests"))
    #expect(texts[1].1 != texts[1].0)
    #expect(texts[1].1.contains("@Test") && !texts[1].1.contains("XCTestCase"), "\(texts[1].1)")
    #expect((summary.files, summary.suites, summary.tests) == (2, 1, 2))
    #expect(
      summary.notes == [
        "Tests/ThreadsTests/MainThreadTests.swift:4: note: left as XCTest: its tests do not end "
          + "as before: ThreadsTests.MainThreadTests/testRunsOnTheMainThread: passed before, "
          + "failed after"
      ], "\(summary.notes)")
  }

  /// Fixtures/ListsFixture: LinuxMain.swift runs only ListedTests; UnlistedTests, never
  /// listed, fails. The migration converts UnlistedTests and removes the lists: --verify puts
  /// the suite back, then the lists, so that the same one test runs with the same outcome.
  @Test func listsWhoseRemovalChangesWhatRunsArePutBack() async throws {
    let (before, summary, after, main) = try await offThePool {
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-migrate-lists-\(UUID().uuidString)").path
      try FileManager.default.copyItem(
        atPath: Self.fixture.deletingLastPathComponent().appendingPathComponent("ListsFixture")
          .path, toPath: root)
      defer { try? FileManager.default.removeItem(atPath: root) }
      let before = try TestSession.report(ofPackage: root, testTimeout: 60)
      let summary = try Self.migrate(root, verify: true)
      let after = try TestSession.report(ofPackage: root, testTimeout: 60)
      let main = try String(contentsOfFile: "\(root)/Tests/LinuxMain.swift", encoding: .utf8)
      return (before, summary, after, main)
    }
    #expect(before.results.map(\.id.description) == ["ListsTests.ListedTests/testListed"])
    #expect(MigrationParity.differences(before: before, after: after) == [])
    #expect(main.contains("XCTMain(tests)"))
    #expect(summary.removed == [])
    let notes = summary.notes.joined(separator: "\n")
    #expect(
      notes.contains(
        "note: put back Tests/LinuxMain.swift, Tests/ListsTests/XCTestManifests.swift: "),
      "\(notes)")
  }

  /// Fixtures/LinuxMainFixture, shaped like weichsel/ZIPFoundation: the only list file is
  /// Tests/LinuxMain.swift. Put back after a build without it, SwiftPM did not notice it (it
  /// lies outside every target) and the test binary kept finding every test by itself: the
  /// never-listed test still ran, and --verify ended with it as a difference (ZIPFoundation's
  /// 27 tests lost after a segfault stayed lost). The build plan is made again since.
  @Test func aLinuxMainPutBackIsBuiltAgain() async throws {
    let (before, summary, after) = try await offThePool {
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-migrate-linuxmain-\(UUID().uuidString)").path
      try FileManager.default.copyItem(
        atPath: Self.fixture.deletingLastPathComponent().appendingPathComponent(
          "LinuxMainFixture"
        ).path, toPath: root)
      defer { try? FileManager.default.removeItem(atPath: root) }
      let before = try TestSession.report(ofPackage: root, testTimeout: 60)
      let summary = try Self.migrate(root, verify: true)
      let after = try TestSession.report(ofPackage: root, testTimeout: 60)
      return (before, summary, after)
    }
    #expect(before.results.map(\.id.description) == ["MainTests.MainTests/testListed"])
    #expect(MigrationParity.differences(before: before, after: after) == [])
    let notes = summary.notes.joined(separator: "\n")
    #expect(notes.contains("note: put back Tests/LinuxMain.swift: "), "\(notes)")
    #expect(!notes.contains("note: tests of suites the migration left as they were"), "\(notes)")
  }

  static func processResult(_ message: String) -> TestResult {
    TestResult(
      id: TestIdentifier(
        library: .swiftTesting, target: "NimblePackageTests", suite: "",
        test: "test process (Swift Testing)"),
      outcome: .failed, issues: [TestIssue(message: message)], reason: message)
  }

  /// Quick/Nimble with --verify: after eleven suites went back, the Swift Testing process
  /// still crashed, in parallel, with no test to blame, and --verify stopped with a note.
  /// A test process that fails after and not before puts back the suites whose tests it
  /// names (those that ran together when it crashed), or every converted suite.
  @Test func aTestProcessThatFailsOnlyAfterPutsBackTheSuitesItNames() {
    let crash = Self.processResult(
      "crashed in parallel, not alone: the test process stopped (signal 11) while "
        + "NimbleTests.PollingTest/testA(), NimbleTests.DSLTest/testB() ran together")
    let converted: Set<String> = ["PollingTest", "DSLTest", "SatisfyAnyOfTest"]
    #expect(
      MigrationSession.suitesToBlame(for: crash, among: converted).keys.sorted()
        == ["DSLTest", "PollingTest"])
    // Nimble: 213 tests ran together, and each suite's note named them all.
    let many = Self.processResult(
      "crashed in parallel, not alone: the test process stopped (signal 4) while "
        + (1...5).map { "NimbleTests.PollingTest/test\($0)()" }.joined(separator: ", ")
        + " ran together; run one at a time, none of them crashed")
    #expect(
      MigrationSession.suitesToBlame(for: many, among: converted)
        == [
          "PollingTest":
            "the test process (Swift Testing) fails after the migration (crashed in parallel, "
            + "not alone: the test process stopped (signal 4) while 5 tests "
            + "(NimbleTests.PollingTest/test1(), NimbleTests.PollingTest/test2() and 3 more) "
            + "ran together; run one at a time, none of them crashed), while its tests ran"
        ])
    let exit = Self.processResult(
      "the test process ended with exit 1, which no test's result explains")
    let blamed = MigrationSession.suitesToBlame(for: exit, among: converted)
    #expect(blamed.keys.sorted() == ["DSLTest", "PollingTest", "SatisfyAnyOfTest"])
    #expect(
      blamed["DSLTest"]
        == "the test process (Swift Testing) fails after the migration (the test "
        + "process ended with exit 1, which no test's result explains), naming no test, so every "
        + "converted suite it runs goes back")
    // Only a failure that is new counts.
    let none = TestReport(started: 0, duration: 1, results: [])
    let failing = TestReport(started: 0, duration: 1, results: [exit])
    #expect(MigrationParity.newProcessFailures(before: none, after: failing).map(\.id) == [exit.id])
    #expect(MigrationParity.newProcessFailures(before: failing, after: failing) == [])
    // And it is no suite's difference.
    #expect(MigrationParity.suitesThatDiffer(before: none, after: failing) == [:])
  }

  /// vapor/fluent-postgres-driver: a converted class joins its target's serialized root suite
  /// (`extension AllSuites`), so its tests are `AllSuites/Suite/test()` after; they are the
  /// same tests, and one that ends otherwise is its suite's difference.
  @Test func aSuiteThatJoinedTheRootSuiteIsComparedWithItselfBefore() {
    func result(
      _ library: TestIdentifier.Library, _ suite: String, _ test: String, _ outcome: TestOutcome
    ) -> TestResult {
      TestResult(
        id: TestIdentifier(library: library, target: "DriverTests", suite: suite, test: test),
        outcome: outcome)
    }
    let before = TestReport(
      started: 0, duration: 1,
      results: [
        result(.xctest, "BenchmarkTests", "testInsert", .passed),
        result(.xctest, "BenchmarkTests", "testDelete", .passed),
      ])
    let after = TestReport(
      started: 0, duration: 1,
      results: [
        result(.swiftTesting, "AllSuites/BenchmarkTests", "testInsert()", .passed),
        result(.swiftTesting, "AllSuites/BenchmarkTests", "testDelete()", .failed),
      ])
    #expect(
      MigrationParity.differences(before: before, after: after)
        == ["DriverTests.BenchmarkTests/testDelete: passed before, failed after"])
    #expect(
      MigrationParity.suitesThatDiffer(before: before, after: after).keys.sorted()
        == ["BenchmarkTests"])
  }
}
