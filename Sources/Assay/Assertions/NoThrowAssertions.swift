/// Fails if `expression` throws, and returns its value otherwise.
///
/// ```swift
/// let angle = assertNoThrow(try Angle(parsing: "90°"))
/// ```
///
/// - Parameters:
///   - expression: The expression that must not throw.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The expression's value, or `nil` after recording a failure.
@discardableResult
public func assertNoThrow<T>(
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> T? {
  ThrownErrorCheck.expectNoThrow(
    ExpressionResult.of(expression),
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Fails if `expression` throws an error of type `errorType`; other errors are rethrown, so
/// they still fail the test rather than pass unseen.
///
/// - Parameters:
///   - errorType: The type of error that must not be thrown.
///   - expression: The expression under test.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The expression's value, or `nil` after recording a failure.
/// - Throws: Any error thrown by `expression` that is not an `errorType`.
@discardableResult
public func assertNoThrow<T, E: Error>(
  _ errorType: E.Type,
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) throws -> T? {
  let outcome = ExpressionResult.of(expression)
  try ThrownErrorCheck.rethrow(outcome, unlessOfType: errorType)
  return ThrownErrorCheck.expectNoThrow(
    outcome,
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Fails if the awaited `expression` throws, and returns its value otherwise.
///
/// - Parameters:
///   - expression: The expression that must not throw.
///   - message: Extra context, built only when the assertion fails.
///   - isolation: The caller's actor, where the closure runs; inferred.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The expression's value, or `nil` after recording a failure.
@discardableResult
public func assertNoThrow<T>(
  _ expression: @autoclosure () async throws -> T,
  _ message: @autoclosure () -> String = "",
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> T? {
  ThrownErrorCheck.expectNoThrow(
    await ExpressionResult.ofAwaiting(expression),
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Fails if the awaited `expression` throws an error of type `errorType`; other errors are
/// rethrown.
///
/// - Parameters:
///   - errorType: The type of error that must not be thrown.
///   - expression: The expression under test.
///   - message: Extra context, built only when the assertion fails.
///   - isolation: The caller's actor, where the closure runs; inferred.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The expression's value, or `nil` after recording a failure.
/// - Throws: Any error thrown by `expression` that is not an `errorType`.
@discardableResult
public func assertNoThrow<T, E: Error>(
  _ errorType: E.Type,
  _ expression: @autoclosure () async throws -> T,
  _ message: @autoclosure () -> String = "",
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async throws -> T? {
  let outcome = await ExpressionResult.ofAwaiting(expression)
  try ThrownErrorCheck.rethrow(outcome, unlessOfType: errorType)
  return ThrownErrorCheck.expectNoThrow(
    outcome,
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}
