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
  /// The longest each of these tests may run, in seconds, in place of ``testTimeout``, by the
  /// test without its case (`assay mutate` gives each test a few times its own duration).
  public var testTimeouts: [TestIdentifier: Double] = [:]
  /// The most processor time each of these tests may use, in seconds, before it is killed as
  /// timed out, however long it has run: a test that computes that long loops, while a busy
  /// machine only slows it. What counts is the whole process's processor time since the test
  /// started, so give limits to tests that run one at a time (`parallel: false`, or XCTest).
  /// Kept where the system says a process's processor time (Linux).
  public var processorLimits: [TestIdentifier: Double] = [:]
  /// Whether each result says how long its process computed while the test ran
  /// (``TestResult/processorTime``): meaningful for tests that run one at a time. Where the
  /// system does not say it while the process runs (macOS), only the last test of a process
  /// has it, counted from the process's start: exact for a process of one test.
  public var measuresProcessorTime = false
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
  /// A command that starts the test binary, its arguments before the binary's (Valgrind);
  /// empty to start the binary itself.
  public var launcher: [String] = []
  /// The longest a test process may run no test (before its first, between two, after its
  /// last), in seconds, before it is killed and fails the run; `nil` for ``testTimeout``.
  public var idleTimeout: Double?
  /// The hosts of specs and contracts, each with its owner in `ASSAY_EXAMPLES` (the spec's
  /// name, or `contract`): after a crash or a timeout in one of their cases, the cases not yet
  /// run still run, in a process of their own.
  public var caseOwners: [TestIdentifier: String] = [:]
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

  /// The longest `test` may run, in seconds.
  func timeout(of test: TestIdentifier) -> Double {
    testTimeouts[test.withoutCase] ?? testTimeout
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
      ),
      cases: selectableCases(in: batch))
    var useFilter = !batch.isEverything
    var runner = self
    while let tests = state.next(whole: !useFilter) {
      let attempt = Attempt(
        runner: runner, library: batch.library,
        environment: environment.merging(batch.environment) { _, batch in batch }
          .merging(state.environment) { _, resumed in resumed },
        tests: useFilter || tests.count < batch.tests.count ? tests : nil,
        parallel: parallel && !state.runsOneAtATime)
      let outcome = attempt.run(progress: progress)
      if outcome.streamWasEmpty, outcome.results.isEmpty, runner.eventStreamVersion != "1",
        outcome.lastLines.contains(where: { $0.lowercased().holds("event stream version") })
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

  /// The specs' and contracts' cases `batch` may run on their own: none when it runs one
  /// example (`ASSAY_EXAMPLE`), only its share when it names some (`ASSAY_EXAMPLES`).
  private func selectableCases(in batch: TestBatch) -> SelectableCases {
    guard batch.library == .swiftTesting, batch.environment["ASSAY_EXAMPLE"] == nil else {
      return .none
    }
    let owners = caseOwners.filter { batch.tests.contains($0.key) }
    let share = batch.environment["ASSAY_EXAMPLES"]
    return SelectableCases(owners: owners) { [binary, scratchFolder] host in
      let owner = owners[host] ?? ""
      let isContract = owner == SpecNames.contract
      var names =
        TestInventory.listedCases(
          specs: isContract ? [] : [host], contracts: isContract ? [host] : [], binary: binary,
          scratch: scratchFolder)[host] ?? []
      if let share {
        let mine = Set(SpecNames.lines(share, for: owner))
        if !mine.isEmpty { names = names.filter(mine.contains) }
      }
      return names
    }
  }
}
