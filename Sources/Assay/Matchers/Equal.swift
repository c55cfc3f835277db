/// Matches values equal to `expected`; a mismatch shows a diff for structured values.
///
/// - Parameter expected: The value to compare with.
/// - Returns: A matcher of values equal to `expected`.
public func equalTo<Value: Equatable>(_ expected: Value) -> Matcher<Value> {
  Matcher(
    "equal to \(ValueDescription.describe(expected))",
    explaining: { value in
      guard value != expected else { return .match }
      let (summary, details) = EqualityFailure.explain(value, expected)
      return .mismatch(
        details.map { "\(summary)\n\($0)" } ?? "was \(ValueDescription.describe(value))")
    })
}
