import Foundation

/// When `eventually`, `continually` and `never` check their condition within a time window.
///
/// The first checks come fast and the pace then backs off: after each check the poller waits
/// a tenth of the time that has passed since the start, at least 50 µs and at most 10 ms. A
/// condition that becomes true after 5 ms is seen within about half a millisecond; a
/// one-second window costs about a hundred checks, not the hundred thousand of a busy loop
/// nor the coarse 10 ms steps of a fixed tick. The last check falls on the end of the window.
struct PollingSchedule {
  static let shortestPause = Duration.microseconds(50)
  static let longestPause = Duration.milliseconds(10)

  let start = ContinuousClock.now
  let window: Duration

  var deadline: ContinuousClock.Instant { start + window }

  /// When to check next, or `nil` once the window is over. A window is never over after a
  /// single check: when the first check itself outlasts the window (a loaded machine), one
  /// more check follows at once, so the verdict never rests on the check that started the
  /// work alone, and failure messages show the last attempt, not the first.
  func nextCheck(afterChecks checks: Int) -> ContinuousClock.Instant? {
    let now = ContinuousClock.now
    guard now < deadline else { return checks < 2 ? now : nil }
    return min(now + Self.pause(afterElapsed: now - start), deadline)
  }

  /// A tenth of `elapsed`, kept between ``shortestPause`` and ``longestPause``.
  static func pause(afterElapsed elapsed: Duration) -> Duration {
    min(max(elapsed / 10, shortestPause), longestPause)
  }

  /// Suspends the task until `instant`; returns `false` if the task was cancelled.
  func pause(until instant: ContinuousClock.Instant) async -> Bool {
    do {
      try await Task.sleep(until: instant, tolerance: .zero, clock: .continuous)
      return true
    } catch {
      return false
    }
  }

  /// Blocks the thread until `instant`, or less on the main thread when the main run loop
  /// handles an event (a main-queue block may just have changed what is checked).
  func pauseBlocking(until instant: ContinuousClock.Instant) {
    ThreadWakeUp().wait(until: instant)
  }
}

/// When polling stops before its window ends.
enum PollingGoal {
  /// At the first check without failures, as `eventually` does.
  case firstPass
  /// At the first check with a failure, as `continually` and `never` do.
  case firstFailure

  func isReached(by failures: [String]) -> Bool {
    switch self {
    case .firstPass: failures.isEmpty
    case .firstFailure: !failures.isEmpty
    }
  }
}

/// Checks until a check reaches `goal` or the window ends; returns the last check's failures
/// and whether the task was cancelled first.
func poll(
  within window: Duration,
  until goal: PollingGoal,
  isolation: isolated (any Actor)? = #isolation,
  _ check: () async -> [String]
) async -> (failures: [String], cancelled: Bool) {
  let schedule = PollingSchedule(window: window)
  var failures = await check()
  var checks = 1
  while !goal.isReached(by: failures), let next = schedule.nextCheck(afterChecks: checks) {
    guard await schedule.pause(until: next) else { return (failures, true) }
    failures = await check()
    checks += 1
  }
  return (failures, false)
}

/// The blocking form of ``poll(within:until:isolation:_:)``.
func pollBlocking(
  within window: Duration,
  until goal: PollingGoal,
  _ check: () -> [String]
) -> [String] {
  let schedule = PollingSchedule(window: window)
  var failures = check()
  var checks = 1
  while !goal.isReached(by: failures), let next = schedule.nextCheck(afterChecks: checks) {
    schedule.pauseBlocking(until: next)
    failures = check()
    checks += 1
  }
  return failures
}
