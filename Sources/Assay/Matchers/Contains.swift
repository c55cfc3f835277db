/// Matches sequences containing `element`.
///
/// - Parameter element: The element that must be present.
/// - Returns: A matcher of sequences containing `element`.
public func contains<Value: Sequence>(_ element: Value.Element) -> Matcher<Value>
where Value.Element: Equatable {
  Matcher("a sequence containing \(ValueDescription.describe(element))") {
    $0.contains(element)
  }
}

/// Matches strings containing `substring`.
///
/// - Parameter substring: The text that must appear.
/// - Returns: A matcher of strings containing `substring`.
public func contains(_ substring: String) -> Matcher<String> {
  Matcher("a string containing \(ValueDescription.describe(substring))") {
    $0.contains(substring)
  }
}
