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

/// How Assay explains two values that are not equal; shared by `assertEqual` and `equalTo`.
enum EqualityFailure {
  static func notEqual<T>(_ actual: T, _ expected: T, assertion: String) -> FailureMessage {
    let (summary, details) = explain(actual, expected)
    return FailureMessage(assertion: assertion, summary: summary, details: details)
  }

  /// A one-line summary, plus a diff when the values do not fit on one line.
  static func explain<T>(_ actual: T, _ expected: T) -> (summary: String, details: String?) {
    let actualDescription = ValueDescription.describe(actual)
    let expectedDescription = ValueDescription.describe(expected)
    if actualDescription != expectedDescription, ValueDescription.isShort(actualDescription),
      ValueDescription.isShort(expectedDescription)
    {
      return ("\(actualDescription) is not equal to \(expectedDescription)", nil)
    }
    // Compare the full dumps, so a difference past the cut still shows.
    if String(customDumping: actual) != String(customDumping: expected),
      let difference = ValueDescription.difference(actual, expected)
    {
      return ("values differ (- actual, + expected)", difference)
    }
    return (
      "\(actualDescription) is not equal to \(expectedDescription) "
        + "(they print the same: check \(T.self)'s == or a NaN inside)",
      nil
    )
  }
}
