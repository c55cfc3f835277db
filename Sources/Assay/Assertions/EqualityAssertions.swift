import CustomDump

/// Fails unless `actual == expected`, showing a structural diff when the values are structures
/// or collections.
///
/// ```swift
/// assertEqual(store.people, [appleseed, taylor])
/// // assertEqual failed: values differ (- actual, + expected)
/// //   [
/// //     [0]: Person(
/// // -     firstName: "Jon",
/// // +     firstName: "John",
/// ```
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - expected: The value it should have produced.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertEqual<T: Equatable>(
  _ actual: T,
  _ expected: T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard actual != expected else { return }
  EqualityFailure.notEqual(actual, expected, assertion: "assertEqual")
    .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Fails if `actual == unexpected`.
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - unexpected: The value it must differ from.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertNotEqual<T: Equatable>(
  _ actual: T,
  _ unexpected: T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard actual == unexpected else { return }
  FailureMessage(assertion: "assertNotEqual", summary: "both values are", showing: actual)
    .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
