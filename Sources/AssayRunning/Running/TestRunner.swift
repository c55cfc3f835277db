import AssayResults
import AssayToolSupport
import Foundation

/// Runs a built package's tests in the test binary, directly (no `swift test` in between),
/// and survives what ends a plain run: a test that crashes the process is reported as crashed
/// and the binary starts again for the tests not yet run; a test that hangs past the timeout
/// is reported as timed out, its process group killed, and the run goes on.
///
/// This is the layer `assay test` and `assay mutate` share.
public struct TestRunner: Sendable {
  /// What happened while running, for progress lines.
  public enum Progress: Sendable {
    /// A test or test case started.
    case started(TestIdentifier)
    /// A test or test case ended.
    case finished(TestResult)
    /// The test process stopped early and starts again for the tests left.
    case restarting(reason: String, left: Int)
    /// The test process printed a line (only when ``TestRunner/forwardsOutput`` is set).
    case printed(String)
  }

  /// The binary to run.
  public var binary: TestBinary
  /// The longest a test may run, in seconds, before it is killed and reported as timed out.
  public var testTimeout: Double
  /// Whether Swift Testing runs tests in parallel (its default).
  public var parallel: Bool
  /// Where Swift Testing's event streams are written while running.
  public var scratchFolder: String
  /// The XCTest tests in the order the binary lists and runs them, to name XCTest's results
  /// (``TestInventory/xctestRunOrder``).
  public var xctestRunOrder: [TestIdentifier]
  /// How many of its last printed lines a crashed or timed-out test keeps.
  public var outputLines = 30
  /// Whether every line the tests print is passed on as ``Progress/printed(_:)``.
  public var forwardsOutput = false
  /// Whether the run stops at the first test that fails, crashes or times out (mutation
  /// testing needs one failure, not all of them).
  public var stopsAtFirstFailure = false
  /// Variables added to the environment of every test process.
  public var environment: [String: String] = [:]
  /// The longest a test process may run no test (before its first, between two, after its
  /// last), in seconds, before it is killed and fails the run; `nil` for ``testTimeout``.
  public var idleTimeout: Double?
  /// The version of Swift Testing's event stream asked for: 6.3, which records warnings as
  /// `swift test` does; a binary that rejects it (an older Swift Testing) runs with version 1.
  public var eventStreamVersion = "6.3"

  /// A runner.
  public init(
    binary: TestBinary, testTimeout: Double, parallel: Bool = true,
    scratchFolder: String = NSTemporaryDirectory(), xctestRunOrder: [TestIdentifier] = []
  ) {
    self.binary = binary
    self.testTimeout = testTimeout
    self.parallel = parallel
    self.scratchFolder = scratchFolder
    self.xctestRunOrder = xctestRunOrder
  }

  /// Runs `batch` to its end, however its tests end.
  ///
  /// - Returns: One result per test or test case that ran, crashed or timed out, and for
  ///   each test that could not run, a crashed result saying why.
  ///   A non-zero exit or a signal that no test's result explains, a sanitizer's report, an
  ///   issue recorded outside any test, and a crash that no test reproduces alone are a
  ///   result of their own, named `test process`.
  public func run(_ batch: TestBatch, progress: (Progress) -> Void = { _ in }) -> [TestResult] {
    var state = BatchState(
      tests: batch.tests,
      budget: (
        TestBatch.selectionBudget(batch.library),
        { TestBatch.selectionCost($0, library: batch.library) }
      ))
    var useFilter = !batch.isEverything
    var runner = self
    while let tests = state.next(whole: !useFilter) {
      let attempt = Attempt(
        runner: runner, library: batch.library,
        environment: environment.merging(batch.environment) { _, batch in batch },
        tests: useFilter || tests.count < batch.tests.count ? tests : nil,
        parallel: parallel && !state.isolating)
      let outcome = attempt.run(progress: progress)
      if outcome.streamWasEmpty, outcome.results.isEmpty, runner.eventStreamVersion != "1",
        outcome.lastLines.contains(where: { $0.lowercased().contains("event stream version") })
      {
        // A Swift Testing older than 6.3 refused the version ("Event stream version 6.3 is
        // experimental"), and wrote nothing: never a crash at start-up, which says otherwise.
        runner.eventStreamVersion = "1"
        continue
      }
      useFilter = true
      if stopsAtFirstFailure, outcome.results.contains(where: \.outcome.isFailure) {
        // Stopped on purpose: the tests it killed did not crash.
        return state.results + outcome.results
      }
      state.record(outcome, progress: progress)
      if stopsAtFirstFailure, state.results.contains(where: \.outcome.isFailure) { break }
    }
    guard let process = state.processResult(library: batch.library, binary: binary) else {
      return state.results
    }
    progress(.finished(process))
    return state.results + [process]
  }
}

