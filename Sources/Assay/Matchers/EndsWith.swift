/// Matches strings that end with `suffix`.
///
/// - Parameter suffix: The text the string must end with.
/// - Returns: A matcher of strings by suffix.
public func endsWith(_ suffix: String) -> Matcher<String> {
  Matcher("a string ending with \(ValueDescription.describe(suffix))") {
    $0.hasSuffix(suffix)
  }
}

/// Matches collections whose last elements are `suffix`.
///
/// - Parameter suffix: The elements the collection must end with.
/// - Returns: A matcher of collections by suffix.
public func endsWith<Value: BidirectionalCollection>(_ suffix: [Value.Element]) -> Matcher<Value>
where Value.Element: Equatable {
  Matcher("a collection ending with \(ValueDescription.describe(suffix))") {
    $0.reversed().starts(with: suffix.reversed())
  }
}
