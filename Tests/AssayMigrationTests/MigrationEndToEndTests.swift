import AssayResults
import AssayRunning
import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayMigration

/// `assay migrate xctest` on a real package (Fixtures/MigrateFixture, copied): its XCTest suite
/// runs, is migrated in place, and runs again; every test must end as it did.
@Suite(.serialized) struct MigrationEndToEndTests {
  /// The fixture, copied, with Assay's checkout as its dependency; the caller deletes it (built,
  /// it holds about 126 MB).
  static func copyOfTheFixture() throws -> String {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-migrate-fixture-\(UUID().uuidString)")
    try FileManager.default.copyItem(
      at: here.appendingPathComponent("Fixtures/MigrateFixture"), to: copy)
    let manifest = copy.appendingPathComponent("Package.swift")
    let assay = here.appendingPathComponent("../..").standardized.path
    try String(contentsOf: manifest, encoding: .utf8)
      .replacingOccurrences(of: #"let assay = "../../../..""#, with: "let assay = \"\(assay)\"")
      .write(to: manifest, atomically: true, encoding: .utf8)
    return copy.path
  }

  /// Builds and runs the package's tests; the report.
  static func run(_ root: String) throws(RunError) -> TestReport {
    try TestSession.report(ofPackage: root, testTimeout: 60)
  }

  @Test func theMigratedSuiteRunsTheSameTestsWithTheSameOutcomes() async throws {
    let (before, after, summary, migrated, otherFile, family) = try await offThePool {
      let root = try Self.copyOfTheFixture()
      defer { try? FileManager.default.removeItem(atPath: root) }
      let before = try Self.run(root)
      var options = MigrationSession.Options()
      options.paths = ["Tests"]
      options.output = .inPlace
      options.force = true  // a copy outside git
      options.workingDirectory = root
      let summary = try MigrationSession(options: options, print: { _ in }).run()
      let after = try Self.run(root)
      let migrated = try String(
        contentsOfFile: "\(root)/Tests/CounterTests/CounterTests.swift", encoding: .utf8)
      let otherFile = try String(
        contentsOfFile: "\(root)/Tests/CounterTests/SharedCounterTests+OtherFile.swift",
        encoding: .utf8)
      let family = try String(
        contentsOfFile: "\(root)/Tests/CounterTests/CounterTestCase.swift", encoding: .utf8)
      return (before, after, summary, migrated, otherFile, family)
    }
    #expect(before.results.count == 25, "\(before.results.map(\.id))")
    #expect(MigrationParity.differences(before: before, after: after) == [])
    let outcomes = Dictionary(
      after.results.map { ($0.id.description, $0.outcome) }, uniquingKeysWith: { a, _ in a })
    #expect(outcomes["CounterTests.CounterTests/testFailsOnPurpose()"] == .failed, "\(outcomes)")
    #expect(outcomes["CounterTests.CounterTests/testSkippedOnPurpose()"] == .skipped)
    #expect(outcomes["CounterTests.CleanupTests/testCleansUp()"] == .passed)
    // The block fails after the test body, so it ran: the `.tearsDown` trait ran it.
    #expect(outcomes["CounterTests.CleanupTests/testTeardownFailsOnPurpose()"] == .failed)
    // tearDown threw, so it ran, after the test's block: the block added by `init` ran it.
    #expect(outcomes["CounterTests.AsyncCleanupTests/testTearDownFailsOnPurpose()"] == .failed)
    #expect(outcomes["CounterTests.AsyncCleanupTests/testCountsOnce()"] == .passed)
    #expect(outcomes["CounterTests.CounterTests/testAnnouncesChanges()"] == .passed)
    #expect(outcomes["CounterTests.CounterTests/testNamesATypeTest()"] == .passed)
    #expect(outcomes["CounterTests.CounterTests/testReachesTwo()"] == .passed)
    #expect(
      outcomes["CounterTests.CounterTests/testReadsTheNextChangeWhateverItsType()"] == .passed)
    #expect(outcomes["CounterTests.CounterTests/testChangesOnTheMainQueue()"] == .passed)
    #expect(outcomes["CounterTests.CounterTests/testReadsOnTheMainActor()"] == .passed)
    #expect(
      outcomes["CounterTests.CounterTests/testComparesWithADivisionOfLiterals()"] == .passed)
    #expect(outcomes["CounterTests.SharedCounterTests/testSeesTheSharedCounter()"] == .passed)
    // Tests in another file's extension run in the suite, around which the class-wide hooks ran.
    #expect(
      outcomes["CounterTests.SharedCounterTests/testSeesTheSharedCounterFromAnotherFile()"]
        == .passed)
    #expect(outcomes["CounterTests.SharedCounterTests/testIsLabelledByItsClass()"] == .passed)
    #expect(outcomes["CounterTests.MeasuredTests/testCountsQuickly()"] == .passed)
    // The family split: the base stays XCTest for the subclass that waits, and its copy, in the
    // same file, is what the other's suite inherits; both compile, and both tests pass.
    #expect(outcomes["CounterTests.CountingTests/testCountsUp()"] == .passed)
    #expect(outcomes["CounterTests.WaitingCounterTests/testWaitsForTheCount"] == .passed)
    #expect(family.contains("class CounterTestCase: XCTestCase {"), "\(family)")
    #expect(family.contains("class CounterTestSuite {"), "\(family)")
    #expect(family.contains("final class CountingTests: CounterTestSuite {"), "\(family)")
    #expect(
      family.contains("  override init() {\n    super.init()\n    counter.increment()\n  }"),
      "\(family)")
    #expect(family.contains("final class WaitingCounterTests: CounterTestCase {"), "\(family)")
    #expect(summary.files == 3)
    #expect((summary.suites, summary.tests) == (6, 24))
    #expect(summary.notes.count == 2, "\(summary.notes)")
    #expect(migrated.contains("final class CounterTests {"))
    #expect(migrated.contains("  @Testing.Test\n  func testNamesATypeTest() {"), "\(migrated)")
    #expect(migrated.contains("  func testChangesOnTheMainQueue() async {"), "\(migrated)")
    #expect(
      migrated.contains("  @Testing.Test\n  @MainActor\n  func testReadsOnTheMainActor() {"),
      "\(migrated)")
    #expect(
      migrated.contains(
        "@Suite(.serialized, .aroundSuite(setUp: setUpSharedCounterTests, tearDown: "
          + "tearDownSharedCounterTests))\nfinal class SharedCounterTests {"), "\(migrated)")
    #expect(
      otherFile.contains("  @Testing.Test\n  func testIsLabelledByItsClass() {"),
      "\(otherFile)")
    #expect(!otherFile.contains("XCTest"), "\(otherFile)")
    #expect(
      migrated.contains(
        "let changed = TestExpectation(notification: Notification.Name(\"CounterChanged\"), "
          + "object: nil)"), "\(migrated)")
    #expect(migrated.contains("@Suite(.tearsDown)\nstruct CleanupTests {"), "\(migrated)")
    #expect(
      migrated.contains("    addTeardownBlock { [self] in try await self.tearDown() }\n  }"),
      "\(migrated)")
    #expect(
      migrated.contains(
        """
        struct MeasuredTests {
          @available(macOS 10.15, iOS 13, *)
          @Testing.Test
          func testCountsQuickly() {
            measure("MeasuredTests/testCountsQuickly") { iteration in
              let counter = Counter()
              iteration.startMeasuring()
        """), "\(migrated)")
    #expect(!migrated.contains("import XCTest"))
    #expect(migrated.contains("    #expect((try counter.next()) as Any? != nil)"), "\(migrated)")
  }

  /// `assay migrate quick` on a Quick spec: built against Assay alone, every example runs
  /// under `swift test`, with the planted failure reported at its line.
  @Test func theMigratedQuickSpecRunsEveryExample() async throws {
    let (report, summary, migrated) = try await offThePool {
      let root = try Self.copyOfTheFixture()
      defer { try? FileManager.default.removeItem(atPath: root) }
      let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      let spec = "\(root)/Tests/CounterTests/CounterSpec.swift"
      try FileManager.default.copyItem(
        atPath: here.appendingPathComponent("Fixtures/QuickSpecs/CounterSpec.swift").path,
        toPath: spec)
      let shared = "\(root)/Tests/CounterTests/CountingSharedExamples.swift"
      try FileManager.default.copyItem(
        atPath: here.appendingPathComponent("Fixtures/QuickSpecs/CountingSharedExamples.swift")
          .path,
        toPath: shared)
      var options = MigrationSession.Options()
      options.source = .quick
      options.paths = [
        "Tests/CounterTests/CounterSpec.swift", "Tests/CounterTests/CountingSharedExamples.swift",
      ]
      options.output = .inPlace
      options.force = true  // a copy outside git
      options.workingDirectory = root
      let summary = try MigrationSession(options: options, print: { _ in }).run()
      let report = try Self.run(root)
      return (report, summary, try String(contentsOfFile: spec, encoding: .utf8))
    }
    // The configuration of shared examples and the behaviour count as suites, their examples
    // as tests.
    #expect((summary.files, summary.suites, summary.tests, summary.assertions) == (2, 3, 9, 12))
    #expect(summary.notes == [])
    #expect(!migrated.contains("import Nimble") && !migrated.contains("import Quick"))
    #expect(migrated.contains("@Suite struct CounterSpec: Spec {"), "\(migrated)")
    let examples = report.results.filter { $0.id.description.contains("CounterSpec") }
    let outcomes = Dictionary(
      examples.map { ($0.id.testCase ?? "", $0.outcome) }, uniquingKeysWith: { a, _ in a })
    #expect(
      outcomes == [
        "a counter, starts at zero": .passed,
        "a counter, after two increments, counts them": .passed,
        "a counter, after two increments, averages its history": .passed,
        "a counter, after two increments, tells of a change": .passed,
        "a counter, refuses to go below zero": .passed,
        "a counter, fails on purpose": .failed,
        "a counter, is not written yet": .passed,
        "a counter, behaves like something that counts, counts one more after an increment":
          .passed,
        "a counter, behaves like StartsAtZero, starts at zero": .passed,
      ], "\(examples.map { ($0.id.description, $0.outcome) })")
    let failure = examples.first { $0.outcome == .failed }?.issues.first
    #expect(failure?.message.contains("planted") == true, "\(String(describing: failure))")
    #expect(failure?.message == "assertNotEqual failed: both values are 0 - planted")
    // The line of the expectation in the Quick spec, which the migration keeps.
    #expect(failure?.location?.line == 51, "\(String(describing: failure))")
  }
}
