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
