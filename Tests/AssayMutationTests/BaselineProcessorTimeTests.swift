import AssayResults
import AssayRunning
import Foundation
import Testing

@testable import AssayMutation

/// The baseline keeps how long each test computed, its cases added up, beside its time on the
/// clock: a mutant's test may compute five times the larger before it counts as looping.
@Suite struct BaselineProcessorTimeTests {
  static func id(_ test: String, _ testCase: String? = nil) -> TestIdentifier {
    TestIdentifier(library: .swiftTesting, target: "T", suite: "S", test: test, testCase: testCase)
  }

  @Test func eachTestsProcessorTimeIsKeptItsCasesAddedUp() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-baseline-cpu-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(
      atPath: "\(root)/copy", withIntermediateDirectories: true)
    let inventory = TestInventory(tests: [
      TestInventory.Test(id: Self.id("a()")), TestInventory.Test(id: Self.id("p(_:)")),
      TestInventory.Test(id: Self.id("unmeasured()")),
    ])
    let asked = Asked()
    let baseline = Baseline.run(
      inventory, binary: TestBinary(path: "/nonexistent"), scratch: root,
      workers: try WorkerFolders(showing: "\(root)/copy", in: "\(root)/workers", count: 1),
      runBatch: { runner, batch in
        asked.note(runner.measuresProcessorTime)
        return batch.tests.flatMap { test -> [TestResult] in
          switch test.test {
          case "a()": [Self.result(test, processorTime: 1.5)]
          case "p(_:)":
            [
              Self.result(Self.id("p(_:)", "1"), processorTime: 0.5),
              Self.result(Self.id("p(_:)", "2"), processorTime: 0.25),
            ]
          default: [TestResult(id: test, outcome: .passed, duration: 0.1)]
          }
        }
      })
    #expect(asked.all == [true, true, true])
    #expect(baseline.processorTimes[Self.id("a()")] == 1.5)
    #expect(baseline.processorTimes[Self.id("p(_:)")] == 0.75)
    #expect(baseline.processorTimes[Self.id("unmeasured()")] == nil)
  }

  static func result(_ id: TestIdentifier, processorTime: Double) -> TestResult {
    var result = TestResult(id: id, outcome: .passed, duration: 0.1)
    result.processorTime = processorTime
    return result
  }

  final class Asked: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Bool] = []
    func note(_ value: Bool) { lock.withLock { values.append(value) } }
    var all: [Bool] { lock.withLock { values } }
  }
}
