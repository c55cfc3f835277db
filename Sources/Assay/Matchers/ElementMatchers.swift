/// Matches sequences whose every element satisfies `elementMatcher`; an empty sequence matches.
///
/// A mismatch names the first element that failed, by position.
///
/// - Parameter elementMatcher: What each element must satisfy.
/// - Returns: A matcher of sequences by their elements.
public func everyElement<Value: Sequence>(_ elementMatcher: Matcher<Value.Element>)
  -> Matcher<Value>
{
  Matcher(
    "every element \(elementMatcher.description)",
    explaining: { value in
      for (index, element) in value.enumerated() {
        let result = elementMatcher.match(element)
        if !result.isMatch {
          return .mismatch("element [\(index)] \(result.explanation)")
        }
      }
      return .match
    })
}

/// Matches sequences with at least one element that satisfies `elementMatcher`.
///
/// - Parameter elementMatcher: What some element must satisfy.
/// - Returns: A matcher of sequences by their elements.
public func anyElement<Value: Sequence>(_ elementMatcher: Matcher<Value.Element>)
  -> Matcher<Value>
{
  Matcher(
    "some element \(elementMatcher.description)",
    explaining: { value in
      value.contains { elementMatcher.match($0).isMatch }
        ? .match : .mismatch("no element matched in \(ValueDescription.describe(value))")
    })
}
