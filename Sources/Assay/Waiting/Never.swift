/// Re-evaluates `value` throughout a time window and records a failure the first time it
/// satisfies `matcher`.
///
/// ```swift
/// await never(alarm.ringCount, greaterThan(0), for: .milliseconds(200))
/// // on failure: never failed: expected not greater than 0 throughout 200 ms, but was 1
/// ```
///
/// The checks are samples, at least every 10 ms: a value that matches only between two checks
/// is not seen.
///
/// - Parameters:
///   - value: The expression to evaluate again at every check.
///   - matcher: What the value must never satisfy.
///   - window: How long the value must keep not satisfying `matcher`.
///   - isolation: The actor to evaluate `value` on; the caller's, by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func never<Value>(
  _ value: @autoclosure () async throws -> Value,
  _ matcher: Matcher<Value>,
  for window: Duration,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  await checkThroughout(
    window, value, not(matcher), assertion: "never",
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Re-evaluates `value` throughout a time window, blocking the thread, and records a failure
/// the first time it satisfies `matcher`. The synchronous form, for synchronous XCTest tests;
/// on the main thread it keeps the main run loop and the main queue running between checks.
///
/// - Parameters:
///   - value: The expression to evaluate again at every check.
///   - matcher: What the value must never satisfy.
///   - window: How long the value must keep not satisfying `matcher`.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func never<Value>(
  _ value: @autoclosure () throws -> Value,
  _ matcher: Matcher<Value>,
  for window: Duration,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  checkThroughoutBlocking(
    window, value, not(matcher), assertion: "never",
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
