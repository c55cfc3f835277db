import AssayResults
import AssayRunning
import Foundation
import Testing

@testable import AssayMutation

/// Tests that share something outside their folders with no mark fail beside other test
/// processes and pass with none (the harness on vapor/fluent-postgres-driver: its XCTest
/// `FluentBenchmarksTests` use the database of its serialized suite; `assay mutate` refused
/// the package, "the tests fail before any mutation"). They run again with no other test
/// process, and those that pass so run that way from then on.
@Suite struct ExclusiveTestsTests {
  static func id(_ test: String) -> TestIdentifier {
    TestIdentifier(library: .xctest, target: "T", suite: "S", test: test)
  }

  /// A stand-in test process: `shared()` fails when another process ran while it did,
  /// `broken()` always fails, any other test passes, each in 2 s. Each waits (up to a
  /// second) for company, and writes to its coverage file mutant 9 when it had company, 7 when
  /// it had none.
  final class Neighbours: @unchecked Sendable {
    private let condition = NSCondition()
    private var inside: Set<UUID> = []
    private var accompanied: Set<UUID> = []

    func run(_ runner: TestRunner, _ batch: TestBatch) -> [TestResult] {
      let me = UUID()
      condition.lock()
      if !inside.isEmpty {
        accompanied.formUnion(inside)
        accompanied.insert(me)
      }
      inside.insert(me)
      condition.broadcast()
      let deadline = Date().addingTimeInterval(1)
      while !accompanied.contains(me), condition.wait(until: deadline) {}
      inside.remove(me)
      let company = accompanied.contains(me)
      condition.unlock()
      if let coverage = runner.environment["ASSAY_MUTANT_COVERAGE"] {
        try? (company ? "9\n" : "7\n").write(toFile: coverage, atomically: true, encoding: .utf8)
      }
      return batch.tests.map { test in
        let fails = test.test == "broken()" || (test.test == "shared()" && company)
        return TestResult(id: test, outcome: fails ? .failed : .passed, duration: 2)
      }
    }
  }

  /// A baseline of `shared()`, `broken()` and `other()` in which the first two ran side by
  /// side and failed, and the same after the failures ran again with no other process among
  /// `jobs` workers, with the tests marked so.
  static func settle(jobs: Int) throws -> (
    settled: Baseline, exclusive: [TestIdentifier], serial: SerialGroups
  ) {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-exclusive-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(
      atPath: "\(root)/copy", withIntermediateDirectories: true)
    let inventory = TestInventory(
      tests: ["shared()", "broken()", "other()"].map { TestInventory.Test(id: id($0)) })
    let workers = try WorkerFolders(showing: "\(root)/copy", in: "\(root)/workers", count: jobs)
    var baseline = Baseline()
    baseline.failures = ["shared()", "broken()"].map { TestResult(id: id($0), outcome: .failed) }
    baseline.coverage = [9: [id("shared()"), id("broken()")], 7: [id("other()")]]
    baseline.entered = [9: [id("shared()"), id("broken()")]]
    for test in ["shared()", "broken()", "other()"] { baseline.durations[id(test)] = 0 }
    let neighbours = Neighbours()
    let serial = SerialGroups()
    let exclusive = baseline.rerunFailuresExclusively(
      inventory, binary: TestBinary(path: "/nonexistent"), scratch: root, workers: workers,
      serial: serial, runBatch: { neighbours.run($0, $1) })
    return (baseline, exclusive, serial)
  }

  @Test func aTestThatFailsOnlyBesideOthersRunsWithNoneAndItsRunReplacesTheFailure() throws {
    let (settled, exclusive, serial) = try Self.settle(jobs: 2)
    #expect(exclusive == [Self.id("shared()")])
    #expect(serial.runsExclusively(Self.id("shared()")))
    // It fails with nothing beside it too: no mark.
    #expect(!serial.runsExclusively(Self.id("broken()")))
    #expect(settled.failures.map(\.id) == [Self.id("broken()")])
    // What it reaches is what it reached with no company, not what the failed run reached.
    #expect(settled.coverage[9] == [Self.id("broken()")])
    #expect(Set(settled.coverage[7] ?? []) == [Self.id("shared()"), Self.id("other()")])
    #expect(settled.entered[9] == [Self.id("broken()")])
    #expect(settled.entered[7] == nil)
    #expect(settled.durations[Self.id("shared()")] == 2)
    #expect(settled.durations[Self.id("broken()")] == 0)
  }

  @Test func oneWorkerRunsNothingAgain() throws {
    // One process at a time: nothing ran beside a failure, so nothing runs again.
    let (settled, exclusive, serial) = try Self.settle(jobs: 1)
    #expect(exclusive.isEmpty)
    #expect(Set(settled.failures.map(\.id)) == [Self.id("shared()"), Self.id("broken()")])
    #expect(!serial.runsExclusively(Self.id("shared()")))
  }

  @Test func aTestMarkedExclusiveNeverRunsBesideAnother() throws {
    // Two tests of no serialized suite, which run side by side
    // (`SerialGroupsTests.testsOfNoSerializedSuiteRunSideBySide`), never once one is marked.
    let tests = [
      TestIdentifier(library: .swiftTesting, target: "T", suite: "Free", test: "d()"),
      TestIdentifier(library: .xctest, target: "T", suite: "S", test: "testB"),
    ]
    #expect(try SerialGroupsTests.mostAtOnce(tests, exclusive: [tests[1]]) == 1)
  }

  @Test func theNoticeNamesTheTestsThatRunWithNoOtherProcess() {
    #expect(MutationSession.exclusiveNotice([]) == nil)
    let tests = ["testD", "testA", "testC", "testB"].map(Self.id)
    #expect(
      MutationSession.exclusiveNotice(tests)
        == "Tests that failed beside other test processes and passed with none beside them "
        + "(they share something outside their folders: a database, a port, files) run with no "
        + "other test process from now on: T.S/testA, T.S/testB, T.S/testC and 1 more")
    #expect(
      MutationSession.exclusiveNotice([Self.id("testA")])?.hasSuffix("from now on: T.S/testA")
        == true)
  }
}
