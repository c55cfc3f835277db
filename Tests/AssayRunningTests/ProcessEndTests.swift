import AssayResults
import AssayTestSupport
import AssayToolSupport
import Foundation
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

/// A Swift Testing older than 6.3 refuses the event stream version `assay test` asks for: the
/// run goes on with version 1, and a crash at start-up never counts as that refusal.
@Suite struct EventStreamVersionTests {
  /// A stand-in test binary: refuses version 6.3 as an older Swift Testing does, and with
  /// version 1 reports one passing test.
  static func binary() throws -> TestBinary {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-old-testing-\(UUID().uuidString)").path
    let script = #"""
      #!/bin/sh
      while [ $# -gt 0 ]; do
        case "$1" in
          --event-stream-output-path) out="$2"; shift ;;
          --event-stream-version) version="$2"; shift ;;
        esac
        shift
      done
      if [ "$version" != 1 ]; then
        echo "Event stream version $version is experimental. Use --experimental-event-stream-version to enable it."
        exit 1
      fi
      cat > "$out" <<'EOF'
      {"kind":"test","payload":{"id":"M.S/t()/F.swift:1:1","isParameterized":false,"kind":"function","name":"t()"},"version":0}
      {"kind":"event","payload":{"instant":{"absolute":1},"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":0}
      {"kind":"event","payload":{"instant":{"absolute":2},"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"},"version":0}
      EOF
      """#
    try ExecutableScript.write(script, to: path)
    return TestBinary(path: path)
  }

  @Test func anOlderSwiftTestingRunsWithVersion1() throws {
    let runner = TestRunner(binary: try Self.binary(), testTimeout: 60)
    let test = TestIdentifier(library: .swiftTesting, target: "M", suite: "S", test: "t()")
    let results = runner.run(TestBatch(library: .swiftTesting, tests: [test], isEverything: true))
    #expect(results.map { "\($0.id): \($0.outcome)" } == ["M.S/t(): passed"])
  }
}
