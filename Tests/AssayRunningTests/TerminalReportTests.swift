import Testing

@testable import AssayResults

/// What `assay test` prints after a run.
@Suite struct TerminalReportTests {
  /// A warning is shown as `swift test` shows it, whichever framework recorded it: a passing
  /// test's warnings (a measure that could not judge, a baseline to commit) are not lost.
  @Test func warningsOfPassingTestsAreListed() {
    let id = TestIdentifier(
      library: .xctest, target: "MathTests", suite: "ArithmeticTests", test: "testAdds")
    let report = TestReport(
      started: 0, duration: 1,
      results: [
        TestResult(
          id: id, outcome: .passed,
          issues: [
            TestIssue(
              message: "measure \"adds\": wall clock inconclusive\nbaseline: ...",
              location: SourceLocation(file: "Tests/MathTests/ArithmeticTests.swift", line: 9),
              isWarning: true)
          ])
      ])
    let summary = TerminalReport.summary(report)
    #expect(
      summary == """

        Warnings:
        Tests/MathTests/ArithmeticTests.swift:9: warning: MathTests.ArithmeticTests/testAdds: \
        measure "adds": wall clock inconclusive
            baseline: ...

        1 test: 1 passed in 1.0 s
        """, "\(summary)")
  }
}
