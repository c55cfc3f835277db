import Testing

@testable import AssayResults

/// What `assay test` prints after a run.
@Suite struct TerminalReportTests {
  /// A warning is shown as `swift test` shows it, whichever framework recorded it: a passing
  /// test's warnings (a measure that could not judge, a baseline to commit) are not lost.
  /// A failing test's own output follows its failure, the last lines of it.
  @Test func whatAFailingTestPrintedFollowsItsFailure() {
    let id = TestIdentifier(
      library: .xctest, target: "MathTests", suite: "ArithmeticTests", test: "testAdds")
    let issue = TestIssue(
      message: "XCTAssertEqual failed",
      location: SourceLocation(file: "Tests/MathTests/ArithmeticTests.swift", line: 9))
    let printed = (1...12).map { "line \($0)" }.joined(separator: "\n")
    let report = TestReport(
      started: 0, duration: 1,
      results: [TestResult(id: id, outcome: .failed, issues: [issue], output: printed)])
    #expect(
      TerminalReport.failureLines(report.results[0]) == [
        "Tests/MathTests/ArithmeticTests.swift:9: error: MathTests.ArithmeticTests/testAdds: "
          + "XCTAssertEqual failed",
        "    | (4 lines before: in the JSON and JUnit reports)",
        "    | line 5", "    | line 6", "    | line 7", "    | line 8", "    | line 9",
        "    | line 10", "    | line 11", "    | line 12",
      ])
  }

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
