import AssayResults
import AssayRunning
import Foundation

/// What the unmutated tests do: each test run alone once, with the mutants' switch recording
/// which mutants it reaches, and how long it takes.
public struct Baseline: Sendable {
  /// Each test's duration, its cases added up.
  public var durations: [TestIdentifier: Double] = [:]
  /// The tests that reach each mutant.
  public var coverage: [Int: [TestIdentifier]] = [:]
  /// The tests that enter each declaration with mutants, by the id of its first mutant
  /// (``Mutant/declaration``).
  public var entered: [Int: [TestIdentifier]] = [:]
  /// The tests that failed, crashed or timed out without any mutant.
  public var failures: [TestResult] = []

  /// Runs each test of `inventory` alone, one worker of `workers` each at a time; never two
  /// tests of one serialized suite (`serial`) at once.
  static func run(
    _ inventory: TestInventory, binary: TestBinary, scratch: String, workers: WorkerFolders,
    serial: SerialGroups = SerialGroups()
  ) -> Baseline {
    let tests = inventory.tests.map(\.id)
    let collected = Collected()
    let next = Counter()
    DispatchQueue.concurrentPerform(iterations: max(1, min(workers.count, tests.count))) {
      worker in
      while let index = next.take(below: tests.count) {
        let test = tests[index]
        var runner = TestRunner(
          binary: workers.binary(binary, worker: worker), testTimeout: 300,
          scratchFolder: scratch, xctestRunOrder: inventory.xctestRunOrder)
        runner.forwardsOutput = true
        // A file per test, which the programs the test starts write to as well, wherever they
        // run: its absolute path.
        let coverage = URL(fileURLWithPath: "\(scratch)/coverage-\(index)").path
        try? FileManager.default.createDirectory(
          atPath: scratch, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: coverage)
        runner.environment = workers.environment(worker: worker).merging([
          "ASSAY_MUTANT_COVERAGE": coverage
        ]) { _, mine in mine }
        let results = serial.holding([test]) {
          runner.run(TestBatch(library: test.library, tests: [test]))
        }
        let lines = (try? String(contentsOfFile: coverage, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: coverage)
        let records = lines.split(separator: "\n")
        let hits = Set(records.compactMap { Int($0) })
        let entries = Set(records.compactMap { $0.first == "r" ? Int($0.dropFirst()) : nil })
        collected.add(test: test, results: results, hits: hits, entries: entries)
      }
    }
    return collected.baseline
  }

  /// The baseline as the workers fill it.
  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Baseline()

    func add(test: TestIdentifier, results: [TestResult], hits: Set<Int>, entries: Set<Int>) {
      lock.withLock {
        value.durations[test] = results.reduce(0) { $0 + $1.duration }
        value.failures += results.filter(\.outcome.isFailure)
        for id in hits { value.coverage[id, default: []].append(test) }
        for id in entries { value.entered[id, default: []].append(test) }
      }
    }

    var baseline: Baseline { lock.withLock { value } }
  }
}

/// Hands out 0, 1, 2, ... to the workers.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func take(below limit: Int) -> Int? {
    lock.withLock {
      guard value < limit else { return nil }
      defer { value += 1 }
      return value
    }
  }
}
