import AssayResults
import AssayToolSupport

/// What one process of a batch did.
struct AttemptOutcome {
  var results: [TestResult] = []
  /// Tests whose every case ended.
  var ended: Set<TestIdentifier> = []
  /// Tests or cases still running when the process stopped.
  var running: [TestIdentifier] = []
  /// Those killed for running too long.
  var timedOut: [TestIdentifier] = []
  /// The timeout each of ``timedOut`` ran longer than, in seconds.
  var timeouts: [TestIdentifier: Double] = [:]
  /// The limit each of ``timedOut`` ran past; its wall clock's when absent.
  var limits: [TestIdentifier: Timeout] = [:]
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