/// What one process of a batch did.
struct AttemptOutcome {
  var results: [TestResult] = []
  /// Tests whose every case ended.
  var ended: Set<TestIdentifier> = []
  /// Tests or cases still running when the process stopped.
  var running: [TestIdentifier] = []
  /// Those killed for running too long.
  var timedOut: [TestIdentifier] = []
  var termination: ChildProcess.Termination = .exited(0)
  var lastLines: [String] = []
  var startError: String?
  /// Whether the runner killed it on purpose (``TestRunner/stopsAtFirstFailure``).
  var stoppedOnPurpose = false
  /// Sanitizers' and leak checkers' reports, whole.
  var sanitizerReports: [String] = []
  /// Issues that Swift Testing recorded outside any test, or against a suite.
  var issuesOutsideTests: [TestIssue] = []
  /// Whether Swift Testing wrote nothing to its event stream.
  var streamWasEmpty = false
  /// The timeout, when it was killed for running no test for longer than that, in seconds.
  var killedIdleAfter: Double?
  /// What the one test still running printed since it started (XCTest, one test at a time),
  /// for its result instead of the process's last lines.
  var ownLines: [String]?
}

/// The bookkeeping of a batch across its processes: what is left, whom to blame for a crash.
struct BatchState {
  var results: [TestResult] = []
  /// Tests not yet run to their end.
  var left: [TestIdentifier]
  /// Tests that were running together when a process crashed: they run again one at a time,
  /// so that a crash names the one test running.
  var suspects: [TestIdentifier] = []

  /// The most a process's selection may cost, and what each test costs: a longer one is run
  /// in several processes in turn.
  private let budget: (limit: Int, cost: (TestIdentifier) -> Int)?
  /// The tests the process running now was given (without suspects).
  private(set) var current: [TestIdentifier] = []

  init(tests: [TestIdentifier], budget: (limit: Int, cost: (TestIdentifier) -> Int)? = nil) {
    left = tests
    self.budget = budget
  }

  /// Whether the process running now runs the suspects, one at a time.
  private(set) var isolating = false

  /// What no test's result holds: the processes' ends, sanitizers' reports, issues outside
  /// tests, crashes in parallel that no test reproduced alone.
  var processIssues: [TestIssue] = []
  var processOutput: [String] = []
  /// A crash while several tests ran together, until they have run alone.
  private var parallelCrash: (termination: String, tail: String, tests: Set<TestIdentifier>)?

  /// The result of the test processes themselves, when something no test's result explains
  /// happened.
  func processResult(library: TestIdentifier.Library, binary: TestBinary) -> TestResult? {
    guard !processIssues.isEmpty else { return nil }
    let name = (binary.path.split(separator: "/").last.map(String.init) ?? binary.path)
      .replacingOccurrences(of: ".xctest", with: "")
    return TestResult(
      id: TestIdentifier(
        library: library, target: name, suite: "", test: "test process (\(library.rawValue))"),
      outcome: .failed, issues: processIssues,
      reason: processIssues.count == 1
        ? processIssues[0].message.split(separator: "\n").first.map(String.init)
        : "\(processIssues.count) problems outside the tests' results",
      output: processOutput.isEmpty ? nil : processOutput.joined(separator: "\n\n"))
  }

  /// The tests of the next process, or `nil` when the batch is done; `whole` when the process
  /// runs without a selection (every test of its library), so no budget applies.
  mutating func next(whole: Bool = false) -> [TestIdentifier]? {
    isolating = !suspects.isEmpty
    if isolating { return suspects }
    guard !left.isEmpty else { return nil }
    current = left
    if let budget, !whole {
      var spent = 0
      let fitting = left.prefix { test in
        spent += budget.cost(test)
        return spent <= budget.limit
      }
      current = Array(left.prefix(max(1, fitting.count)))
    }
    return current
  }

  /// What the runtime said before it stopped: `Fatal error: boom`, without the location.
  static func crashMessage(in lines: [String]) -> String? {
    for marker in ["Fatal error", "Precondition failed", "Assertion failed"] {
      if let line = lines.first(where: { $0.contains(marker + ":") || $0.hasSuffix(marker) }),
        let range = line.range(of: marker)
      {
        return String(line[range.lowerBound...])
      }
    }
    return nil
  }

  /// Makes the process's end a result when no test's result explains it: an exit status
  /// other than a failing test's 1, a signal with no test running, a sanitizer's report.
  private mutating func recordProcessEnd(_ outcome: AttemptOutcome, crashed: Bool, tail: String) {
    // A process that starts again reports a suite's issue again: each once.
    for issue in outcome.issuesOutsideTests where !processIssues.contains(issue) {
      processIssues.append(issue)
    }
    guard outcome.termination != .exited(0), !outcome.stoppedOnPurpose else { return }
    if let seconds = outcome.killedIdleAfter {
      let said = seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
      processIssues.append(
        TestIssue(
          message: "the test process ran no test for \(said) s (before its "
            + "first test, between two or after its last: a class-wide setUp, a static "
            + "initializer or an exit handler) and was killed; its last lines:\n\(tail)"))
      processOutput.append(tail)
      return
    }
    if !outcome.sanitizerReports.isEmpty {
      processIssues.append(
        TestIssue(
          message: "the test process ended with \(outcome.termination), reporting:\n"
            + outcome.sanitizerReports.joined(separator: "\n")))
      return
    }
    // A failing test, or an issue outside the tests, makes both libraries exit with 1.
    let failed = results.contains { $0.outcome.isFailure } || !outcome.issuesOutsideTests.isEmpty
    guard !crashed, outcome.timedOut.isEmpty, !(outcome.termination == .exited(1) && failed)
    else { return }
    processIssues.append(
      TestIssue(
        message: "the test process ended with \(outcome.termination), which no test's "
          + "result explains; its last lines:\n\(tail)"))
    processOutput.append(tail)
  }

