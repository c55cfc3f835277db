import AssayResults
import AssayRunning
import Foundation

/// Runs mutants: each with only the tests that reach it, the likely killer alone first, then
/// fastest first, stopping at the first failure, in processes of its own (`ASSAY_MUTANT=id`,
/// each with twice the baseline's time of tests of the one before, from a second), several at
/// a time. A test that computes past its processor limit loops, and times the mutant out at
/// once. A test that fails after others in its process kills the mutant only if it fails
/// alone too; one that runs out of time while a busy machine held it back (or where the
/// system does not say) does only if it does again, alone, with twice as long.
struct MutantRunner: Sendable {
  let binary: TestBinary
  let inventory: TestInventory
  let baseline: Baseline
  let scratch: String
  /// `ASSAY_MUTANT`.
  let switchVariable: String
  /// Where each worker's test processes run.
  let workers: WorkerFolders
  /// Runs a batch of tests: the runner's own ``TestRunner/run(_:progress:)``, or a stand-in.
  var runBatch: @Sendable (TestRunner, TestBatch) -> [TestResult] = { $0.run($1) }
  /// The tests of serialized suites, which no two processes run at once.
  var serial = SerialGroups()

  /// What the covering tests made of mutant `id` (`canary` for the canary), run by worker
  /// `worker`.
  ///
  /// - Parameters:
  ///   - id: The mutant's switch value.
  ///   - tests: The tests that reach it.
  ///   - worker: The worker that runs it, whose folder its processes run in.
  ///   - first: A test likely to kill it (one that killed a mutant of the same declaration):
  ///     it runs first, alone, so that its failure needs no run alone to confirm it.
  /// - Returns: The mutant's status, the test that failed (with its case) and that test.
  func outcome(
    of id: String, tests: [TestIdentifier], worker: Int = 0, first: TestIdentifier? = nil
  ) -> (Mutant.Status, killedBy: String?, killer: TestIdentifier?) {
    let sorted = tests.sorted {
      (baseline.durations[$0] ?? 0, $0) < (baseline.durations[$1] ?? 0, $1)
    }
    let slowest = tests.map { baseline.durations[$0] ?? 0 }.max() ?? 0
    var runner = TestRunner(
      binary: workers.binary(binary, worker: worker),
      testTimeout: Self.timeout(forTestOf: slowest), parallel: false,
      scratchFolder: scratch, xctestRunOrder: inventory.xctestRunOrder)
    // An endless loop is the usual cause of a timeout, and the fastest test that reaches it
    // runs first: each test may take a few times its own baseline, not the slowest's.
    for test in tests {
      runner.testTimeouts[test] = Self.timeout(forTestOf: baseline.durations[test] ?? slowest)
      // A test that computed on several processors used more than its time on the clock.
      runner.processorLimits[test] = Self.processorLimit(
        forTestOf: max(baseline.durations[test] ?? slowest, baseline.processorTimes[test] ?? 0))
    }
    runner.stopsAtFirstFailure = true
    // A slow start on a busy machine is no verdict: only a process that runs no test for a
    // minute (a mutant that hangs a static initializer) is killed for it.
    runner.idleTimeout = max(60, runner.testTimeout)
    runner.environment = workers.environment(worker: worker).merging([switchVariable: id]) {
      _, mine in mine
    }
    let guess = first.flatMap { tests.contains($0) ? $0 : nil }
    let libraries: [TestIdentifier.Library] =
      guess?.library == .swiftTesting ? [.swiftTesting, .xctest] : [.xctest, .swiftTesting]
    for library in libraries {
      var pending = sorted.filter { $0.library == library }
      var likely = guess.flatMap { $0.library == library ? $0 : nil }
      if let likely {
        pending.removeAll { $0 == likely }
        pending.insert(likely, at: 0)
      }
      var budget = Self.firstProcessSeconds
      while !pending.isEmpty {
        // The library runs a process's tests in its own order: the likely killer goes alone,
        // the slow ones in later processes, each with twice the baseline's time of the one
        // before.
        let chunk = likely.map { [$0] } ?? chunk(of: pending, within: budget)
        let grew = likely == nil
        if grew { budget *= 2 }
        likely = nil
        let results = serial.holding(chunk) {
          runBatch(runner, TestBatch(library: library, tests: chunk))
        }
        guard var failure = results.first(where: \.outcome.isFailure) else {
          pending.removeFirst(chunk.count)
          continue
        }
        let test = failure.id.withoutCase
        let timedOut = failure.outcome == .timedOut
        let limit = runner.testTimeouts[test] ?? runner.testTimeout
        switch failure.timeout {
        case .processorTime?:
          // It computed for a few times its baseline and half a second: an endless loop.
          return (.timedOut, failure.id.description, failure.id.withoutCase)
        case .wallClock(let wait?)? where wait <= Self.unhinderedShare * limit:
          // Its process was not kept waiting for a processor: it ran out of time by itself
          // (a deadlock), and more time alone would say the same.
          return (.timedOut, failure.id.description, failure.id.withoutCase)
        default: break
        }
        if pending.contains(test),
          timedOut || results.contains(where: { $0.id.withoutCase != test })
        {
          // Other tests ran before it in its process, and may have left it state that makes
          // it fail whatever the code does (swift-log's tests share the global logging
          // system): the baseline showed it passing alone, so it counts when it fails alone.
          // A test also runs out of time when the machine is busy, as in an endless loop
          // (swift-atomics beside other builds: a mutant that survives reported timed out):
          // it counts when it runs out of twice as long, alone.
          var patient = runner
          if timedOut {
            patient.testTimeouts[test] = 2 * limit
            patient.idleTimeout = max(runner.idleTimeout ?? 0, 2 * limit)
          }
          let alone = serial.holding([test]) {
            runBatch(patient, TestBatch(library: library, tests: [test]))
          }
          guard let own = alone.first(where: \.outcome.isFailure) else {
            // What passed is done, and the test that passed alone; another that failed in
            // that process (it ended before the process was stopped) is judged in the next.
            let failed = Set(results.filter(\.outcome.isFailure).map(\.id.withoutCase))
            let done = Set(results.map(\.id.withoutCase)).subtracting(failed).union([test])
            pending.removeAll { done.contains($0) }
            // What the process did not reach runs next, in a process of the same size.
            if grew { budget /= 2 }
            continue
          }
          failure = own
        }
        return (Self.status(of: failure.outcome), failure.id.description, failure.id.withoutCase)
      }
    }
    return (.survived, nil, nil)
  }

