import AssayResults
import AssayRunning
import Foundation

/// Runs mutants: each with only the tests that reach it, fastest first, stopping at the first
/// failure, in processes of its own (`ASSAY_MUTANT=id`), several at a time.
struct MutantRunner: Sendable {
  let binary: TestBinary
  let inventory: TestInventory
  let baseline: Baseline
  let scratch: String
  /// `ASSAY_MUTANT`.
  let switchVariable: String

  /// What the covering tests made of mutant `id` (`canary` for the canary).
  func outcome(of id: String, tests: [TestIdentifier]) -> (Mutant.Status, killedBy: String?) {
    let sorted = tests.sorted {
      (baseline.durations[$0] ?? 0, $0) < (baseline.durations[$1] ?? 0, $1)
    }
    let slowest = tests.map { baseline.durations[$0] ?? 0 }.max() ?? 0
    var runner = TestRunner(
      // An endless loop is the usual survivor of a timeout: a few times the slowest test.
      binary: binary, testTimeout: max(2, slowest * 5 + 1), parallel: false,
      scratchFolder: scratch, xctestRunOrder: inventory.xctestRunOrder)
    runner.stopsAtFirstFailure = true
    // A slow start on a busy machine is no verdict: only a process that runs no test for a
    // minute (a mutant that hangs a static initializer) is killed for it.
    runner.idleTimeout = max(60, runner.testTimeout)
    runner.environment = [switchVariable: id]
    for library in [TestIdentifier.Library.xctest, .swiftTesting] {
      let mine = sorted.filter { $0.library == library }
      guard !mine.isEmpty else { continue }
      let results = runner.run(TestBatch(library: library, tests: mine))
      guard let failure = results.first(where: \.outcome.isFailure) else { continue }
      let name = failure.id.description
      switch failure.outcome {
      case .timedOut: return (.timedOut, name)
      case .crashed: return (.crashed, name)
      default: return (.killed, name)
      }
    }
    return (.survived, nil)
  }
}
