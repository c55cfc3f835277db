/// Holds the first value delivered from any thread, and wakes a wait for it.
final class FirstDelivery<Value: Sendable>: Sendable {
  private let value = Locked<Value?>(nil)
  /// Fulfilled by every delivery: the first one ends the wait, the others change nothing.
  private let arrived = TestExpectation("first value", reportsOverFulfillment: false)

  /// Keeps `newValue` if it is the first; ignores it otherwise.
  func deliver(_ newValue: Value) {
    value.withLock { kept in
      if kept == nil { kept = newValue }
    }
    arrived.fulfill()
  }

  /// Waits for the first value; `nil` after `timeout`.
  /// - Throws: `CancellationError` when the task is cancelled first.
  func wait(timeout: Duration) async throws -> Value? {
    let session = WaitSession(expectations: [arrived], enforceOrder: false)
    if case .cancelled = await session.run(timeout: timeout) {
      throw CancellationError()
    }
    return value.withLock { $0 }
  }
}
