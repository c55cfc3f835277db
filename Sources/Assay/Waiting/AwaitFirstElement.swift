/// Returns the first element of an asynchronous sequence, or records a failure and ends the
/// test when none arrives within `timeout`.
///
/// ```swift
/// let first = try await awaitFirstElement(of: store.changes, timeout: .seconds(1))
/// assertEqual(first, .saved)
/// // on timeout: awaitFirstElement failed: no element within 1 s
/// ```
///
/// The sequence is iterated in a task of its own, which is cancelled as soon as the first
/// element arrives or the timeout passes; a sequence that honours cancellation (as
/// `AsyncStream` does) stops there.
///
/// - Parameters:
///   - sequence: The sequence to read the first element of.
///   - timeout: How long to wait for an element; 1 second by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The first element.
/// - Throws: The sequence's own error; an error that ends the test when the timeout passes or
///   the sequence finishes empty (the failure is recorded first); `CancellationError` when the
///   task is cancelled.
public func awaitFirstElement<Sequence: AsyncSequence & Sendable>(
  of sequence: Sequence,
  timeout: Duration = .seconds(1),
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async throws -> Sequence.Element where Sequence.Element: Sendable {
  let delivery = FirstDelivery<Result<Sequence.Element?, any Error>>()
  let iteration = Task {
    do {
      for try await element in sequence {
        return delivery.deliver(.success(element))
      }
      delivery.deliver(.success(nil))
    } catch {
      delivery.deliver(.failure(error))
    }
  }
  defer { iteration.cancel() }
  let problem: String
  switch try await delivery.wait(timeout: timeout) {
  case .success(let element?)?:
    return element
  case .failure(let error)?:
    throw error
  case .success(nil)?:
    problem = "the sequence finished without an element"
  case nil:
    problem = "no element within \(DurationText.describe(timeout))"
  }
  let text = FailureMessage(assertion: "awaitFirstElement", summary: problem).text(userMessage: "")
  try TestEnding.fail(
    text,
    unwrapping: Sequence.Element.self,
    xcTestMessage: text,
    outsideTests: WaitFailure(description: text),
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}
