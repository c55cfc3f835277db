import CustomDump

/// How Assay explains two values that are not equal; shared by `assertEqual` and `equalTo`.
enum EqualityFailure {
  static func notEqual<T>(_ actual: T, _ expected: T, assertion: String) -> FailureMessage {
    let (summary, details) = explain(actual, expected)
    return FailureMessage(assertion: assertion, summary: summary, details: details)
  }

  /// A one-line summary, plus a diff when the values do not fit on one line.
  static func explain<T>(_ actual: T, _ expected: T) -> (summary: String, details: String?) {
    // Each value is dumped once: a dump of a large collection is most of the message's cost.
    let actualDump = String(customDumping: actual)
    let expectedDump = String(customDumping: expected)
    let actualDescription = ValueDescription.describe(actual, dump: actualDump)
    let expectedDescription = ValueDescription.describe(expected, dump: expectedDump)
    if actualDescription != expectedDescription, ValueDescription.isShort(actualDescription),
      ValueDescription.isShort(expectedDescription)
    {
      return ("\(actualDescription) is not equal to \(expectedDescription)", nil)
    }
    // Compare the full dumps, so a difference past the cut still shows.
    if actualDump != expectedDump,
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
