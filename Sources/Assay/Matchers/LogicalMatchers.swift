/// Matches values that satisfy every one of `matchers`; a mismatch names each part that failed.
///
/// ```swift
/// assertThat(angle, allOf(greaterThan(0), lessThan(.pi)))
/// // assertThat failed: expected all of (greater than 0.0, less than 3.14…),
/// //   but less than 3.14… failed: was 4.0
/// ```
///
/// - Parameter matchers: The matchers that must all match.
/// - Returns: A matcher combining `matchers` with "and".
public func allOf<Value>(_ matchers: Matcher<Value>...) -> Matcher<Value> {
  Matcher(
    "all of (\(matchers.map(\.description).joined(separator: ", ")))",
    explaining: { value in
      let failures = matchers.compactMap { matcher in
        let result = matcher.match(value)
        return result.isMatch ? nil : "\(matcher.description) failed: \(result.explanation)"
      }
      return failures.isEmpty ? .match : .mismatch(failures.joined(separator: "; "))
    }
  )
}

/// Matches values that satisfy at least one of `matchers`; a mismatch explains each miss.
///
/// - Parameter matchers: The matchers of which one must match.
/// - Returns: A matcher combining `matchers` with "or".
public func anyOf<Value>(_ matchers: Matcher<Value>...) -> Matcher<Value> {
  Matcher(
    "any of (\(matchers.map(\.description).joined(separator: ", ")))",
    explaining: { value in
      var misses: [String] = []
      for matcher in matchers {
        let result = matcher.match(value)
        if result.isMatch { return .match }
        misses.append("\(matcher.description): \(result.explanation)")
      }
      return .mismatch("none matched (\(misses.joined(separator: "; ")))")
    }
  )
}

/// Matches values that `matcher` does not match.
///
/// - Parameter matcher: The matcher that must fail.
/// - Returns: The inverse of `matcher`.
public func not<Value>(_ matcher: Matcher<Value>) -> Matcher<Value> {
  Matcher(
    "not \(matcher.description)",
    explaining: { value in
      matcher.match(value).isMatch
        ? .mismatch("was \(ValueDescription.describe(value))") : .match
    })
}
