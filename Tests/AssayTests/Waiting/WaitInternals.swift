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

/// How many checks polling makes in a window that is over before the first check ends, with
/// the asynchronous and the blocking loop; each check fails.
func checksInAWindowOfZero() async -> (polling: Int, blocking: Int) {
  let polled = Counter()
  _ = await poll(within: .zero, until: .firstPass) {
    polled.increment()
    return ["still failing"]
  }
  let blocked = Counter()
  _ = pollBlocking(within: .zero, until: .firstPass) {
    blocked.increment()
    return ["still failing"]
  }
  return (polled.value, blocked.value)
}
