import AssayResults
import AssayToolSupport
import Foundation

extension TestSession {
  /// Where the measures that found a regression of time only say so
  /// (`ASSAY_TIME_REGRESSIONS`), for ``checkTimeRegressions(in:runner:inventory:sources:)``.
  var timeRegressionsPath: String {
    "\(stateFolder)/time-regressions-\(sessionID).jsonl"
  }

  /// Runs the tests whose measures found a regression of time only in the run that made
  /// `report` again, one at a time, in a new process each, and keeps a regression only where it
  /// is there again. One process of unchanged code can run a block 20% slower than every other
  /// (1 in 50 on a quiet 2-core machine, in `Benchmarks/Measure`'s matrix), beyond what the
  /// baseline's few processes showed; slower code is slower in every process. A regression
  /// that a new process does not find again is inconclusive: its failure becomes a warning that
  /// says so (unless `ASSAY_FAIL_INCONCLUSIVE=1`), and the test passes if nothing else failed.
  /// Every other failure of either run is kept, but for the regressions of time the second
  /// process found: a second look is no first one, and its findings are warnings.
  func checkTimeRegressions(
    in report: inout TestReport, runner: TestRunner, inventory: TestInventory,
    sources: [TestSource]
  ) {
    // Only a regression whose test can run again gets a second look; any other stands.
    let requests = MeasureRequest.take(timeRegressionsPath).filter { request in
      !self.batches(of: [request], inventory: inventory, sources: sources) {
        "a regression of time that cannot be looked at again in a new process, so it stands "
          + "(\($0))"
      }.isEmpty
    }
    guard !requests.isEmpty else { return }
    let batches = batches(of: requests, inventory: inventory, sources: sources) { $0 }
    let tests = Set(batches.flatMap(\.tests)).count
    print(
      "Checking \(requests.count) \(requests.count == 1 ? "regression" : "regressions") of "
        + "time in a new process: \(tests) \(tests == 1 ? "test" : "tests") run again, one at "
        + "a time")
    let again = "\(stateFolder)/time-regressions-again-\(sessionID).jsonl"
    try? FileManager.default.removeItem(atPath: again)
    var checking = runner
    checking.parallel = false
    checking.environment["ASSAY_TIME_REGRESSIONS"] = again
    checking.environment["ASSAY_SECOND_LOOK"] = "1"
    checking.environment["ASSAY_INSTRUCTIONS_REQUESTS"] = nil
    var results: [TestResult] = []
    for batch in batches {
      results += checking.run(batch) { _ in }
    }
    // A line says the measure was slower again, or, with "inconclusive", that it could not be
    // judged there.
    let unjudged = Set(MeasureRequest.read(again) { $0["inconclusive"] as? Bool == true })
    let found = Set(MeasureRequest.read(again) { $0["inconclusive"] as? Bool != true })
    try? FileManager.default.removeItem(atPath: again)
    let failsInconclusive = ["1", "true", "yes"].contains(
      (runner.environment["ASSAY_FAIL_INCONCLUSIVE"]
        ?? ProcessInfo.processInfo.environment["ASSAY_FAIL_INCONCLUSIVE"] ?? "").lowercased())
    for request in requests {
      let verdict =
        found.contains(request)
        ? "slower again: a regression"
        : unjudged.contains(request)
          ? "could not be judged again: inconclusive" : "not slower again: inconclusive"
      print("  \(request.location): measure \"\(request.measure)\": \(verdict)")
    }
    report.results = Self.afterSecondLook(
      report.results, again: results, requests: requests, found: found,
      unjudged: unjudged.subtracting(found), failsInconclusive: failsInconclusive)
  }

  /// The first run's `results` after the second look (`again`, its results) at the
  /// regressions of time `requests` named, of which it `found` some again and could not
  /// judge others (`unjudged`).
  static func afterSecondLook(
    _ results: [TestResult], again: [TestResult], requests: [MeasureRequest],
    found: Set<MeasureRequest>, unjudged: Set<MeasureRequest> = [], failsInconclusive: Bool
  ) -> [TestResult] {
    var results = results
    var again = again
    for request in requests where !found.contains(request) && !failsInconclusive {
      results = settled(
        results, request, note: unjudged.contains(request) ? notJudgedAgain : notFoundAgain)
    }
    for request in found {
      again = settled(again, request, note: foundBySecondLook)
    }
    return merged(results, counted: again)
  }

  /// What a regression that a new process did not find again says.
  static let notFoundAgain =
    "Not counted as a regression: the test ran again in a new process, and there this "
    + "measure was not slower: one process ran slower than the others, not the code "
    + "(inconclusive; ASSAY_FAIL_INCONCLUSIVE=1 keeps such a failure)."

  /// What a regression says that the new process could not judge either way (a machine too
  /// noisy, or running at another pace): it did not show the regression again, nor that the
  /// code is not slower.
  static let notJudgedAgain =
    "Not counted as a regression: the test ran again in a new process, and there this "
    + "measure could not be judged either way (inconclusive, as its warning from that process "
    + "says); a regression that a second process cannot confirm is not counted "
    + "(ASSAY_FAIL_INCONCLUSIVE=1 keeps such a failure)."

  /// What a regression found in the second look's own process says.
  static let foundBySecondLook =
    "(Found in the new process that assay test ran the test again in, to look at another "
    + "regression of time: the first run's verdict on this measure stands.)"

  /// `results` with the failure of `request`'s measure made a warning that ends with `note`;
  /// a test that nothing else failed passes.
  static func settled(_ results: [TestResult], _ request: MeasureRequest, note: String)
    -> [TestResult]
  {
    var results = results
    for index in results.indices where results[index].outcome == .failed {
      var changed = false
      for issue in results[index].issues.indices {
        let said = results[index].issues[issue]
        guard !said.isWarning, !said.isKnown, let place = said.location,
          place.line == request.line,
          (request.file as NSString).lastPathComponent
            == (place.file as NSString).lastPathComponent,
          said.message.contains("measure \"\(request.measure)\": ")
        else { continue }
        results[index].issues[issue].isWarning = true
        results[index].issues[issue].message += "\n" + note
        changed = true
      }
      let failing = results[index].issues.contains { !$0.isWarning && !$0.isKnown }
      if changed, !failing { results[index].outcome = .passed }
    }
    return results
  }
}
