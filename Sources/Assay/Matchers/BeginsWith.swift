/// Matches strings that begin with `prefix`.
///
/// - Parameter prefix: The text the string must start with.
/// - Returns: A matcher of strings by prefix.
public func beginsWith(_ prefix: String) -> Matcher<String> {
  Matcher("a string beginning with \(ValueDescription.describe(prefix))") {
    $0.hasPrefix(prefix)
  }
}

/// Matches sequences whose first elements are `prefix`.
///
/// - Parameter prefix: The elements the sequence must start with.
/// - Returns: A matcher of sequences by prefix.
public func beginsWith<Value: Sequence>(_ prefix: [Value.Element]) -> Matcher<Value>
where Value.Element: Equatable {
  Matcher("a sequence beginning with \(ValueDescription.describe(prefix))") {
    $0.starts(with: prefix)
  }
}
