@testable import Assay

/// How many waits are registered with `expectation`; zero once they have all ended.
func waiterCount(of expectation: TestExpectation) -> Int {
  expectation.waiterCount
}

/// How many waits are running in the process; zero once every wait has returned.
var runningWaitCount: Int {
  WaitSession.runningCount
}

/// How long polling pauses after `elapsed` of its window.
func pollingPause(afterElapsed elapsed: Duration) -> Duration {
  PollingSchedule.pause(afterElapsed: elapsed)
}

/// Whether polling checks again after `checks` checks of a window that is already over.
func checksAgainAfterTheWindow(afterChecks checks: Int) -> Bool {
  PollingSchedule(window: .zero).nextCheck(afterChecks: checks) != nil
}
