/// Matches empty collections (and strings).
///
/// - Returns: A matcher of empty collections.
public func isEmpty<Value: Collection>() -> Matcher<Value> {
  Matcher(
    "empty",
    explaining: { value in
      value.isEmpty
        ? .match
        : .mismatch(
          "had \(ValueDescription.elements(value.count)): \(ValueDescription.describe(value))")
    })
}
