/// The failure messages of `eventually`, `continually` and `never`: a block's failures under a
/// summary line, or a matcher's mismatch in one sentence.
enum PollingFailure {
  /// `<assertion> failed: <summary>` with the block's failures below it; `nil` when none.
  static func assertions(_ failures: [String], assertion: String, summary: String)
    -> FailureMessage?
  {
    guard !failures.isEmpty else { return nil }
    return FailureMessage(
      assertion: assertion, summary: summary, details: failures.joined(separator: "\n"))
  }

  /// `<assertion> failed: cancelled before its window of <window> ended; it held until then`:
  /// a check of a whole window that was cut short proves nothing, and never passes.
  static func cancelled(assertion: String, window: Duration) -> FailureMessage {
    FailureMessage(
      assertion: assertion,
      summary: "cancelled before its window of \(DurationText.describe(window)) ended; "
        + "it held until then")
  }

  /// `<assertion> failed: expected <matcher> <when>, but <mismatch>`; `nil` when none.
  static func matcher<Value>(
    _ matcher: Matcher<Value>,
    _ failures: [String],
    assertion: String,
    when: String
  ) -> FailureMessage? {
    guard !failures.isEmpty else { return nil }
    return FailureMessage(
      assertion: assertion,
      summary: "expected \(matcher.description) \(when), but \(failures.joined(separator: "; "))"
    )
  }
}
