import Testing

@testable import AssayResults
@testable import AssayRunning

/// Reading what swift-corelibs-xctest prints.
@Suite struct XCTestOutputTests {
  static let testAdds = TestIdentifier(
    library: .xctest, target: "MathTests", suite: "ArithmeticTests", test: "testAdds")

  private func read(_ lines: [String]) -> (events: [XCTestOutput.Event], running: TestIdentifier?) {
    var reader = XCTestOutput(runOrder: [Self.testAdds])
    // The process ends after the last line.
    let events = lines.flatMap { reader.read($0) } + reader.finish()
    return (events, reader.runningTest)
  }

  /// Two targets with a class of the same name (swift-tagged has two `TaggedTimeTests`): each
  /// test gets its own target, which XCTest does not print.
  @Test func classesOfTheSameNameInTwoTargetsKeepTheirTargets() {
    let inventory = TestInventory(tests: [
      TestInventory.Test(
        id: TestIdentifier(
          library: .xctest, target: "MoneyTests", suite: "TimeTests", test: "testCents")),
      TestInventory.Test(
        id: TestIdentifier(
          library: .xctest, target: "TimeTests", suite: "TimeTests", test: "testSeconds")),
    ])
    var reader = XCTestOutput(runOrder: inventory.xctestRunOrder)
    let events =
      [
        "Test Case 'TimeTests.testCents' started at 2026-11-23 00:00:00.000",
        "Test Case 'TimeTests.testCents' passed (0.001 seconds)",
        "Test Case 'TimeTests.testSeconds' started at 2026-11-23 00:00:00.000",
      ].flatMap { reader.read($0) } + reader.finish()
    #expect(
      events.compactMap { if case .started(let id) = $0 { id.target } else { nil } }
        == ["MoneyTests", "TimeTests"])
  }

  /// swift-nio's `NIOFSTests` and `NIOFSIntegrationTests` both have
  /// `FileHandleTests.testInfo`: XCTest prints the same line for both, and runs them in the
  /// order the binary lists them, so each is the next of its name in that order.
  @Test func testsOfTheSameNameInTwoTargetsAreEachReportedInRunOrder() {
    let ids = ["IntegrationTests", "UnitTests"].map {
      TestIdentifier(library: .xctest, target: $0, suite: "FileHandleTests", test: "testInfo")
    }
    var reader = XCTestOutput(runOrder: ids)
    let events =
      [
        "Test Case 'FileHandleTests.testInfo' started at 2026-11-23 00:00:00.000",
        "Test Case 'FileHandleTests.testInfo' passed (0.001 seconds)",
        "Test Case 'FileHandleTests.testInfo' started at 2026-11-23 00:00:00.000",
        "/p/FileHandleTests.swift:3: error: FileHandleTests.testInfo : failed - no info",
        "Test Case 'FileHandleTests.testInfo' failed (0.001 seconds)",
      ].flatMap { reader.read($0) } + reader.finish()
    let finished = events.compactMap { if case .finished(let result) = $0 { result } else { nil } }
    #expect(finished.map(\.id) == ids)
    #expect(finished.map(\.outcome) == [.passed, .failed])
  }

  /// What a failing test printed is its own (XCTest runs one test at a time): kept with its
  /// result, without XCTest's lines or the failure itself; a passing test keeps none.
  @Test func aFailingTestKeepsWhatItPrinted() {
    let (events, _) = read([
      "Test Suite 'ArithmeticTests' started at 2026-11-23 00:00:00.000",
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      "loaded 3 users",
      "user 0 is nil",
      "/p/ArithmeticTests.swift:9: error: ArithmeticTests.testAdds : XCTAssertEqual failed: (\"1\") is not equal to (\"2\")",
      "Test Case 'ArithmeticTests.testAdds' failed (0.001 seconds)",
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      "printed by a test that passes",
      "Test Case 'ArithmeticTests.testAdds' passed (0.001 seconds)",
      "Test Suite 'ArithmeticTests' passed at 2026-11-23 00:00:00.000",
    ])
    let finished = events.compactMap { if case .finished(let result) = $0 { result } else { nil } }
    #expect(finished.map(\.outcome) == [.failed, .passed])
    #expect(finished.map(\.output) == ["loaded 3 users\nuser 0 is nil", nil])
  }

  /// A test that prints without end keeps its last lines, each at most a few thousand
  /// characters: a report never holds all of it.
  @Test func aFailingTestKeepsTheLastOfWhatItPrinted() throws {
    let long = String(repeating: "x", count: 100_000)
    let (events, _) = read(
      ["Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000", long]
        + (1...1000).map { "line \($0)" }
        + [
          "/p/ArithmeticTests.swift:9: error: ArithmeticTests.testAdds : failed - boom",
          "Test Case 'ArithmeticTests.testAdds' failed (0.001 seconds)",
        ])
    let finished = events.compactMap { if case .finished(let result) = $0 { result } else { nil } }
    let output = try #require(finished.first?.output)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == XCTestOutput.outputLimit)
    #expect(lines.last == "line 1000")
    let (kept, _) = read([
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000", long,
      "/p/ArithmeticTests.swift:9: error: ArithmeticTests.testAdds : failed - boom",
      "Test Case 'ArithmeticTests.testAdds' failed (0.001 seconds)",
    ])
    let line = try #require(
      kept.compactMap { if case .finished(let result) = $0 { result.output } else { nil } }.first)
    #expect(line.utf8.count < 5000)
    #expect(line.hasSuffix("… (100000 bytes in all)"), "\(line.suffix(80))")
  }

  /// XCTest has no warnings: Assay prints `path:line: warning: message` on standard error
  /// (a measure that is inconclusive, a baseline recorded). The test passes with the warning
  /// kept, as Swift Testing keeps its warnings, never dropped.
  @Test func aWarningPrintedDuringATestIsKeptAsAWarning() {
    let (events, _) = read([
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      "warning: a line of the test's own output, with no place",
      "/p/ArithmeticTests.swift:9: warning: measure \"adds\": wall clock inconclusive: noisy",
      "Test Case 'ArithmeticTests.testAdds' passed (0.001 seconds)",
    ])
    let finished = events.compactMap { if case .finished(let result) = $0 { result } else { nil } }
    #expect(finished.map(\.outcome) == [.passed])
    #expect(
      finished.first?.issues
        == [
          TestIssue(
            message: "measure \"adds\": wall clock inconclusive: noisy",
            location: SourceLocation(file: "/p/ArithmeticTests.swift", line: 9), isWarning: true)
        ])
  }

  /// XCTest prints a failure's message of several lines as it is, and Assay's warnings
  /// likewise: the measure matrix's `assay test` report kept only "wall clock 147.3% slower"
  /// of a warning whose next lines said why it was not counted as a regression, and a diff
  /// under an `assertEqual` failure was lost the same way. The lines after an issue, up to the
  /// next line XCTest or Assay marks, are the issue's (the test's own output after it cannot
  /// be told apart, and is kept rather than a message cut short).
  @Test func anIssueOfSeveralLinesKeepsThemAll() {
    let (events, _) = read([
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      "/p/ArithmeticTests.swift:9: error: ArithmeticTests.testAdds : failed - sums differ:",
      "− 3",
      "+ 4",
      "/p/ArithmeticTests.swift:12: warning: measure \"adds\": wall clock 147.3% slower",
      "Not counted as a regression: the test had the processor only 45% of that time",
      "/p/ArithmeticTests.swift:14: error: ArithmeticTests.testAdds : failed - one line",
      "Test Case 'ArithmeticTests.testAdds' failed (0.001 seconds)",
      "Test Suite 'ArithmeticTests' failed at 2026-11-23 00:00:00.000",
    ])
    let finished = events.compactMap { if case .finished(let result) = $0 { result } else { nil } }
    #expect(
      finished.first?.issues.map(\.message) == [
        "failed - sums differ:\n− 3\n+ 4",
        "measure \"adds\": wall clock 147.3% slower\nNot counted as a regression: the test had "
          + "the processor only 45% of that time",
        "failed - one line",
      ])
  }

  /// A test that prints on and on after a failure does not grow its message without end.
  @Test func theLinesAfterAnIssueAreKeptUpToALimit() {
    let (events, _) = read(
      [
        "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
        "/p/ArithmeticTests.swift:9: error: ArithmeticTests.testAdds : failed - first",
      ] + (0..<1000).map { "line \($0)" } + [
        "Test Case 'ArithmeticTests.testAdds' failed (0.001 seconds)"
      ])
    let finished = events.compactMap { if case .finished(let result) = $0 { result } else { nil } }
    let lines = finished.first?.issues.first?.message.split(separator: "\n") ?? []
    #expect(lines.count == 1 + XCTestOutput.continuationLimit)
    #expect(lines.last == "line \(XCTestOutput.continuationLimit - 1)")
  }

  @Test func aPassingTestHasItsTargetAndDuration() {
    let (events, running) = read([
      "Test Suite 'ArithmeticTests' started at 2026-11-23 00:00:00.000",
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      "some output of the test",
      "Test Case 'ArithmeticTests.testAdds' passed (0.004 seconds)",
    ])
    #expect(
      events == [
        .started(Self.testAdds),
        .finished(TestResult(id: Self.testAdds, outcome: .passed, duration: 0.004)),
      ])
    #expect(running == nil)
  }

  @Test func aFailureKeepsItsMessageAndLine() {
    let (events, _) = read([
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      #"/p/ArithmeticTests.swift:11: error: ArithmeticTests.testAdds : XCTAssertEqual failed: ("4") is not equal to ("5") - two"#,
      "Test Case 'ArithmeticTests.testAdds' failed (0.001 seconds)",
    ])
    guard case .finished(let result) = events.last else {
      Issue.record("no result in \(events)")
      return
    }
    #expect(result.outcome == .failed)
    #expect(
      result.issues == [
        TestIssue(
          message: #"XCTAssertEqual failed: ("4") is not equal to ("5") - two"#,
          location: SourceLocation(file: "/p/ArithmeticTests.swift", line: 11))
      ])
  }

  @Test func aSkipKeepsItsReasonAndIsNotAFailure() {
    let (events, _) = read([
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      "/p/ArithmeticTests.swift:15: ArithmeticTests.testAdds : Test skipped - not on this machine",
      "Test Case 'ArithmeticTests.testAdds' skipped (0.0 seconds)",
    ])
    guard case .finished(let result) = events.last else {
      Issue.record("no result in \(events)")
      return
    }
    #expect(result.outcome == .skipped)
    #expect(result.reason == "not on this machine")
    #expect(result.issues == [])
  }

  /// A test that prints XCTest's lines (a test of a test tool printing its child's output)
  /// was ended by the first `Test Case '…' passed` line naming it, and a failure after it was
  /// lost. Its result is the last such line before the next test starts or its class ends; a
  /// failure printed after such a line means it still runs.
  @Test func aTestsResultIsItsLastEndLineBeforeTheNextTestOrItsClassEnds() {
    let testSubtracts = TestIdentifier(
      library: .xctest, target: "MathTests", suite: "ArithmeticTests", test: "testSubtracts")
    var reader = XCTestOutput(runOrder: [Self.testAdds, testSubtracts])
    var running: [TestIdentifier?] = []
    let events = [
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      "Test Case 'ArithmeticTests.testAdds' passed (0.001 seconds)",
      "/p/ArithmeticTests.swift:9: error: ArithmeticTests.testAdds : failed - after the print",
      "Test Case 'ArithmeticTests.testAdds' failed (0.002 seconds)",
      "Test Case 'ArithmeticTests.testSubtracts' started at 2026-11-23 00:00:00.000",
      "Test Case 'ArithmeticTests.testSubtracts' failed (0.001 seconds)",
      "Test Case 'ArithmeticTests.testSubtracts' passed (0.003 seconds)",
      "Test Suite 'ArithmeticTests' failed at 2026-11-23 00:00:00.000",
    ].flatMap { line in
      defer { running.append(reader.runningTest) }
      return reader.read(line)
    }
    #expect(
      events == [
        .started(Self.testAdds),
        .finished(
          TestResult(
            id: Self.testAdds, outcome: .failed, duration: 0.002,
            issues: [
              TestIssue(
                message: "failed - after the print",
                location: SourceLocation(file: "/p/ArithmeticTests.swift", line: 9))
            ])),
        .started(testSubtracts),
        .finished(TestResult(id: testSubtracts, outcome: .passed, duration: 0.003)),
      ])
    // Running again from its failure to its last line: a crash there is its own.
    #expect(
      running == [Self.testAdds, nil, Self.testAdds, nil, testSubtracts, nil, nil, nil])
    #expect(reader.finish() == [])
  }

  /// A test's output that ends without a newline has XCTest's next line on the same line
  /// (as printed by swift-corelibs-xctest). The place of a failure is the file's, without
  /// the output before it, when that file exists.
  @Test func xctestsLinesAfterOutputWithoutANewlineAreRead() {
    let file = #filePath
    let (events, _) = read([
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      "progress: 75%\(file):9: error: ArithmeticTests.testAdds : failed - after the output",
      "progress: 2/3\(file):12: warning: measure \"adds\": wall clock inconclusive",
      "progress: 100%Test Case 'ArithmeticTests.testAdds' failed (0.002 seconds)",
    ])
    #expect(
      events == [
        .started(Self.testAdds),
        .finished(
          TestResult(
            id: Self.testAdds, outcome: .failed, duration: 0.002,
            issues: [
              TestIssue(
                message: "failed - after the output", location: SourceLocation(file: file, line: 9)),
              TestIssue(
                message: "measure \"adds\": wall clock inconclusive",
                location: SourceLocation(file: file, line: 12), isWarning: true),
            ])),
      ])
  }

  /// A test that prints a child's XCTest run (a test of a test tool) printed lines that
  /// started and ended other tests: the running test took the child's results. XCTest starts
  /// no test while one runs, so those lines are the running test's output.
  @Test func aChildsRunPrintedByATestIsItsOutput() {
    let (events, _) = read([
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      "Test Case 'ChildTests.testOne' started at 2026-11-23 00:00:00.000",
      "/child/ChildTests.swift:3: error: ChildTests.testOne : failed - in the child",
      "Test Case 'ChildTests.testOne' failed (0.001 seconds)",
      "Test Case 'ArithmeticTests.testAdds' passed (0.004 seconds)",
    ])
    #expect(
      events == [
        .started(Self.testAdds),
        .finished(TestResult(id: Self.testAdds, outcome: .passed, duration: 0.004)),
      ])
  }

  @Test func aTestThatNeverEndedIsStillRunning() {
    let (events, running) = read([
      "Test Case 'ArithmeticTests.testAdds' started at 2026-11-23 00:00:00.000",
      "Fatal error: Index out of range",
    ])
    #expect(events == [.started(Self.testAdds)])
    #expect(running == Self.testAdds)
  }
}
