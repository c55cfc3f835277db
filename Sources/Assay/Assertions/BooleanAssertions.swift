/// Fails unless `condition` is `true`.
///
/// ```swift
/// assertTrue(gauge.needsTwoStepAnimation(from: 0, to: .pi))
/// ```
///
/// - Parameters:
///   - condition: The condition that must hold.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertTrue(
  _ condition: Bool,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard !condition else { return }
  FailureMessage(assertion: "assertTrue", summary: "the condition is false")
    .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Fails unless `condition` is `false`.
///
/// - Parameters:
///   - condition: The condition that must not hold.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertFalse(
  _ condition: Bool,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard condition else { return }
  FailureMessage(assertion: "assertFalse", summary: "the condition is true")
    .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
