import AssayResults
import AssayToolSupport
import Foundation

/// One start of the test binary: runs the tests, reads what they report as it comes, and kills
/// the process group when a test runs past the timeout.
struct Attempt {
  let runner: TestRunner
  let library: TestIdentifier.Library
  let environment: [String: String]
  /// The tests to select; `nil` for every test.
  let tests: [TestIdentifier]?
  /// Whether Swift Testing may run them in parallel.
  let parallel: Bool

  /// The lines that tell what happened: from just before the runtime's crash report
  /// ("Fatal error", "Program crashed") when there is one, else the last ones.
  static func crashLines(_ lines: [String], count: Int) -> [String] {
    let markers = ["Fatal error", "Program crashed", "Precondition failed", "Assertion failed"]
    guard
      let crash = lines.firstIndex(where: { line in markers.contains { line.holds($0) } })
    else { return Array(lines.suffix(count)) }
    let start = max(lines.startIndex, crash - 5)
    return Array(lines[start..<min(lines.endIndex, start + count)])
  }

  /// The XCTest tests this process runs, in the order it runs them: the selected ones in the
  /// binary's order.
  var xctestRunOrder: [TestIdentifier] {
    guard let tests else { return runner.xctestRunOrder }
    let selected = Set(tests)
    return runner.xctestRunOrder.filter { selected.contains($0) }
  }

