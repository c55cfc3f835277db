/// The failure messages of `continually` and `never`.
enum WindowFailure {
  static func assertions(_ failures: [String], assertion: String, window: Duration)
    -> FailureMessage?
  {
    guard !failures.isEmpty else { return nil }
    return FailureMessage(
      assertion: assertion,
      summary: "stopped holding within \(DurationText.describe(window)):",
      details: failures.joined(separator: "\n")
    )
  }

  static func matcher<Value>(
    _ matcher: Matcher<Value>,
    _ failures: [String],
    assertion: String,
    window: Duration
  ) -> FailureMessage? {
    guard !failures.isEmpty else { return nil }
    return FailureMessage(
      assertion: assertion,
      summary: "expected \(matcher.description) throughout \(DurationText.describe(window)), "
        + "but \(failures.joined(separator: "; "))"
    )
  }
}