  /// The baseline's seconds of tests in a mutant's first process; each next one has twice as
  /// many.
  static let firstProcessSeconds = 1.0

  /// The first tests of `pending` (fastest first) whose baseline durations add up to at most
  /// `budget` seconds; the first test at least.
  func chunk(of pending: [TestIdentifier], within budget: Double) -> [TestIdentifier] {
    var total = 0.0
    var count = 0
    for test in pending {
      total += baseline.durations[test] ?? 0
      if count > 0, total > budget { break }
      count += 1
    }
    return Array(pending.prefix(count))
  }

  /// The share of its limit a timed-out test's process may have waited for a processor, and
  /// its timeout still stand without a run alone: it had 90% of its limit, more than four
  /// times its baseline, to itself.
  static let unhinderedShare = 0.1

  /// The most processor time a test that took `seconds` in the baseline (on the clock, or
  /// computing, whichever is more) may use with a mutant on: five times that, and half a
  /// second.
  static func processorLimit(forTestOf seconds: Double) -> Double {
    seconds * 5 + 0.5
  }

  /// The longest a test that took `seconds` in the baseline may run with a mutant on.
  static func timeout(forTestOf seconds: Double) -> Double {
    max(2, seconds * 5 + 1)
  }

  /// The mutant's status when a test ended so.
  private static func status(of outcome: TestOutcome) -> Mutant.Status {
    switch outcome {
    case .timedOut: .timedOut
    case .crashed: .crashed
    default: .killed
    }
  }
}
