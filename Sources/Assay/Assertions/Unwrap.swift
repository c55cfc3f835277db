/// Returns the value inside `value`, or records a failure and ends the test when it is `nil`.
///
/// Like `XCTUnwrap` and `#require`, but one function for both frameworks:
///
/// ```swift
/// let first = try unwrap(store.people.first)
/// assertEqual(first.lastName, "Appleseed")
/// ```
///
/// The failure is recorded once. Inside a Swift Testing `@Test` it is an issue, and the test
/// stops with `Test.cancel`; inside an `XCTestCase`, Assay hands the value to `XCTUnwrap`,
/// whose thrown error XCTest knows not to count twice.
///
/// - Parameters:
///   - value: The optional that must hold a value.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The unwrapped value.
/// - Throws: An error that ends the test when `value` is `nil`.
public func unwrap<T>(
  _ value: T?,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) throws -> T {
  if let value {
    return value
  }
  let userMessage = message()
  let text = FailureMessage(
    assertion: "unwrap",
    summary: "expected a non-nil value of type \(T.self)"
  )
  .text(userMessage: userMessage)
  try TestEnding.fail(
    text,
    unwrapping: T.self,
    xcTestMessage: userMessage,
    outsideTests: UnwrapFailure(description: text),
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// The error `unwrap` throws when no test framework is running a test.
public struct UnwrapFailure: Error, CustomStringConvertible, AlreadyRecordedError {
  /// The failure message, as written to standard error.
  public let description: String
}
