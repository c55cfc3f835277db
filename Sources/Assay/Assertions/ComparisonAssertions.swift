/// Fails unless `actual > bound`.
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - bound: The value it must exceed.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertGreaterThan<T: Comparable>(
  _ actual: T,
  _ bound: T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard !(actual > bound) else { return }
  Comparison.failure("assertGreaterThan", actual, "greater than", bound)
    .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Fails unless `actual >= bound`.
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - bound: The least value it may have.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertGreaterThanOrEqual<T: Comparable>(
  _ actual: T,
  _ bound: T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard !(actual >= bound) else { return }
  Comparison.failure("assertGreaterThanOrEqual", actual, "greater than or equal to", bound)
    .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Fails unless `actual < bound`.
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - bound: The value it must stay below.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertLessThan<T: Comparable>(
  _ actual: T,
  _ bound: T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard !(actual < bound) else { return }
  Comparison.failure("assertLessThan", actual, "less than", bound)
    .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Fails unless `actual <= bound`.
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - bound: The greatest value it may have.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertLessThanOrEqual<T: Comparable>(
  _ actual: T,
  _ bound: T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard !(actual <= bound) else { return }
  Comparison.failure("assertLessThanOrEqual", actual, "less than or equal to", bound)
    .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

enum Comparison {
  static func failure<T>(
    _ assertion: String,
    _ actual: T,
    _ relation: String,
    _ bound: T
  ) -> FailureMessage {
    let actualDescription = ValueDescription.describe(actual)
    let boundDescription = ValueDescription.describe(bound)
    return FailureMessage(
      assertion: assertion,
      summary: "\(actualDescription) is not \(relation) \(boundDescription)"
    )
  }
}