  mutating func record(_ outcome: AttemptOutcome, progress: (TestRunner.Progress) -> Void) {
    let tail = outcome.lastLines.joined(separator: "\n")
    // A crashed or timed-out test keeps its own output when it is known.
    let own = outcome.ownLines?.joined(separator: "\n") ?? tail
    if let startError = outcome.startError {
      // The binary would not start: the tests left cannot run, and the batch stops here.
      for test in left + suspects {
        results.append(TestResult(id: test, outcome: .crashed, reason: startError))
      }
      left = []
      suspects = []
      return
    }
    // A test run again (a suspect, or a parameterized test cut short) replaces its results.
    let rerun = Set(outcome.results.map(\.id))
    results.removeAll { rerun.contains($0.id) }
    results += outcome.results
    // Done means every case ended: a parameterized test with finished cases may have more.
    var done = outcome.ended
    for id in outcome.timedOut {
      results.append(
        TestResult(
          id: id, outcome: .timedOut, reason: "killed after running longer than the timeout",
          output: own))
      done.insert(id.withoutCase)
    }
    // A parameterized test still running has finished cases in `results`: it is not done.
    let stillRunning = outcome.running.filter { !outcome.timedOut.contains($0) }
    done.subtract(stillRunning.map(\.withoutCase))
    let crashed = outcome.timedOut.isEmpty && !stillRunning.isEmpty
    let blamed = Set(stillRunning.map(\.withoutCase))
    if crashed, blamed.count == 1 {
      // One test was running: it stopped the process.
      let said = Self.crashMessage(in: outcome.lastLines).map { "\($0); " } ?? ""
      for id in stillRunning {
        results.append(
          TestResult(
            id: id, outcome: .crashed,
            reason: "\(said)the test process stopped: \(outcome.termination)", output: own))
      }
      done.formUnion(blamed)
    } else if crashed {
      // Several tests ran in parallel: they run again one at a time, to find the one.
      suspects += blamed.sorted().filter { !suspects.contains($0) }
      parallelCrash = (
        "\(outcome.termination)", tail, blamed.union(parallelCrash?.tests ?? [])
      )
    }
    recordProcessEnd(outcome, crashed: crashed, tail: tail)
    suspects = suspects.filter { !done.contains($0) }
    left = left.filter { !done.contains($0) && !suspects.contains($0) }
    if !crashed, outcome.timedOut.isEmpty {
      // The process ended by itself without reporting these tests (a filter the binary does
      // not know, or its own main running another framework): they will not run on a
      // restart either. Never a pass: a failure when the process said so, else a skip.
      let failed = outcome.termination != .exited(0)
      let ended = "the test process ended (\(outcome.termination))"
      let pending = Set(left)
      for test in isolating ? suspects : current.filter(pending.contains) {
        results.append(
          TestResult(
            id: test, outcome: failed ? .failed : .skipped,
            issues: failed
              ? [
                TestIssue(message: "\(ended) without reporting this test; its last lines:\n\(tail)")
              ]
              : [],
            reason: "not reported: \(ended) first", output: tail))
      }
      if isolating {
        suspects = []
      } else {
        let given = Set(current)
        left.removeAll { given.contains($0) }
      }
    }
    if let crash = parallelCrash, suspects.isEmpty {
      // Every suspect ran alone: a crash none of them reproduced is still a failure.
      let crashedAlone = results.contains {
        $0.outcome == .crashed && crash.tests.contains($0.id.withoutCase)
      }
      if !crashedAlone {
        let names = crash.tests.sorted().map(\.description).joined(separator: ", ")
        processIssues.append(
          TestIssue(
            message: "crashed in parallel, not alone: the test process stopped "
              + "(\(crash.termination)) while \(names) ran together; run one at a time, none of "
              + "them crashed. Its last lines:\n\(crash.tail)"))
        processOutput.append(crash.tail)
      }
      parallelCrash = nil
    }
    if crashed || !outcome.timedOut.isEmpty, !left.isEmpty || !suspects.isEmpty {
      let reason =
        outcome.timedOut.isEmpty
        ? "the test process stopped (\(outcome.termination))" : "a test timed out"
      progress(.restarting(reason: reason, left: left.count + suspects.count))
    }
  }
}
