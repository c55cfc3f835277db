import AssayResults
import AssayToolSupport
import Foundation

extension TestSession {
  /// Where the measures that recorded their baselines in a run say so
  /// (`ASSAY_BASELINE_RECORDS`), for ``recordInMoreProcesses(into:runner:inventory:sources:)``.
  var baselineRecordsPath: String {
    "\(stateFolder)/baseline-records-\(sessionID).jsonl"
  }

  /// The variables that make a test process record baselines for this session: every measure
  /// records (`ASSAY_RECORD_BASELINES`) and says so (`ASSAY_BASELINE_RECORDS`); with
  /// `continuing`, a process of this session's recording run adds to the entries its earlier
  /// processes recorded (`ASSAY_RECORD_SESSION`).
  func recordingEnvironment(continuing: Bool) -> [String: String] {
    var environment = [
      "ASSAY_RECORD_BASELINES": "1", "ASSAY_BASELINE_RECORDS": baselineRecordsPath,
    ]
    if continuing { environment["ASSAY_RECORD_SESSION"] = sessionID }
    return environment
  }

  /// Runs the tests whose measures recorded a baseline in the run that made `report` again,
  /// one at a time, in ``Options/baselineProcesses`` new processes, each adding its samples to
  /// the same entries: a baseline then holds how much one process differs from another, which
  /// the samples of one process cannot show, and a later verdict counts it. The first run's
  /// recording, taken beside the other tests, is replaced by the first of these. A measure
  /// whose processes still differ too much to tell a change of its tolerance (it says so,
  /// `unsettled`) records in more, up to twice as many: with five, where another process may
  /// fall spreads Student's t of 4 degrees of freedom (4.6 at 99%) over their differences;
  /// with ten, of 9 (3.25). Their results are merged into `report`: a failure in any process
  /// is kept.
  func recordInMoreProcesses(
    into report: inout TestReport, runner: TestRunner, inventory: TestInventory,
    sources: [TestSource]
  ) {
    let requests = MeasureRequest.take(baselineRecordsPath)
    guard options.baselineProcesses > 1, !requests.isEmpty else { return }
    let missing = { (problem: String) in
      "baseline recorded in one process only: no test to run again there (\(problem))"
    }
    let batches = batches(of: requests, inventory: inventory, sources: sources, missing: missing)
    guard !batches.isEmpty else { return }
    let tests = Set(batches.flatMap(\.tests)).count
    print(
      "Recording baselines in \(options.baselineProcesses) processes: \(tests) "
        + "\(tests == 1 ? "test" : "tests") run again, one at a time")
    var recording = runner
    recording.parallel = false
    recording.environment.merge(recordingEnvironment(continuing: true)) { _, recording in
      recording
    }
    var results: [TestResult] = []
    var running = batches
    let most = 2 * options.baselineProcesses
    for round in 1...most where !running.isEmpty {
      for batch in running {
        results += recording.run(batch) { event in
          if case .finished(let result) = event, result.outcome.isFailure {
            print(TerminalReport.line(for: result))
          }
        }
      }
      let unsettled = MeasureRequest.take(baselineRecordsPath) { $0["unsettled"] as? Bool == true }
      guard round >= options.baselineProcesses else { continue }
      running = self.batches(
        of: unsettled, inventory: inventory, sources: sources, missing: missing)
      if round == options.baselineProcesses, !running.isEmpty {
        let tests = Set(running.flatMap(\.tests)).count
        print(
          "Recording baselines in up to \(most - round) more processes: \(tests) "
            + "\(tests == 1 ? "test whose processes differ" : "tests whose processes differ") "
            + "too much to tell a change of the tolerance")
      }
    }
    try? FileManager.default.removeItem(atPath: baselineRecordsPath)
    report.results = Self.merged(report.results, counted: results)
  }
}
