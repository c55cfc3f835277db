/// Fails unless `value` satisfies `matcher`: the one entry point for every matcher.
///
/// ```swift
/// assertThat(people.map(\.lastName), contains("Appleseed"))
/// // assertThat failed: expected a sequence containing "Appleseed", but was ["Taylor"]
/// ```
///
/// - Parameters:
///   - value: The value the code under test produced.
///   - matcher: What the value must satisfy.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertThat<Value>(
  _ value: Value,
  _ matcher: Matcher<Value>,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let result = matcher.match(value)
  guard !result.isMatch else { return }
  FailureMessage(
    assertion: "assertThat",
    summary: "expected \(matcher.description), but \(result.explanation)"
  )
  .record(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
