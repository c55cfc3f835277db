import AssayResults
import AssayToolSupport

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

  /// The specs and contracts whose cases not yet run still run after a crash or a timeout
  /// in one of their cases.
  private let cases: SelectableCases
  /// Each such host's cases, once listed.
  private var listed: [TestIdentifier: [String]] = [:]
  /// The cases of specs and contracts to run after a crash or a timeout in one of them, a
  /// process for each host; one at a time when several of them were running at a crash.
  private var resumptions: [(host: TestIdentifier, cases: [String], oneAtATime: Bool)] = []
  /// The cases the process running now was given, when it resumes a host.
  private var resuming: (host: TestIdentifier, cases: [String])?

  init(
    tests: [TestIdentifier], budget: (limit: Int, cost: (TestIdentifier) -> Int)? = nil,
    cases: SelectableCases = .none
  ) {
    left = tests
    self.budget = budget
    self.cases = cases
  }

  /// Whether the process running now runs the suspects, one at a time.
  private(set) var isolating = false
  /// Whether the process running now runs its tests (or cases) one at a time.
  private(set) var runsOneAtATime = false
  /// Variables the process running now needs: `ASSAY_EXAMPLES` when it resumes a host.
  private(set) var environment: [String: String] = [:]

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
    runsOneAtATime = isolating
    environment = [:]
    resuming = nil
    if isolating { return suspects }
    if !resumptions.isEmpty {
      let resumption = resumptions.removeFirst()
      runsOneAtATime = resumption.oneAtATime
      resuming = (resumption.host, resumption.cases)
      environment = ["ASSAY_EXAMPLES": cases.variable(resumption.cases, of: resumption.host)]
      current = [resumption.host]
      return current
    }
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

  /// A timeout as people say it: `2 s`, `1.5 s`.
  /// Why a test timed out: which limit it ran past, and, for the clock's, how long its
  /// process waited for a processor when that was a tenth of the limit or more.
  static func timeoutReason(_ limit: Timeout, _ seconds: Double?) -> String {
    switch limit {
    case .processorTime:
      return
        "killed after computing longer than its limit (\(Self.seconds(seconds)) of processor time)"
    case .wallClock(let wait):
      let reason = "killed after running longer than its timeout (\(Self.seconds(seconds)))"
      guard let wait, let seconds, wait >= seconds / 10 else { return reason }
      return reason
        + String(format: "; its process waited %.1f s for a processor: the machine was busy", wait)
    }
  }

  static func seconds(_ value: Double?) -> String {
    guard let value else { return "?" }
    return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
  }

  /// What the runtime said before it stopped: `Fatal error: boom`, without the location.
  static func crashMessage(in lines: [String]) -> String? {
    for marker in ["Fatal error", "Precondition failed", "Assertion failed"] {
      if let line = lines.first(where: { $0.holds(marker + ":") || $0.hasSuffix(marker) }),
        let range = line.firstRange(ofBytes: marker)
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
      let cases = resumptions.flatMap { resumption in
        resumption.cases.map { resumption.host.with(testCase: $0) }
      }
      for test in left + suspects + cases {
        results.append(TestResult(id: test, outcome: .crashed, reason: startError))
      }
      left = []
      suspects = []
      resumptions = []
      return
    }
    // A test run again (a suspect, or a parameterized test cut short) replaces its results.
    let rerun = Set(outcome.results.map(\.id))
    results.removeAll { rerun.contains($0.id) }
    results += outcome.results
    // Done means every case ended: a parameterized test with finished cases may have more.
    var done = outcome.ended
    // Specs and contracts whose cases not yet run run next: true when one at a time.
    var resumed: [TestIdentifier: Bool] = [:]
    for id in outcome.timedOut {
      let limit = outcome.limits[id] ?? .wallClock(processorWait: nil)
      var result = TestResult(
        id: id, outcome: .timedOut, reason: Self.timeoutReason(limit, outcome.timeouts[id]),
        output: own)
      result.timeout = limit
      results.append(result)
      done.insert(id.withoutCase)
      if id.testCase != nil, selectable(id.withoutCase) { resumed[id.withoutCase] = false }
    }
    // A parameterized test still running has finished cases in `results`: it is not done.
    let stillRunning = outcome.running.filter { !outcome.timedOut.contains($0) }
    done.subtract(stillRunning.map(\.withoutCase))
    let crashed = outcome.timedOut.isEmpty && !stillRunning.isEmpty
    let blamed = Set(stillRunning.map(\.withoutCase))
    if crashed, blamed.count == 1, let host = blamed.first, stillRunning.count > 1,
      stillRunning.allSatisfy({ $0.testCase != nil }), selectable(host)
    {
      // Several cases of one spec or contract ran together: they run again one at a time, to
      // find the one, with the cases not yet run.
      resumed[host] = true
      done.insert(host)
      parallelCrash = (
        "\(outcome.termination)", tail, Set([host]).union(parallelCrash?.tests ?? [])
      )
    } else if crashed, blamed.count == 1, let host = blamed.first, stillRunning.count > 1,
      stillRunning.allSatisfy({ $0.testCase != nil }), !isolating
    {
      // Several cases of another parameterized test ran together: it runs again, its cases
      // one at a time, so that the crash names one case.
      suspects.append(host)
      parallelCrash = (
        "\(outcome.termination)", tail, Set([host]).union(parallelCrash?.tests ?? [])
      )
    } else if crashed, blamed.count == 1, let host = blamed.first {
      // One test was running: it stopped the process.
      let said = Self.crashMessage(in: outcome.lastLines).map { "\($0); " } ?? ""
      var lost = ""
      if stillRunning.contains(where: { $0.testCase != nil }) {
        if selectable(host) {
          resumed[host] = false
        } else {
          lost =
            "; the cases of \(host.test) not yet run did not run: Swift Testing runs a "
            + "test's cases together, never one alone"
        }
      }
      for id in stillRunning {
        results.append(
          TestResult(
            id: id, outcome: .crashed,
            reason: "\(said)the test process stopped: \(outcome.termination)\(lost)",
            output: own))
      }
      done.formUnion(blamed)
    } else if crashed {
      // Several tests ran in parallel: they run again one at a time, to find the one.
      suspects += blamed.sorted().filter { !suspects.contains($0) }
      parallelCrash = (
        "\(outcome.termination)", tail, blamed.union(parallelCrash?.tests ?? [])
      )
    }
    if let resuming, !crashed, outcome.timedOut.isEmpty {
      // The process ended by itself without reporting these cases: never a pass.
      let reported = Set(results.map(\.id))
      let failed = outcome.termination != .exited(0)
      let ended = "the test process ended (\(outcome.termination))"
      for name in resuming.cases
      where !reported.contains(resuming.host.with(testCase: name)) {
        results.append(
          TestResult(
            id: resuming.host.with(testCase: name), outcome: failed ? .failed : .skipped,
            issues: failed
              ? [
                TestIssue(message: "\(ended) without reporting this case; its last lines:\n\(tail)")
              ]
              : [],
            reason: "not reported: \(ended) first", output: tail))
      }
    }
    for (host, oneAtATime) in resumed.sorted(by: { $0.key < $1.key }) {
      let ran = Set(results.filter { $0.id.withoutCase == host }.compactMap(\.id.testCase))
      let rest = (listed[host] ?? []).filter { !ran.contains($0) }
      resumptions.removeAll { $0.host == host }
      if !rest.isEmpty { resumptions.append((host, rest, oneAtATime)) }
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
    if let crash = parallelCrash, suspects.isEmpty, !resumptions.contains(where: \.oneAtATime) {
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
    let waiting = left.count + suspects.count + resumptions.map(\.cases.count).reduce(0, +)
    if crashed || !outcome.timedOut.isEmpty, waiting > 0 {
      let reason =
        outcome.timedOut.isEmpty
        ? "the test process stopped (\(outcome.termination))" : "a test timed out"
      progress(.restarting(reason: reason, left: waiting))
    }
  }

  /// Whether the cases of `host` can run on their own (a spec or a contract whose cases are
  /// listed); lists them the first time.
  private mutating func selectable(_ host: TestIdentifier) -> Bool {
    guard cases.owners[host] != nil else { return false }
    if listed[host] == nil { listed[host] = cases.list(host) }
    return listed[host]?.isEmpty == false
  }
}
