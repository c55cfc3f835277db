/// A reusable, composable check of a value, in the Hamcrest tradition.
///
/// A matcher has a ``description`` of what it expects (`greater than 3`) and, given a value,
/// returns a ``MatchResult`` that explains any mismatch (`was 1`). Pass matchers to
/// ``assertThat(_:_:_:fileID:filePath:line:column:)`` and combine them with ``allOf(_:)``,
/// ``anyOf(_:)`` and ``not(_:)``.
///
/// A new matcher takes a few lines:
///
/// ```swift
/// func isEven() -> Matcher<Int> {
///   Matcher("an even number") { $0.isMultiple(of: 2) }
/// }
///
/// assertThat(gauge.tickCount, allOf(isEven(), greaterThan(4)))
/// ```
public struct Matcher<Value> {
  /// What the matcher expects, completing the sentence "expected …".
  public let description: String
  private let evaluate: (Value) -> MatchResult

  /// Creates a matcher from a function that explains each mismatch itself.
  ///
  /// ```swift
  /// func hasPrefix(_ prefix: String) -> Matcher<String> {
  ///   Matcher("a string beginning with \(prefix)", explaining: { value in
  ///     value.hasPrefix(prefix) ? .match : .mismatch("began with \(value.prefix(3))")
  ///   })
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - description: What the matcher expects, completing "expected …".
  ///   - evaluate: Matches a value, or explains why it does not.
  public init(_ description: String, explaining evaluate: @escaping (Value) -> MatchResult) {
    self.description = description
    self.evaluate = evaluate
  }

  /// Creates a matcher from a predicate; a mismatch says `was <value>`.
  ///
  /// - Parameters:
  ///   - description: What the matcher expects, completing "expected …".
  ///   - predicate: Whether a value matches.
  public init(_ description: String, _ predicate: @escaping (Value) -> Bool) {
    self.init(
      description,
      explaining: { value in
        predicate(value) ? .match : .mismatch("was \(ValueDescription.describe(value))")
      })
  }

  /// Matches `value`, explaining why not when it does not.
  ///
  /// - Parameter value: The value to check.
  /// - Returns: ``MatchResult/match`` or a mismatch with its explanation.
  public func match(_ value: Value) -> MatchResult {
    evaluate(value)
  }
}

/// The result of matching one value: a match, or a mismatch with its explanation.
public struct MatchResult: Sendable, Equatable {
  /// Whether the value matched.
  public let isMatch: Bool
  /// Why the value did not match (`was 4`); empty for a match.
  public let explanation: String

  /// The value matched.
  public static let match = MatchResult(isMatch: true, explanation: "")

  /// The value did not match, for the reason given.
  ///
  /// - Parameter explanation: What was wrong, completing "expected …, but …".
  /// - Returns: A failed match result.
  public static func mismatch(_ explanation: String) -> MatchResult {
    MatchResult(isMatch: false, explanation: explanation)
  }
}
