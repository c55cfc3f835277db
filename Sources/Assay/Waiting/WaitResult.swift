/// How a wait for expectations ended, as ``waitForFulfillment(of:timeout:enforceOrder:fileID:filePath:line:column:)-9s7x7``
/// returns it. Every result but ``completed`` has been recorded as a failure.
public enum WaitResult: Sendable, Equatable {
  /// Every expectation was fulfilled (and no inverted one was) in time.
  case completed
  /// The timeout passed with expectations unfulfilled.
  case timedOut
  /// An inverted expectation was fulfilled.
  case invertedFulfilled
  /// With `enforceOrder`, an expectation was fulfilled before one listed ahead of it.
  case fulfilledOutOfOrder
  /// The waiting task was cancelled first.
  case cancelled
}
