/// Matches collections with exactly `count` elements.
///
/// - Parameter count: The number of elements required.
/// - Returns: A matcher of collections of that size.
public func hasCount<Value: Collection>(_ count: Int) -> Matcher<Value> {
  hasCount(equalTo(count))
}

/// Matches collections whose element count satisfies `countMatcher`.
///
/// ```swift
/// assertThat(store.people, hasCount(greaterThan(1)))
/// ```
///
/// - Parameter countMatcher: What the count must satisfy.
/// - Returns: A matcher of collections by size.
public func hasCount<Value: Collection>(_ countMatcher: Matcher<Int>) -> Matcher<Value> {
  Matcher(
    "a collection with count \(countMatcher.description)",
    explaining: { value in
      countMatcher.match(value.count).isMatch
        ? .match
        : .mismatch(
          "had \(ValueDescription.elements(value.count)): \(ValueDescription.describe(value))")
    })
}
