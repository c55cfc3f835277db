/// The outcome of a wait, with what its failure message names.
enum WaitOutcome: Sendable {
  case completed
  case timedOut(unfulfilled: [TestExpectation])
  case invertedFulfilled(TestExpectation)
  case fulfilledOutOfOrder(TestExpectation, before: TestExpectation)
  case cancelled(unfulfilled: [TestExpectation])

  var result: WaitResult {
    switch self {
    case .completed: .completed
    case .timedOut: .timedOut
    case .invertedFulfilled: .invertedFulfilled
    case .fulfilledOutOfOrder: .fulfilledOutOfOrder
    case .cancelled: .cancelled
    }
  }

  /// The failure to record, or `nil` for a completed wait.
  func failure(timeout: Duration) -> FailureMessage? {
    let assertion = "waitForFulfillment"
    switch self {
    case .completed:
      return nil
    case .timedOut(let unfulfilled):
      return FailureMessage(
        assertion: assertion,
        summary: "timed out after \(DurationText.describe(timeout)); unfulfilled:",
        details: Self.list(unfulfilled)
      )
    case .invertedFulfilled(let expectation):
      return FailureMessage(
        assertion: assertion,
        summary: "inverted expectation \(expectation.quotedDescription) was fulfilled"
      )
    case .fulfilledOutOfOrder(let later, let earlier):
      return FailureMessage(
        assertion: assertion,
        summary: "expectations fulfilled out of order: \(later.quotedDescription) "
          + "before \(earlier.quotedDescription)"
      )
    case .cancelled(let unfulfilled) where unfulfilled.isEmpty:
      // Only inverted expectations, which hold only once the whole timeout has passed.
      return FailureMessage(
        assertion: assertion,
        summary: "cancelled while waiting, before the timeout that its inverted expectations "
          + "need had passed"
      )
    case .cancelled(let unfulfilled):
      return FailureMessage(
        assertion: assertion,
        summary: "cancelled while waiting; unfulfilled:",
        details: Self.list(unfulfilled)
      )
    }
  }

  private static func list(_ expectations: [TestExpectation]) -> String {
    expectations.map { expectation in
      "\(expectation.quotedDescription): fulfilled "
        + "\(TestExpectation.times(expectation.fulfillmentCount)), "
        + "expected \(expectation.countText)"
    }
    .joined(separator: "\n")
  }
}
