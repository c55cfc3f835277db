import AssayResults
import AssayRunning
import Foundation

/// What the unmutated tests do: each test run alone once, with the mutants' switch recording
/// which mutants it reaches, and how long it takes.
public struct Baseline: Sendable {
  /// Each test's duration, its cases added up.
  public var durations: [TestIdentifier: Double] = [:]
  /// How long each test computed, its cases added up, where the system says (Linux): more
  /// than its duration when it computes on several processors.
  public var processorTimes: [TestIdentifier: Double] = [:]
  /// The tests that reach each mutant.
  public var coverage: [Int: [TestIdentifier]] = [:]
  /// The tests that enter each declaration with mutants, by the id of its first mutant
  /// (``Mutant/declaration``).
  public var entered: [Int: [TestIdentifier]] = [:]
  /// The tests that failed, crashed or timed out without any mutant.
  public var failures: [TestResult] = []

  /// Runs each test of `inventory` alone, one worker of `workers` each at a time; never two
  /// tests of one serialized suite (`serial`) at once. `runBatch` runs a process: the
  /// runner's own, or a stand-in.
  static func run(
    _ inventory: TestInventory, binary: TestBinary, scratch: String, workers: WorkerFolders,
    serial: SerialGroups = SerialGroups(),
    runBatch: @Sendable (TestRunner, TestBatch) -> [TestResult] = { $0.run($1) }
  ) -> Baseline {
    run(
      inventory.tests.map(\.id), inventory: inventory, binary: binary, scratch: scratch,
      workers: workers, serial: serial, runBatch: runBatch)
  }

  /// Runs `tests` of `inventory` as ``run(_:binary:scratch:workers:serial:runBatch:)`` does.
  private static func run(
    _ tests: [TestIdentifier], inventory: TestInventory, binary: TestBinary, scratch: String,
    workers: WorkerFolders, serial: SerialGroups,
    runBatch: @Sendable (TestRunner, TestBatch) -> [TestResult]
  ) -> Baseline {
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
        runner.measuresProcessorTime = true
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
          runBatch(runner, TestBatch(library: test.library, tests: [test]))
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

  /// Runs again the tests that failed here, each with no other test process running; those
  /// that pass so share something with other tests outside their folders (a database, a
  /// port, files), are marked in `serial` to run exclusively from now on, and their new runs
  /// take the place of the failed ones. Returns them; none when `workers` run one at a time.
  mutating func rerunFailuresExclusively(
    _ inventory: TestInventory, binary: TestBinary, scratch: String, workers: WorkerFolders,
    serial: SerialGroups,
    runBatch: @Sendable (TestRunner, TestBatch) -> [TestResult] = { $0.run($1) }
  ) -> [TestIdentifier] {
    let failing = Set(failures.map(\.id.withoutCase))
    guard workers.count > 1, !failing.isEmpty else { return [] }
    let tests = inventory.tests.map(\.id).filter { failing.contains($0.withoutCase) }
    serial.runExclusively(tests)
    let again = Self.run(
      tests, inventory: inventory, binary: binary, scratch: scratch, workers: workers,
      serial: serial, runBatch: runBatch)
    let stillFailing = Set(again.failures.map(\.id.withoutCase))
    let passed = tests.filter { !stillFailing.contains($0.withoutCase) }
    // Only those that passed keep the mark: the others fail with nothing beside them.
    serial.stopRunningExclusively(tests.filter { stillFailing.contains($0.withoutCase) })
    let replaced = Set(passed)
    failures.removeAll { replaced.contains($0.id.withoutCase) }
    for test in passed {
      durations[test] = again.durations[test]
      processorTimes[test] = again.processorTimes[test]
    }
    for (id, tests) in coverage { coverage[id] = tests.filter { !replaced.contains($0) } }
    for (id, tests) in entered { entered[id] = tests.filter { !replaced.contains($0) } }
    for (id, tests) in again.coverage {
      coverage[id, default: []] += tests.filter(replaced.contains)
    }
    for (id, tests) in again.entered {
      entered[id, default: []] += tests.filter(replaced.contains)
    }
    coverage = coverage.filter { !$0.value.isEmpty }
    entered = entered.filter { !$0.value.isEmpty }
    return passed
  }

  /// The baseline as the workers fill it.
  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Baseline()

    func add(test: TestIdentifier, results: [TestResult], hits: Set<Int>, entries: Set<Int>) {
      lock.withLock {
        value.durations[test] = results.reduce(0) { $0 + $1.duration }
        let computed = results.compactMap(\.processorTime)
        if !computed.isEmpty { value.processorTimes[test] = computed.reduce(0, +) }
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
