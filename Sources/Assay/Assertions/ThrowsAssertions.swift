/// Fails unless `expression` throws, and returns the error so the test can look closer.
///
/// ```swift
/// let error = assertThrows(try Angle(parsing: "ninety"))
/// ```
///
/// - Parameters:
///   - expression: The expression that must throw.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The thrown error, or `nil` after recording a failure.
@discardableResult
public func assertThrows<T>(
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> (any Error)? {
  ThrownErrorCheck.expectThrows(
    ExpressionResult.of(expression),
    .anyError,
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Fails unless `expression` throws an error of type `errorType`, and returns it.
///
/// ```swift
/// let error = assertThrows(ParseError.self, try Angle(parsing: "ninety"))
/// ```
///
/// - Parameters:
///   - errorType: The type the thrown error must have.
///   - expression: The expression that must throw.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The thrown error, or `nil` after recording a failure.
@discardableResult
public func assertThrows<T, E: Error>(
  _ errorType: E.Type,
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> E? {
  ThrownErrorCheck.expectThrows(
    ExpressionResult.of(expression),
    .ofType(errorType),
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Fails unless `expression` throws an error equal to `expectedError`.
///
/// ```swift
/// assertThrows(ParseError.empty, try Angle(parsing: ""))
/// ```
///
/// - Parameters:
///   - expectedError: The error that must be thrown.
///   - expression: The expression that must throw.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The thrown error, or `nil` after recording a failure.
@discardableResult
public func assertThrows<T, E: Error & Equatable>(
  _ expectedError: E,
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> E? {
  ThrownErrorCheck.expectThrows(
    ExpressionResult.of(expression),
    .equal(to: expectedError),
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Fails unless `expression` throws an error for which `predicate` returns `true`.
///
/// ```swift
/// assertThrows(try loader.load(url)) { error in
///   (error as? URLError)?.code == .timedOut
/// }
/// ```
///
/// - Parameters:
///   - expression: The expression that must throw.
///   - message: Extra context, built only when the assertion fails.
///   - predicate: Whether the thrown error is the one expected.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The thrown error, or `nil` after recording a failure.
@discardableResult
public func assertThrows<T>(
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  where predicate: (any Error) -> Bool
) -> (any Error)? {
  ThrownErrorCheck.expectThrows(
    ExpressionResult.of(expression),
    satisfying: predicate,
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

// MARK: - Awaiting expressions

/// Fails unless the awaited `expression` throws, and returns the error.
///
/// ```swift
/// await assertThrows(try await client.fetchTitle(of: missingPage))
/// ```
///
/// - Parameters:
///   - expression: The expression that must throw.
///   - message: Extra context, built only when the assertion fails.
///   - isolation: The caller's actor, where the closure runs; inferred.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The thrown error, or `nil` after recording a failure.
@discardableResult
public func assertThrows<T>(
  _ expression: @autoclosure () async throws -> T,
  _ message: @autoclosure () -> String = "",
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> (any Error)? {
  ThrownErrorCheck.expectThrows(
    await ExpressionResult.ofAwaiting(expression),
    .anyError,
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Fails unless the awaited `expression` throws an error of type `errorType`, and returns it.
///
/// - Parameters:
///   - errorType: The type the thrown error must have.
///   - expression: The expression that must throw.
///   - message: Extra context, built only when the assertion fails.
///   - isolation: The caller's actor, where the closure runs; inferred.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The thrown error, or `nil` after recording a failure.
@discardableResult
public func assertThrows<T, E: Error>(
  _ errorType: E.Type,
  _ expression: @autoclosure () async throws -> T,
  _ message: @autoclosure () -> String = "",
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> E? {
  ThrownErrorCheck.expectThrows(
    await ExpressionResult.ofAwaiting(expression),
    .ofType(errorType),
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Fails unless the awaited `expression` throws an error equal to `expectedError`.
///
/// - Parameters:
///   - expectedError: The error that must be thrown.
///   - expression: The expression that must throw.
///   - message: Extra context, built only when the assertion fails.
///   - isolation: The caller's actor, where the closure runs; inferred.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The thrown error, or `nil` after recording a failure.
@discardableResult
public func assertThrows<T, E: Error & Equatable>(
  _ expectedError: E,
  _ expression: @autoclosure () async throws -> T,
  _ message: @autoclosure () -> String = "",
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> E? {
  ThrownErrorCheck.expectThrows(
    await ExpressionResult.ofAwaiting(expression),
    .equal(to: expectedError),
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Fails unless the awaited `expression` throws an error for which `predicate` returns `true`.
///
/// - Parameters:
///   - expression: The expression that must throw.
///   - message: Extra context, built only when the assertion fails.
///   - predicate: Whether the thrown error is the one expected.
///   - isolation: The caller's actor, where the closure runs; inferred.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: The thrown error, or `nil` after recording a failure.
@discardableResult
public func assertThrows<T>(
  _ expression: @autoclosure () async throws -> T,
  _ message: @autoclosure () -> String = "",
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  where predicate: (any Error) -> Bool
) async -> (any Error)? {
  await ThrownErrorCheck.expectThrows(
    ExpressionResult.ofAwaiting(expression),
    satisfying: predicate,
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}
