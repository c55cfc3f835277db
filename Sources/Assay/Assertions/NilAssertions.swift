/// Fails unless `value` is `nil`, and shows the value that was there instead.
///
/// - Parameters:
///   - value: The optional that must be empty.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertNil<Wrapped>(
  _ value: Wrapped?,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard let value else { return }
  FailureMessage(assertion: "assertNil", summary: "expected nil, got", showing: value)
    .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Fails if `value` is `nil`.
///
/// To go on using the value, prefer ``unwrap(_:_:fileID:filePath:line:column:)``, which
/// returns it and ends the test when it is missing.
///
/// - Parameters:
///   - value: The optional that must hold a value.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertNotNil<Wrapped>(
  _ value: Wrapped?,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard value == nil else { return }
  FailureMessage(
    assertion: "assertNotNil", summary: "expected a value of type \(Wrapped.self), got nil"
  )
  .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Fails unless `value` is `nil`, for a value whose type only this call could tell, as
/// XCTest's `XCTAssertNil` takes it: `assertNil(try channel.readOutbound())`, where
/// `readOutbound<T>()` is generic over what it returns, reads an `Any?`.
///
/// Fails with `assertNil failed: expected nil, got 3`. Where the type is known, the generic
/// `assertNil` over `Wrapped?` is chosen.
///
/// - Parameters:
///   - value: The optional that must be empty.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
@_disfavoredOverload
public func assertNil(
  _ value: Any?,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  assertNil(
    value as Any?, message(), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Fails if `value` is `nil`, for a value whose type only this call could tell, as XCTest's
/// `XCTAssertNotNil` takes it: `assertNotNil(try channel.readInbound())`, where
/// `readInbound<T>()` is generic over what it returns, reads an `Any?`.
///
/// Fails with `assertNotNil failed: expected a value of type Any, got nil`. Where the type is
/// known, the generic `assertNotNil` over `Wrapped?` is chosen.
///
/// - Parameters:
///   - value: The optional that must hold a value.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
@_disfavoredOverload
public func assertNotNil(
  _ value: Any?,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  assertNotNil(
    value as Any?, message(), fileID: fileID, filePath: filePath, line: line, column: column)
}
