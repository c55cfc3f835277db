/// Returns the first value a completion-handler API delivers, or records a failure and ends
/// the test when none arrives within `timeout`.
///
/// Bridges callback-based code into a straight-line test:
///
/// ```swift
/// let title = try await awaitCallback(timeout: .seconds(2)) { done in
///   loader.fetchTitle(of: url, completion: done)
/// }
/// assertEqual(title, "Homura Akemi")
/// // on timeout: awaitCallback failed: the callback was not called within 2 s
/// ```
///
/// `start` runs at once, on the caller's actor. The callback it receives may be called from
/// any thread, once or more: the first value wins and later ones are ignored, including any
/// that arrive after the timeout.
///
/// - Parameters:
///   - timeout: How long to wait for the callback; 1 second by default.
///   - isolation: The actor to run `start` on; the caller's, by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
///   - start: Starts the work, handing it the callback to call with the value.
/// - Returns: The first value passed to the callback.
/// - Throws: An error that ends the test when the timeout passes (the failure is recorded
///   first), or `CancellationError` when the task is cancelled.
public func awaitCallback<Value: Sendable>(
  timeout: Duration = .seconds(1),
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ start: (@escaping @Sendable (Value) -> Void) -> Void
) async throws -> Value {
  let delivery = FirstDelivery<Value>()
  start { value in delivery.deliver(value) }
  switch try await delivery.wait(timeout: timeout) {
  case .some(let value):
    return value
  case .none:
    let text = FailureMessage(
      assertion: "awaitCallback",
      summary: "the callback was not called within \(DurationText.describe(timeout))"
    )
    .text(userMessage: "")
    try TestEnding.fail(
      text,
      unwrapping: Value.self,
      xcTestMessage: text,
      outsideTests: WaitFailure(description: text),
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
