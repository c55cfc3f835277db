/// Fails unless `actual` and `expected` are the same instance (`===`).
///
/// Both parameters are `AnyObject?`, so values typed as a class-bound protocol pass straight in:
///
/// ```swift
/// protocol GaugeDelegate: AnyObject { ... }
/// assertIdentical(gauge.delegate, controller)
/// ```
///
/// - Parameters:
///   - actual: The reference the code under test holds.
///   - expected: The instance it should be.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertIdentical(
  _ actual: AnyObject?,
  _ expected: AnyObject?,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard actual !== expected else { return }
  FailureMessage(
    assertion: "assertIdentical",
    summary: IdentityDescription.differentInstances(actual, expected)
  )
  .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Fails if `actual` and `unexpected` are the same instance (`===`).
///
/// - Parameters:
///   - actual: The reference the code under test holds.
///   - unexpected: The instance it must not be.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertNotIdentical(
  _ actual: AnyObject?,
  _ unexpected: AnyObject?,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard actual === unexpected else { return }
  FailureMessage(
    assertion: "assertNotIdentical",
    summary: "both are \(IdentityDescription.describe(actual))"
  )
  .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
