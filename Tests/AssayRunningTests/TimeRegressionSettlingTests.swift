import AssayResults
import Testing

@testable import AssayRunning

/// What `assay test` makes of a regression of time that a new process did not find again.
struct TimeRegressionSettlingTests {
  let request = MeasureRequest(file: "/p/Tests/SortTests.swift", line: 12, measure: "sorting")

  func result(_ issues: [TestIssue]) -> TestResult {
    TestResult(
      id: TestIdentifier(library: .swiftTesting, target: "T", suite: "", test: "sorts()"),
      outcome: .failed, issues: issues)
  }

  func issue(_ message: String, line: Int = 12, file: String = "/p/Tests/SortTests.swift")
    -> TestIssue
  {
    TestIssue(message: message, location: SourceLocation(file: file, line: line))
  }

  /// The measure's failure becomes a warning saying why, and the test passes.
  @Test(arguments: [
    "measure \"sorting\": wall clock 21.7% slower than the baseline (…)",
    "failed - measure \"sorting\": wall clock 21.7% slower than the baseline (…)",
  ])
  func theMeasuresFailureBecomesAWarning(message: String) {
    let settled = TestSession.settled(
      [result([issue(message)])], request, note: TestSession.notFoundAgain)
    #expect(settled.map(\.outcome) == [.passed])
    #expect(settled.first?.issues.map(\.isWarning) == [true])
    #expect(
      settled.first?.issues.first?.message
        == message + "\nNot counted as a regression: the test ran again in a new process, and "
        + "there this measure was not slower: one process ran slower than the others, not the "
        + "code (inconclusive; ASSAY_FAIL_INCONCLUSIVE=1 keeps such a failure).")
  }

  /// Another failure of the test keeps it failed; another measure's failure, or one at another
  /// place, is left as it was.
  @Test func everyOtherFailureIsKept() {
    let others = [
      issue("Expectation failed: 1 == 2", line: 20),
      issue("measure \"grouping\": wall clock 30% slower than the baseline"),
      issue("measure \"sorting\": wall clock 30% slower", file: "/p/Tests/Other.swift"),
    ]
    let settled = TestSession.settled(
      [result([issue("measure \"sorting\": wall clock 21.7% slower")] + others)],
      request, note: TestSession.notFoundAgain)
    #expect(settled.map(\.outcome) == [.failed])
    #expect(settled.first?.issues.map(\.isWarning) == [true, false, false, false])
  }

  /// The second look's own process found a regression of another measure of the test, which
  /// the first run did not: a warning, never a failure no second process looked at; a failure
  /// of another kind there is kept.
  @Test func whatTheSecondLookFindsIsAWarningButOtherFailuresAreKept() {
    let grouping = MeasureRequest(file: request.file, line: 20, measure: "grouping")
    let first = [result([issue("measure \"sorting\": wall clock 21.7% slower")])]
    let second = [
      result([
        issue("measure \"grouping\": wall clock 30% slower", line: 20),
        issue("Expectation failed: 1 == 2", line: 30),
      ])
    ]
    let after = TestSession.afterSecondLook(
      first, again: second, requests: [request], found: [grouping], failsInconclusive: false)
    #expect(after.map(\.outcome) == [.failed])
    #expect(
      after.first?.issues.map { "\($0.isWarning) \($0.message.split(separator: "\n")[0])" } == [
        "true measure \"sorting\": wall clock 21.7% slower",
        "true measure \"grouping\": wall clock 30% slower",
        "false Expectation failed: 1 == 2",
      ])
    let secondPassing = [result([issue("measure \"grouping\": wall clock 30% slower", line: 20)])]
    let settled = TestSession.afterSecondLook(
      first, again: secondPassing, requests: [request], found: [grouping],
      failsInconclusive: false)
    #expect(settled.map(\.outcome) == [.passed])
    // Found again: the first run's failure stands.
    let confirmed = TestSession.afterSecondLook(
      first, again: first, requests: [request], found: [request], failsInconclusive: false)
    #expect(confirmed.map(\.outcome) == [.failed])
    #expect(confirmed.first?.issues.first?.isWarning == false)
    // ASSAY_FAIL_INCONCLUSIVE=1 keeps the failure that was not found again.
    let kept = TestSession.afterSecondLook(
      first, again: [], requests: [request], found: [], failsInconclusive: true)
    #expect(kept.map(\.outcome) == [.failed])
  }

  /// A second look that could not judge the measure (inconclusive there) says so, never that
  /// the measure was not slower: a block five times slower in every process was said "not
  /// slower" when the new process's baseline spread too widely to judge it.
  @Test func aRegressionTheSecondLookCouldNotJudgeSaysSo() {
    let first = [result([issue("measure \"sorting\": wall clock 400% slower")])]
    let settled = TestSession.afterSecondLook(
      first, again: [], requests: [request], found: [], unjudged: [request],
      failsInconclusive: false)
    #expect(settled.map(\.outcome) == [.passed])
    #expect(
      settled.first?.issues.first?.message
        == "measure \"sorting\": wall clock 400% slower\nNot counted as a regression: the test "
        + "ran again in a new process, and there this measure could not be judged either way "
        + "(inconclusive, as its warning from that process says); a regression that a second "
        + "process cannot confirm is not counted (ASSAY_FAIL_INCONCLUSIVE=1 keeps such a "
        + "failure).")
    let kept = TestSession.afterSecondLook(
      first, again: [], requests: [request], found: [], unjudged: [request],
      failsInconclusive: true)
    #expect(kept.map(\.outcome) == [.failed])
  }

  /// A crash or a timeout is never settled.
  @Test(arguments: [TestOutcome.crashed, .timedOut])
  func aCrashIsNeverSettled(outcome: TestOutcome) {
    var crashed = result([issue("measure \"sorting\": wall clock 21.7% slower")])
    crashed.outcome = outcome
    let settled = TestSession.settled([crashed], request, note: TestSession.notFoundAgain)
    #expect(settled.map(\.outcome) == [outcome])
    #expect(settled.first?.issues.map(\.isWarning) == [false])
  }
}
