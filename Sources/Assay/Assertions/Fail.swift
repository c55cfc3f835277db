/// Records a failure unconditionally, in whichever framework runs the current test.
///
/// Use it for paths a test must never reach, and as the building block of your own
/// assertion helpers: take `fileID`, `filePath`, `line` and `column` with the same defaults
/// and pass them on, so the failure points at your caller.
///
/// ```swift
/// guard case .loaded(let page) = state else {
///   return fail("expected a loaded page, got \(state)")
/// }
/// ```
///
/// - Parameters:
///   - message: What went wrong, shown as it is; `fail() was called` when empty.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func fail(
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let userMessage = message()
  let text = userMessage.isEmpty ? "fail() was called" : userMessage
  FailureReporter.record(
    text,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}
