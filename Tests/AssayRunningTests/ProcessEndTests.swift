import AssayResults
import Testing

@testable import AssayRunning

/// When the test process's end is a result of its own: whatever no test's result explains.
@Suite struct ProcessEndTests {
  static let a = BatchStateTests.id("a()")
  static let b = BatchStateTests.id("b()")
  static let binary = TestBinary(path: "/p/.build/debug/PPackageTests.xctest")

  private func state(after outcomes: [AttemptOutcome]) -> BatchState {
    var state = BatchState(tests: [Self.a, Self.b])
    for outcome in outcomes {
      _ = state.next()
      state.record(outcome) { _ in }
    }
    return state
  }

  private func ended(_ termination: ChildProcess.Termination, _ results: [TestResult])
    -> AttemptOutcome
  {
    var outcome = AttemptOutcome()
    outcome.results = results
    outcome.ended = Set(results.map(\.id))
    outcome.termination = termination
    outcome.lastLines = ["last line"]
    return outcome
  }

  @Test(arguments: [ChildProcess.Termination.exited(3), .exited(1), .signalled(6)])
  func anEndThatNoTestExplainsIsAFailedResult(_ termination: ChildProcess.Termination) throws {
    let passed = [
      TestResult(id: Self.a, outcome: .passed), TestResult(id: Self.b, outcome: .passed),
    ]
    let state = state(after: [ended(termination, passed)])
    let result = try #require(state.processResult(library: .swiftTesting, binary: Self.binary))
    #expect(result.id.description == "PPackageTests.test process (Swift Testing)")
    #expect(result.outcome == .failed)
    #expect(
      result.issues.map(\.message) == [
        "the test process ended with \(termination), which no test's result explains; "
          + "its last lines:\nlast line"
      ])
  }

  @Test func exitStatusOneAfterAFailingTestIsExplained() {
    let results = [
      TestResult(id: Self.a, outcome: .passed), TestResult(id: Self.b, outcome: .failed),
    ]
    #expect(state(after: [ended(.exited(1), results)]).processIssues.isEmpty)
    #expect(state(after: [ended(.exited(0), results)]).processIssues.isEmpty)
  }

  @Test func aSanitizersReportFailsTheRunEvenBesideAFailingTest() throws {
    var outcome = ended(
      .exited(1),
      [TestResult(id: Self.a, outcome: .failed), TestResult(id: Self.b, outcome: .passed)])
    outcome.sanitizerReports = ["==ERROR: AddressSanitizer: heap-use-after-free\nSUMMARY: x"]
    let state = state(after: [outcome])
    #expect(
      state.processIssues.map(\.message) == [
        "the test process ended with exit status 1, reporting:\n"
          + "==ERROR: AddressSanitizer: heap-use-after-free\nSUMMARY: x"
      ])
  }

  @Test func aCrashOfTestsRunningTogetherThatNoneReproducesAloneIsAFailure() {
    var crash = AttemptOutcome()
    crash.running = [Self.a, Self.b]
    crash.termination = .signalled(11)
    crash.lastLines = ["Program crashed"]
    let alone = ended(
      .exited(0),
      [TestResult(id: Self.a, outcome: .passed), TestResult(id: Self.b, outcome: .passed)])
    let state = state(after: [crash, alone])
    #expect(state.results.map(\.outcome) == [.passed, .passed])
    #expect(
      state.processIssues.map(\.message) == [
        "crashed in parallel, not alone: the test process stopped (signal 11 (SIGSEGV)) while "
          + "T.S/a(), T.S/b() ran together; run one at a time, none of them crashed. Its last "
          + "lines:\nProgram crashed"
      ])
  }

  @Test func aCrashReproducedAloneIsTheTestsOwn() {
    var crash = AttemptOutcome()
    crash.running = [Self.a, Self.b]
    crash.termination = .signalled(11)
    var alone = AttemptOutcome()
    alone.results = [TestResult(id: Self.a, outcome: .passed)]
    alone.ended = [Self.a]
    alone.running = [Self.b]
    alone.termination = .signalled(11)
    let state = state(after: [crash, alone])
    #expect(state.results.map(\.outcome) == [.passed, .crashed])
    #expect(state.processIssues.isEmpty)
  }

  @Test func issuesOutsideTestsAreKeptOnceAcrossRestarts() {
    var first = ended(.exited(1), [TestResult(id: Self.a, outcome: .passed)])
    first.issuesOutsideTests = [TestIssue(message: "suite set-up failed")]
    first.running = []
    let state = state(after: [first, first])
    #expect(state.processIssues.map(\.message) == ["suite set-up failed"])
  }

  @Test func sanitizerReportsAreCollectedWhole() {
    var reports = SanitizerReports()
    for line in [
      "test output", "==================", "WARNING: ThreadSanitizer: data race (pid=1)",
      "  Write of size 8", "SUMMARY: ThreadSanitizer: data race F.swift in f", "==================",
      "more output", "F.swift:3:9: runtime error: index out of range",
      "=================================================================",
      "==9==ERROR: LeakSanitizer: detected memory leaks", "Direct leak of 8 byte(s)",
    ] {
      reports.read(line)
    }
    reports.finish()
    #expect(
      reports.reports == [
        "==================\nWARNING: ThreadSanitizer: data race (pid=1)\n  Write of size 8\n"
          + "SUMMARY: ThreadSanitizer: data race F.swift in f",
        "F.swift:3:9: runtime error: index out of range",
        "=================================================================\n"
          + "==9==ERROR: LeakSanitizer: detected memory leaks\nDirect leak of 8 byte(s)",
      ])
  }
}