  func run(progress: (TestRunner.Progress) -> Void) -> AttemptOutcome {
    var outcome = AttemptOutcome()
    let stream = "\(runner.scratchFolder)/events-\(UUID().uuidString).jsonl"
    defer { try? FileManager.default.removeItem(atPath: stream) }
    let selection = tests.map { TestBatch.selection($0, library: library) } ?? []
    var command: (executable: String, arguments: [String])
    switch library {
    case .xctest:
      command = runner.binary.xctest(selection)
    case .swiftTesting:
      command = runner.binary.swiftTesting(
        selection + [
          "--event-stream-output-path", stream, "--event-stream-version",
          runner.eventStreamVersion,
        ] + (parallel ? [] : ["--no-parallel"]))
    }
    if let launcher = runner.launcher.first {
      command = (
        launcher, runner.launcher.dropFirst() + [command.executable] + command.arguments
      )
    }
    let process: ChildProcess
    do {
      _ = FileManager.default.createFile(atPath: stream, contents: nil)
      // Version 6.3 records warnings as `swift test` does (version 1 turns them off, so a
      // trait that counts them sees none); its experimental fields name the test cases.
      process = try ChildProcess(
        executable: command.executable, arguments: command.arguments,
        environment: environment.merging([
          "NO_COLOR": "1", "SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED": "1",
        ]) { mine, _ in mine }, directory: runner.binary.workingDirectory)
    } catch {
      outcome.startError = error.description
      return outcome
    }

    var xctest = XCTestOutput(runOrder: xctestRunOrder)
    var events = SwiftTestingEvents()
    var eventFile = FileHandle(forReadingAtPath: stream)
    var partial = LineSplitter()
    var started: [TestIdentifier: Date] = [:]
    // The process's processor time when each test with a processor limit started.
    var computedBefore: [TestIdentifier: Double] = [:]
    var lines: [String] = []
    var sanitizers = SanitizerReports()
    var streamBytes = 0

    var stopped = false
    func handle(_ result: TestResult) {
      var result = result
      if runner.measuresProcessorTime, let before = computedBefore[result.id],
        let computed = process.processorTime()
      {
        result.processorTime = max(0, computed - before)
      }
      lastActivity = Date()
      started[result.id] = nil
      computedBefore[result.id] = nil
      outcome.results.append(result)
      progress(.finished(result))
      if runner.stopsAtFirstFailure, result.outcome.isFailure, !stopped {
        stopped = true
        outcome.stoppedOnPurpose = true
        process.killGroup()
      }
    }
    // The last time a test started or ended: a process that runs no test for longer than the
    // timeout (a class-wide setUp, a static initializer or an exit handler that hangs) is
    // killed too.
    var lastActivity = Date()
    func start(_ id: TestIdentifier) {
      lastActivity = Date()
      started[id] = Date()
      if runner.measuresProcessorTime || runner.processorLimits[id.withoutCase] != nil {
        // Read after the process ended (a quick test's lines come at once), or where the
        // system says nothing while it runs: from the process's start, which for a process
        // of one test is the test's whole time with the process's start.
        computedBefore[id] = process.isRunning ? process.processorTime() ?? 0 : 0
      }
      progress(.started(id))
    }
    func readEvents() {
      guard let data = try? eventFile?.readToEnd(), !data.isEmpty else { return }
      streamBytes += data.count
      partial.read(data) { line in
        for event in events.read(line) {
          switch event {
          case .started(let id): start(id)
          case .finished(let result): handle(result)
          case .testEnded(let id): outcome.ended.insert(id)
          case .issueOutsideTests(let issue, let owner):
            var said = issue
            said.message =
              (owner.map { "recorded against \($0), outside its tests" }
                ?? "recorded outside any test")
              + (issue.message.isEmpty ? "" : ": \(issue.message)")
            outcome.issuesOutsideTests.append(said)
          case .declared: break
          }
        }
      }
    }

    // XCTest runs one test at a time: what it printed since its test started is that test's own.
    var ownLines: [String] = []
    let termination = process.run(
      line: { line in
        lines.append(line)
        sanitizers.read(line)
        if library == .xctest {
          if line.hasPrefix("Test Case '"),
            line.hasSuffix("' started") || line.holds("' started at ")
          {
            ownLines = []
          }
          ownLines.append(line)
          if ownLines.count > 2000 { ownLines.removeFirst(1000) }
        }
        if runner.forwardsOutput { progress(.printed(line)) }
        // Enough to hold a crash report's beginning after the test's own last lines.
        if lines.count > 2000 { lines.removeFirst(1000) }
        guard library == .xctest else { return }
        for event in xctest.read(line) {
          switch event {
          case .started(let id): start(id)
          case .finished(let result):
            handle(result)
            outcome.ended.insert(result.id)
          }
        }
        // A test whose end line was read runs no more, though its result waits for what
        // comes next: its timeout stops, and the time after it counts as no test's.
        for id in started.keys where id != xctest.runningTest {
          started[id] = nil
          lastActivity = Date()
        }
      },
      tick: {
        if library == .swiftTesting { readEvents() }
        let now = Date()
        let late = started.filter { now.timeIntervalSince($0.value) > runner.timeout(of: $0.key) }
        // Tests still running: an XCTest test whose end line was read is not.
        let limited = computedBefore.filter {
          started[$0.key] != nil && runner.processorLimits[$0.key.withoutCase] != nil
        }
        let computed = limited.isEmpty ? nil : process.processorTime()
        let looping = limited.filter { id, before in
          guard let computed, let limit = runner.processorLimits[id.withoutCase] else {
            return false
          }
          return computed - before > limit
        }
        if !looping.isEmpty, outcome.timedOut.isEmpty {
          outcome.timedOut = looping.keys.sorted()
          for id in looping.keys {
            outcome.timeouts[id] = runner.processorLimits[id.withoutCase]
            outcome.limits[id] = .processorTime
          }
          process.killGroup()
        } else if !late.isEmpty, outcome.timedOut.isEmpty {
          outcome.timedOut = late.keys.sorted()
          let wait = process.processorWait()
          for id in late.keys {
            outcome.timeouts[id] = runner.timeout(of: id)
            outcome.limits[id] = .wallClock(processorWait: wait)
          }
          process.killGroup()
        } else if started.isEmpty, outcome.killedIdleAfter == nil, !stopped,
          now.timeIntervalSince(lastActivity) > runner.idleTimeout ?? runner.testTimeout
        {
          outcome.killedIdleAfter = runner.idleTimeout ?? runner.testTimeout
          process.killGroup()
        }
      })
    if library == .swiftTesting { readEvents() }
    // The last test's result, unless the process was killed for its time.
    for case .finished(let result) in xctest.finish() where !outcome.timedOut.contains(result.id) {
      handle(result)
      outcome.ended.insert(result.id)
    }
    eventFile = nil
    sanitizers.finish()
    outcome.sanitizerReports = sanitizers.reports
    outcome.termination = termination
    outcome.streamWasEmpty = library == .swiftTesting && streamBytes == 0
    outcome.running =
      library == .xctest ? (xctest.runningTest.map { [$0] } ?? []) : events.runningTests
    outcome.lastLines = Self.crashLines(lines, count: runner.outputLines)
    if library == .xctest, xctest.runningTest != nil {
      outcome.ownLines = Self.crashLines(ownLines, count: runner.outputLines)
    }
    return outcome
  }
}
