import AssayResults
import Testing

@testable import AssayRunning

/// Whom the runner blames when the test process stops, and what it runs next.
@Suite struct BatchStateTests {
  static func id(_ name: String, _ testCase: String? = nil) -> TestIdentifier {
    TestIdentifier(
      library: .swiftTesting, target: "T", suite: "S", test: name, testCase: testCase)
  }

  @Test func oneTestRunningWhenTheProcessStopsCrashedAndTheRestRunNext() {
    var state = BatchState(tests: [Self.id("a()"), Self.id("b()"), Self.id("c()")])
    #expect(state.next() == [Self.id("a()"), Self.id("b()"), Self.id("c()")])
    var outcome = AttemptOutcome()
    outcome.results = [TestResult(id: Self.id("a()"), outcome: .passed)]
    outcome.ended = [Self.id("a()")]
    outcome.running = [Self.id("b()")]
    outcome.termination = .signalled(4)
    outcome.lastLines = ["S.swift:3: Fatal error: boom"]
    var restarts: [String] = []
    state.record(outcome) {
      if case .restarting(let reason, let left) = $0 { restarts.append("\(reason), \(left)") }
    }
    #expect(state.results.map(\.outcome) == [.passed, .crashed])
    #expect(
      state.results.last?.reason
        == "Fatal error: boom; the test process stopped: signal 4 (SIGILL)")
    #expect(restarts == ["the test process stopped (signal 4 (SIGILL)), 1"])
    #expect(state.next() == [Self.id("c()")])
  }

  @Test func aSelectionOverItsBudgetRunsInSeveralProcessesInTurn() {
    let tests = [Self.id("a()"), Self.id("b()"), Self.id("c()")]
    var state = BatchState(tests: tests, budget: (100, { _ in 40 }))
    #expect(state.next() == [Self.id("a()"), Self.id("b()")])
    // The process ends without reporting b(): only the tests it was given are marked.
    var outcome = AttemptOutcome()
    outcome.results = [TestResult(id: Self.id("a()"), outcome: .passed)]
    outcome.ended = [Self.id("a()")]
    outcome.termination = .exited(0)
    state.record(outcome) { _ in }
    #expect(
      state.results.map { "\($0.id.test): \($0.outcome)" } == ["a(): passed", "b(): skipped"])
    #expect(state.next() == [Self.id("c()")])
    outcome.results = [TestResult(id: Self.id("c()"), outcome: .passed)]
    outcome.ended = [Self.id("c()")]
    state.record(outcome) { _ in }
    #expect(state.next() == nil)
    #expect(state.results.count == 3)
  }

  @Test func aWholeRunNeedsNoSelectionSoNoBudget() {
    let tests = [Self.id("a()"), Self.id("b()"), Self.id("c()")]
    var state = BatchState(tests: tests, budget: (10, { _ in 40 }))
    #expect(state.next(whole: true) == tests)
    var chunked = BatchState(tests: tests, budget: (10, { _ in 40 }))
    #expect(chunked.next() == [Self.id("a()")])
  }

  @Test func anXCTestSelectionStaysUnderLinuxsLimitOfOneArgument() {
    let many = (0..<5000).map {
      TestIdentifier(
        library: .xctest, target: "ManyTests", suite: "SuiteWithALongishName\($0 / 100)",
        test: "testSomethingQuiteDescriptive\($0)")
    }
    var state = BatchState(
      tests: many,
      budget: (
        TestBatch.selectionBudget(.xctest), { TestBatch.selectionCost($0, library: .xctest) }
      ))
    let first = state.next() ?? []
    #expect(first.count < many.count)
    let argument = TestBatch.selection(first, library: .xctest)
    #expect(argument.count == 1)
    #expect((argument.first?.utf8.count ?? .max) < 128 * 1024)
  }

  @Test func testsRunningTogetherAtACrashRunAgainOneAtATimeToFindTheCulprit() {
    var state = BatchState(tests: [Self.id("a()"), Self.id("b()"), Self.id("c()")])
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.running = [Self.id("a()"), Self.id("b()")]
    outcome.termination = .signalled(11)
    state.record(outcome) { _ in }
    #expect(state.results.isEmpty)
    // The suspects run next, together but one at a time: a crash then names one test.
    #expect(state.next() == [Self.id("a()"), Self.id("b()")])
    #expect(state.isolating)
    var serial = AttemptOutcome()
    serial.results = [TestResult(id: Self.id("a()"), outcome: .passed)]
    serial.ended = [Self.id("a()")]
    serial.running = [Self.id("b()")]
    serial.termination = .signalled(11)
    state.record(serial) { _ in }
    #expect(state.results.map(\.outcome) == [.passed, .crashed])
    #expect(state.results.map(\.id) == [Self.id("a()"), Self.id("b()")])
    #expect(state.next() == [Self.id("c()")])
    #expect(!state.isolating)
  }

  @Test func aSuspectTheSerialRunDidNotReportIsNotLost() {
    var state = BatchState(tests: [Self.id("a()"), Self.id("b()")])
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.running = [Self.id("a()"), Self.id("b()")]
    outcome.termination = .signalled(11)
    state.record(outcome) { _ in }
    _ = state.next()
    var serial = AttemptOutcome()
    serial.results = [TestResult(id: Self.id("a()"), outcome: .passed)]
    serial.ended = [Self.id("a()")]
    serial.termination = .exited(0)
    state.record(serial) { _ in }
    #expect(state.results.map(\.id) == [Self.id("a()"), Self.id("b()")])
    #expect(state.results.map(\.outcome) == [.passed, .skipped])
    #expect(state.next() == nil)
  }

  @Test func aTimedOutTestIsReportedAndTheOthersRunningRunAgain() {
    var state = BatchState(tests: [Self.id("a()"), Self.id("b()")])
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.running = [Self.id("a()"), Self.id("b()")]
    outcome.timedOut = [Self.id("a()")]
    outcome.termination = .signalled(9)
    state.record(outcome) { _ in }
    #expect(state.results.map(\.outcome) == [.timedOut])
    #expect(state.results.map(\.id) == [Self.id("a()")])
    #expect(state.next() == [Self.id("b()")])
  }

  /// A timeout says what the machine did to it: a process kept waiting for a processor a
  /// tenth of its limit or more ran on a busy machine, and the user may raise the limit
  /// rather than look for a loop.
  @Test(arguments: [
    (
      Timeout.wallClock(processorWait: 0.9),
      "killed after running longer than its timeout (2 s); its process waited 0.9 s for a "
        + "processor: the machine was busy"
    ),
    (Timeout.wallClock(processorWait: 0.1), "killed after running longer than its timeout (2 s)"),
    (Timeout.wallClock(processorWait: nil), "killed after running longer than its timeout (2 s)"),
    (Timeout.processorTime, "killed after computing longer than its limit (2 s of processor time)"),
  ])
  func aTimeoutSaysWhichLimitAndHowBusyTheMachineWas(timeout: Timeout, reason: String) {
    var state = BatchState(tests: [Self.id("a()")])
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.running = [Self.id("a()")]
    outcome.timedOut = [Self.id("a()")]
    outcome.timeouts = [Self.id("a()"): 2]
    outcome.limits = [Self.id("a()"): timeout]
    outcome.termination = .signalled(9)
    state.record(outcome) { _ in }
    #expect(state.results.first?.reason == reason)
    #expect(state.results.first?.timeout == timeout)
  }

  @Test func aCrashInACaseKeepsTheFinishedCasesAndBlamesTheRunningOne() {
    var state = BatchState(tests: [Self.id("p(_:)")])
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.results = [TestResult(id: Self.id("p(_:)", "1"), outcome: .passed)]
    outcome.running = [Self.id("p(_:)", "2")]
    outcome.termination = .signalled(4)
    state.record(outcome) { _ in }
    #expect(state.results.map(\.id.testCase) == ["1", "2"])
    #expect(state.results.map(\.outcome) == [.passed, .crashed])
    #expect(state.next() == nil)
  }

  /// A spec `S` of `T` whose host `p(_:)` has four examples, 1 to 4.
  static func spec(listed: [String] = ["1", "2", "3", "4"]) -> SelectableCases {
    SelectableCases(owners: [id("p(_:)"): "T.S"], list: { _ in listed })
  }

  @Test func aCrashInASpecExampleRunsTheExamplesNotYetRunNext() {
    var state = BatchState(tests: [Self.id("p(_:)")], cases: Self.spec())
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.results = [TestResult(id: Self.id("p(_:)", "1"), outcome: .passed)]
    outcome.running = [Self.id("p(_:)", "2")]
    outcome.termination = .signalled(4)
    state.record(outcome) { _ in }
    #expect(state.results.map(\.id.testCase) == ["1", "2"])
    #expect(state.results.map(\.outcome) == [.passed, .crashed])

    #expect(state.next() == [Self.id("p(_:)")])
    #expect(state.environment == ["ASSAY_EXAMPLES": "T.S\t3\nT.S\t4"])
    #expect(!state.runsOneAtATime)
    var rest = AttemptOutcome()
    rest.results = ["3", "4"].map { TestResult(id: Self.id("p(_:)", $0), outcome: .passed) }
    rest.ended = [Self.id("p(_:)")]
    state.record(rest) { _ in }
    #expect(state.results.map(\.id.testCase) == ["1", "2", "3", "4"])
    #expect(state.next() == nil)
    #expect(state.environment.isEmpty)
  }

  @Test func examplesRunningTogetherAtACrashRunAgainOneAtATimeAndOnlyTheCulpritCrashed() {
    var state = BatchState(tests: [Self.id("p(_:)")], cases: Self.spec())
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.running = [Self.id("p(_:)", "1"), Self.id("p(_:)", "2")]
    outcome.termination = .signalled(4)
    state.record(outcome) { _ in }
    #expect(state.results.isEmpty)
    #expect(state.next() == [Self.id("p(_:)")])
    #expect(state.environment == ["ASSAY_EXAMPLES": "T.S\t1\nT.S\t2\nT.S\t3\nT.S\t4"])
    #expect(state.runsOneAtATime)

    var serial = AttemptOutcome()
    serial.results = [TestResult(id: Self.id("p(_:)", "1"), outcome: .passed)]
    serial.running = [Self.id("p(_:)", "2")]
    serial.termination = .signalled(4)
    state.record(serial) { _ in }
    #expect(state.next() == [Self.id("p(_:)")])
    #expect(state.environment == ["ASSAY_EXAMPLES": "T.S\t3\nT.S\t4"])
    var rest = AttemptOutcome()
    rest.results = ["3", "4"].map { TestResult(id: Self.id("p(_:)", $0), outcome: .passed) }
    rest.ended = [Self.id("p(_:)")]
    state.record(rest) { _ in }
    #expect(state.results.map(\.outcome) == [.passed, .crashed, .passed, .passed])
    #expect(state.processResult(library: .swiftTesting, binary: Self.binary) == nil)
  }

  @Test func aTimedOutContractCheckIsReportedAndTheChecksAfterItRun() {
    let cases = SelectableCases(owners: [Self.id("p(_:)"): "contract"], list: { _ in ["a", "b"] })
    var state = BatchState(tests: [Self.id("p(_:)")], cases: cases)
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.running = [Self.id("p(_:)", "a")]
    outcome.timedOut = [Self.id("p(_:)", "a")]
    outcome.termination = .signalled(9)
    state.record(outcome) { _ in }
    #expect(state.results.map(\.outcome) == [.timedOut])
    #expect(state.next() == [Self.id("p(_:)")])
    #expect(state.environment == ["ASSAY_EXAMPLES": "contract\tb"])
  }

  @Test func anExampleTheResumedProcessDidNotReportIsNotLost() {
    var state = BatchState(tests: [Self.id("p(_:)")], cases: Self.spec())
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.running = [Self.id("p(_:)", "1")]
    outcome.termination = .signalled(4)
    state.record(outcome) { _ in }
    _ = state.next()
    var rest = AttemptOutcome()
    rest.results = [TestResult(id: Self.id("p(_:)", "2"), outcome: .passed)]
    rest.ended = [Self.id("p(_:)")]
    state.record(rest) { _ in }
    #expect(state.results.map(\.id.testCase) == ["1", "2", "3", "4"])
    #expect(state.results.map(\.outcome) == [.crashed, .passed, .skipped, .skipped])
    #expect(
      state.results.last?.reason == "not reported: the test process ended (exit status 0) first")
    #expect(state.next() == nil)
  }

  @Test func aCrashInACaseOfAnotherParameterizedTestSaysItsLaterCasesDidNotRun() {
    var state = BatchState(tests: [Self.id("q(_:)")], cases: Self.spec())
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.running = [Self.id("q(_:)", "1")]
    outcome.termination = .signalled(4)
    state.record(outcome) { _ in }
    #expect(
      state.results.map(\.reason) == [
        "the test process stopped: signal 4 (SIGILL); the cases of q(_:) not yet run did "
          + "not run: Swift Testing runs a test's cases together, never one alone"
      ])
    #expect(state.next() == nil)
  }

  @Test func casesOfAnotherParameterizedTestRunningTogetherAtACrashRunAgainOneAtATime() {
    var state = BatchState(tests: [Self.id("q(_:)")])
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.results = [TestResult(id: Self.id("q(_:)", "1"), outcome: .passed)]
    outcome.running = [Self.id("q(_:)", "2"), Self.id("q(_:)", "3")]
    outcome.termination = .signalled(4)
    state.record(outcome) { _ in }
    #expect(state.results.map(\.outcome) == [.passed])
    #expect(state.next() == [Self.id("q(_:)")])
    #expect(state.runsOneAtATime)

    var serial = AttemptOutcome()
    serial.results = [TestResult(id: Self.id("q(_:)", "1"), outcome: .passed)]
    serial.running = [Self.id("q(_:)", "2")]
    serial.termination = .signalled(4)
    state.record(serial) { _ in }
    #expect(state.results.map(\.id.testCase) == ["1", "2"])
    #expect(state.results.map(\.outcome) == [.passed, .crashed])
    #expect(state.next() == nil)
    #expect(state.processResult(library: .swiftTesting, binary: Self.binary) == nil)
  }

  static let binary = TestBinary(path: "/p/.build/debug/TPackageTests.xctest")

  @Test func aParameterizedTestCutShortByAnotherCrashRunsAgainWithoutDuplicates() {
    var state = BatchState(tests: [Self.id("p(_:)"), Self.id("c()")])
    _ = state.next()
    var outcome = AttemptOutcome()
    // Case 1 ended, case 2 had not started when c() crashed: p(_:) is not done.
    outcome.results = [TestResult(id: Self.id("p(_:)", "1"), outcome: .passed)]
    outcome.running = [Self.id("c()")]
    outcome.termination = .signalled(4)
    state.record(outcome) { _ in }
    #expect(state.next() == [Self.id("p(_:)")])
    var again = AttemptOutcome()
    again.results = [
      TestResult(id: Self.id("p(_:)", "1"), outcome: .passed),
      TestResult(id: Self.id("p(_:)", "2"), outcome: .failed),
    ]
    again.ended = [Self.id("p(_:)")]
    state.record(again) { _ in }
    #expect(
      state.results.map(\.id) == [Self.id("c()"), Self.id("p(_:)", "1"), Self.id("p(_:)", "2")])
    #expect(state.next() == nil)
  }

  @Test func testsAProcessEndedWithoutRunningAreReportedInsteadOfRetriedForever() {
    var state = BatchState(tests: [Self.id("a()"), Self.id("b()")])
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.results = [TestResult(id: Self.id("a()"), outcome: .passed)]
    outcome.ended = [Self.id("a()")]
    outcome.termination = .exited(0)
    state.record(outcome) { _ in }
    #expect(state.results.map(\.outcome) == [.passed, .skipped])
    #expect(
      state.results.last?.reason == "not reported: the test process ended (exit status 0) first")
    #expect(state.next() == nil)
  }

  @Test func testsNotReportedByAProcessThatFailedFailWithItsLastLines() {
    var state = BatchState(tests: [Self.id("a()")])
    _ = state.next()
    var outcome = AttemptOutcome()
    outcome.termination = .exited(1)
    outcome.lastLines = ["3 failures"]
    state.record(outcome) { _ in }
    #expect(state.results.map(\.outcome) == [.failed])
    #expect(
      state.results.first?.issues.map(\.message) == [
        "the test process ended (exit status 1) without reporting this test; its last lines:\n3 failures"
      ])
  }
}
