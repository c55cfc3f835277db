import AssayResults
import AssayToolSupport
import Foundation

extension TestSession {
  /// Where the measures of a run ask for their instructions to be counted under Callgrind
  /// (`ASSAY_INSTRUCTIONS_REQUESTS`): they do when the machine has no instruction counter.
  /// Each session has its own: another `assay test` on the same package must not take them.
  var instructionRequestsPath: String {
    "\(stateFolder)/instruction-requests-\(sessionID).jsonl"
  }

  /// Runs again under Callgrind, one at a time, the tests whose measures asked for
  /// instructions in the run that made `report`, and merges their results into it: a test
  /// keeps the issues of both runs and the worse outcome, so a failure of either is never
  /// lost. Where Callgrind cannot run, each such test gets a warning saying why.
  func countInstructions(
    in report: inout TestReport, runner: TestRunner, inventory: TestInventory,
    sources: [TestSource]
  ) {
    let requests = MeasureRequest.take(instructionRequestsPath)
    guard !requests.isEmpty else { return }
    // One process per library (and spec example): Valgrind takes seconds to start.
    let batches = batches(of: requests, inventory: inventory, sources: sources) {
      "instructions not measured: no test to run again under Callgrind there (\($0))"
    }
    guard !batches.isEmpty else { return }
    let tests = Set(batches.flatMap(\.tests))
    let setup: CallgrindSetup
    do {
      setup = try CallgrindSetup.prepare(
        for: runner.binary, in: "\(stateFolder)/callgrind", session: sessionID)
    } catch {
      let message = "instructions not measured: \(error.description)"
      print("warning: \(message)")
      for index in report.results.indices
      where tests.contains(report.results[index].id.withoutCase) {
        report.results[index].issues.append(TestIssue(message: message, isWarning: true))
      }
      return
    }
    print("Counting instructions under Callgrind: \(tests.count) tests run again, one at a time")
    var counting = runner
    counting.binary = setup.binary
    counting.launcher = setup.launcher
    counting.parallel = false
    counting.testTimeout = runner.testTimeout * 20
    counting.environment = runner.environment.filter {
      $0.key != "ASSAY_INSTRUCTIONS_REQUESTS" && $0.key != "ASSAY_TIME_REGRESSIONS"
    }
    .merging(setup.environment) { _, callgrind in callgrind }
    var counted: [TestResult] = []
    for batch in batches {
      counted += counting.run(batch) { event in
        if case .finished(let result) = event { print(TerminalReport.line(for: result)) }
      }
    }
    setup.cleanUp()
    report.results = Self.merged(report.results, counted: counted)
  }

  /// `results` with those of the run under Callgrind: a test in both keeps every issue of
  /// both and the worse outcome (with its reason and output); a result only the second run
  /// has is added.
  static func merged(_ results: [TestResult], counted: [TestResult]) -> [TestResult] {
    var merged = results
    for result in counted {
      guard let index = merged.firstIndex(where: { $0.id == result.id }) else {
        merged.append(result)
        continue
      }
      for issue in result.issues where !merged[index].issues.contains(issue) {
        merged[index].issues.append(issue)
      }
      if severity(result.outcome) > severity(merged[index].outcome) {
        merged[index].outcome = result.outcome
        merged[index].reason = result.reason ?? merged[index].reason
        merged[index].output = result.output ?? merged[index].output
      }
    }
    return merged
  }

  /// How bad an outcome is: a crash or a timeout over a failure, over a known issue, over
  /// a pass or a skip.
  private static func severity(_ outcome: TestOutcome) -> Int {
    switch outcome {
    case .passed, .skipped: 0
    case .knownIssue: 1
    case .failed: 2
    case .crashed, .timedOut: 3
    }
  }
}
