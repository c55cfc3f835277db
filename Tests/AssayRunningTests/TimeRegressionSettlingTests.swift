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
    let settled = TestSession.settled([result([issue(message)])], notFoundAgain: request)
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
      notFoundAgain: request)
    #expect(settled.map(\.outcome) == [.failed])
    #expect(settled.first?.issues.map(\.isWarning) == [true, false, false, false])
  }

  /// A crash or a timeout is never settled.
  @Test(arguments: [TestOutcome.crashed, .timedOut])
  func aCrashIsNeverSettled(outcome: TestOutcome) {
    var crashed = result([issue("measure \"sorting\": wall clock 21.7% slower")])
    crashed.outcome = outcome
    let settled = TestSession.settled([crashed], notFoundAgain: request)
    #expect(settled.map(\.outcome) == [outcome])
    #expect(settled.first?.issues.map(\.isWarning) == [false])
  }
}
