import AssayResults
import AssayRunning
import Foundation
import Testing

@testable import AssayMutation

/// Tests of a suite marked `.serialized` never run in two processes at once (the harness on
/// vapor/fluent-postgres-driver: its tests, nested in `@Suite(.serialized) struct AllSuites`,
/// share one database; `assay mutate` ran them side by side in two processes, and they
/// failed before any mutation).
@Suite struct SerialGroupsTests {
  static let source = TestSource(
    path: "Tests/T/AllSuites.swift",
    text: """
      import Testing
      @Suite(.serialized) struct AllSuites {}
      extension AllSuites {
        @Suite struct ClientTests {
          @Test func connects() {}
        }
      }
      struct Outer {
        @Suite("Named", .serialized, .tags(.slow)) struct Inner { @Test func a() {} }
        @Suite(.disabled("later")) struct Other { @Test func b() {} }
      }
      @Suite(ParallelizationTrait.serialized) final class Legacy { @Test func c() {} }
      @Suite struct Free { @Test func d() {} }
      """)

  static func id(_ suite: String, _ test: String, _ library: TestIdentifier.Library = .swiftTesting)
    -> TestIdentifier
  {
    TestIdentifier(library: library, target: "T", suite: suite, test: test)
  }

  @Test func aSuiteMarkedSerializedIsReadFromItsAttribute() {
    #expect(Self.source.serializedSuites == ["AllSuites", "Outer/Inner", "Legacy"])
  }

  @Test func aTestBelongsToItsOutermostSerializedSuite() {
    var source = Self.source
    source.target = "T"
    let tests = [
      Self.id("AllSuites/ClientTests", "connects()"), Self.id("Outer/Inner", "a()"),
      Self.id("Outer/Other", "b()"), Self.id("Free", "d()"),
      Self.id("AllSuites", "testX", .xctest),
    ]
    let groups = SerialGroups(tests: tests, sources: [source])
    #expect(groups.group(of: tests[0]) == "T.AllSuites")
    #expect(groups.group(of: tests[0].with(testCase: "1")) == "T.AllSuites")
    #expect(groups.group(of: tests[1]) == "T.Outer/Inner")
    #expect(groups.group(of: tests[2]) == nil)
    #expect(groups.group(of: tests[3]) == nil)
    // XCTest has no such trait: a class of the same name is not in the group.
    #expect(groups.group(of: tests[4]) == nil)
    // A serialized suite of another target is not this test's.
    var elsewhere = Self.source
    elsewhere.target = "U"
    #expect(SerialGroups(tests: tests, sources: [elsewhere]).group(of: tests[0]) == nil)
  }

  /// How many batches were in the stand-in test process at once, at most: each batch waits
  /// (up to a second) for another to be in at the same time.
  final class Overlap: @unchecked Sendable {
    private let condition = NSCondition()
    private var inside = 0
    private(set) var most = 0

    func run(_ batch: TestBatch) -> [TestResult] {
      condition.lock()
      inside += 1
      most = max(most, inside)
      condition.broadcast()
      let deadline = Date().addingTimeInterval(1)
      while inside < 2, condition.wait(until: deadline) {}
      inside -= 1
      condition.unlock()
      return batch.tests.map { TestResult(id: $0, outcome: .passed) }
    }
  }

  /// The most batches in at once when two mutants, each reached by `tests`, run side by side;
  /// `exclusive` run with no other process.
  static func mostAtOnce(_ tests: [TestIdentifier], exclusive: [TestIdentifier] = []) throws
    -> Int
  {
    var source = Self.source
    source.target = "T"
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-serial-groups-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(
      atPath: "\(root)/copy", withIntermediateDirectories: true)
    let overlap = Overlap()
    var runner = MutantRunner(
      binary: TestBinary(path: "/nonexistent"), inventory: TestInventory(tests: []),
      baseline: Baseline(), scratch: root, switchVariable: "ASSAY_MUTANT",
      workers: try WorkerFolders(showing: "\(root)/copy", in: "\(root)/workers", count: 2))
    runner.runBatch = { overlap.run($1) }
    runner.serial = SerialGroups(tests: tests, sources: [source])
    runner.serial.runExclusively(exclusive)
    let both = runner
    // A thread each: a pool of threads busy with other tests may run the two one after the
    // other, and the check that they can run side by side would fail for that.
    let done = DispatchSemaphore(value: 0)
    for worker in 0..<2 {
      Thread {
        _ = both.outcome(of: "\(worker)", tests: [tests[worker]], worker: worker)
        done.signal()
      }.start()
    }
    done.wait()
    done.wait()
    return overlap.most
  }

  @Test func twoTestsOfASerializedSuiteNeverRunAtOnce() throws {
    let tests = [Self.id("AllSuites/ClientTests", "connects()"), Self.id("AllSuites", "other()")]
    #expect(try Self.mostAtOnce(tests) == 1)
  }

  @Test func testsOfNoSerializedSuiteRunSideBySide() throws {
    // The stand-in sees two at once where nothing holds them apart: the check above can fail.
    let tests = [Self.id("Free", "d()"), Self.id("Outer/Other", "b()")]
    #expect(try Self.mostAtOnce(tests) == 2)
  }

  @Test func testsOfTwoDifferentSerializedSuitesRunSideBySide() throws {
    let tests = [Self.id("AllSuites", "x()"), Self.id("Outer/Inner", "a()")]
    #expect(try Self.mostAtOnce(tests) == 2)
  }
}
