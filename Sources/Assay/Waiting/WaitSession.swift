import Dispatch

/// One wait for a set of expectations: woken directly by each fulfillment, ended by the first
/// outcome (completion, a violation, the timeout or cancellation), then torn down.
///
/// A session registers with its expectations, so `fulfill()` wakes it on the fulfilling
/// thread; no polling. Its timeout is a dispatch timer. When the session ends it resumes the
/// waiter first, then tears down (cancels the timer, leaves its expectations): the waiter
/// calls ``tearDown()`` too before it returns, which waits for a teardown in progress, so
/// nothing of a wait outlives it, and the teardown costs the woken waiter nothing.
final class WaitSession: Sendable {
  let expectations: [TestExpectation]
  let enforceOrder: Bool
  private let state = Locked(State())
  /// Held for the whole teardown, so a second caller waits until it is complete.
  private let teardown = Locked(false)

  // @unchecked: the timer is a `DispatchSourceTimer`, which is thread-safe but not marked
  // Sendable; it is only stored, read and cancelled under `state`'s lock.
  private struct State: @unchecked Sendable {
    var outcome: WaitOutcome?
    var isRunning = false
    var resume: (@Sendable (WaitOutcome) -> Void)?
    var timer: (any DispatchSourceTimer)?
  }

  /// How many sessions are running in the process: zero once every wait has returned.
  static var runningCount: Int {
    running.withLock { $0 }
  }
  private static let running = Locked(0)

  init(expectations: [TestExpectation], enforceOrder: Bool) {
    self.expectations = expectations
    self.enforceOrder = enforceOrder
  }

  /// Waits, suspending the task, until the outcome is known; cancelling the task ends the wait.
  func run(timeout: Duration) async -> WaitOutcome {
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        start(timeout: timeout) { continuation.resume(returning: $0) }
      }
    } onCancel: {
      cancel()
    }
    tearDown()
    return outcome
  }

  /// Starts waiting; `resume` is called once, with the outcome, on whichever thread ends the
  /// wait (possibly this one, before `start` returns). Call ``tearDown()`` after it.
  func start(timeout: Duration, resume: @escaping @Sendable (WaitOutcome) -> Void) {
    let endedEarly = state.withLock { state -> WaitOutcome? in
      if let outcome = state.outcome {
        return outcome
      }
      state.isRunning = true
      state.resume = resume
      return nil
    }
    if let endedEarly {
      return resume(endedEarly)
    }
    Self.running.withLock { $0 += 1 }
    for expectation in expectations {
      expectation.addWaiter(self)
    }
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.setEventHandler { [weak self] in self?.timeOut() }
    timer.schedule(
      deadline: .now() + timeout.dispatchInterval,
      leeway: .microseconds(100)
    )
    let keepsTimer = state.withLock { state in
      if state.outcome == nil {
        state.timer = timer
        return true
      }
      return false
    }
    // A dispatch source must be activated before its last release, even one never used.
    if !keepsTimer {
      timer.cancel()
    }
    timer.activate()
    if keepsTimer {
      expectationChanged()
    } else if teardown.withLock({ $0 }) {
      // Ended and torn down while registering: leave the expectations joined since.
      leaveExpectations()
    }
  }

  /// Re-evaluates the expectations; called by `fulfill()`.
  func expectationChanged() {
    if let outcome = currentOutcome(timedOut: false) {
      finish(outcome)
    }
  }

  /// Ends the wait because its task was cancelled.
  func cancel() {
    finish(currentOutcome(timedOut: false) ?? .cancelled(unfulfilled: unfulfilled))
  }

  private func timeOut() {
    finish(currentOutcome(timedOut: true) ?? .timedOut(unfulfilled: unfulfilled))
  }

  private func finish(_ outcome: WaitOutcome) {
    let resume = state.withLock { state -> (@Sendable (WaitOutcome) -> Void)?? in
      guard state.outcome == nil else { return nil }
      state.outcome = outcome
      defer { state.resume = nil }
      return .some(state.resume)
    }
    guard let resume else { return }
    resume?(outcome)
    tearDown()
  }

  /// Cancels the timer and leaves the expectations, once; a second caller returns only when
  /// the first has finished. Does nothing before the wait has ended.
  func tearDown() {
    teardown.withLock { isTornDown in
      let (ended, wasRunning, timer) = state.withLock { state in
        defer { state.timer = nil }
        return (state.outcome != nil, state.isRunning, state.timer)
      }
      guard ended, !isTornDown else { return }
      isTornDown = true
      guard wasRunning else { return }
      timer?.cancel()
      leaveExpectations()
      Self.running.withLock { $0 -= 1 }
    }
  }

  private func leaveExpectations() {
    for expectation in expectations {
      expectation.removeWaiter(self)
    }
  }

  /// The outcome the expectations decide now, or `nil` while the wait should go on.
  private func currentOutcome(timedOut: Bool) -> WaitOutcome? {
    let expected = expectations.filter { !$0.isInverted }
    if let inverted = expectations.first(where: { $0.isInverted && $0.isFulfilled }) {
      return .invertedFulfilled(inverted)
    }
    if enforceOrder, let violation = orderViolation(among: expected) {
      return violation
    }
    // Only inverted expectations: they hold only if nothing fulfills them for the whole timeout.
    if expected.isEmpty && !expectations.isEmpty {
      return timedOut ? .completed : nil
    }
    return expected.allSatisfy(\.isFulfilled) ? .completed : nil
  }

  /// The first expectation fulfilled before one listed ahead of it.
  private func orderViolation(among expectations: [TestExpectation]) -> WaitOutcome? {
    let orders = expectations.map(\.fulfilmentOrder)
    for (later, laterOrder) in orders.enumerated() {
      guard let laterOrder else { continue }
      for earlier in 0..<later where orders[earlier].map({ $0 > laterOrder }) ?? true {
        return .fulfilledOutOfOrder(expectations[later], before: expectations[earlier])
      }
    }
    return nil
  }

  private var unfulfilled: [TestExpectation] {
    expectations.filter { !$0.isInverted && !$0.isFulfilled }
  }
}
