/// Which argument values a verification (and, later, a stub) accepts for one parameter.
///
/// ```swift
/// verify(CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any))
/// verify(CallPattern(store.calls, "save(_:)", .equal(john)))
/// verify(CallPattern(store.calls, "fetchPeople(since:)", .that(greaterThan(1980))))
/// ```
///
/// Any Assay ``Matcher`` can be used with ``that(_:)``, so arguments that are not `Equatable`
/// can be checked too.
public struct ArgumentMatcher<Value> {
  /// What the matcher accepts, as failure messages show it: `any`, `1990`.
  public let description: String
  package let accepts: (Value) -> Bool
  /// Keeps the arguments of matched calls (``capture(into:)``).
  package var keep: ((Value) -> Void)?
  /// Whether every value of the type matches (``any``, ``capture(into:)``).
  package var acceptsEveryValue = false

  /// Creates a matcher from a description and a predicate.
  ///
  /// - Parameters:
  ///   - description: What the matcher accepts, as failure messages show it.
  ///   - accepts: Whether an argument value matches.
  public init(_ description: String, _ accepts: @escaping (Value) -> Bool) {
    self.description = description
    self.accepts = accepts
  }

  /// Accepts every value.
  public static var any: ArgumentMatcher {
    var matcher = ArgumentMatcher("any") { _ in true }
    matcher.acceptsEveryValue = true
    return matcher
  }

  /// Accepts values that satisfy `matcher`.
  ///
  /// - Parameter matcher: Any Assay matcher, such as `greaterThan(3)` or `contains("a")`.
  /// - Returns: A matcher described by `matcher`'s description.
  public static func that(_ matcher: Matcher<Value>) -> ArgumentMatcher {
    ArgumentMatcher(matcher.description) { matcher.match($0).isMatch }
  }

  /// Accepts every value and keeps the arguments of the calls a verification matched in
  /// `captor`, for a test to inspect afterwards (each time the verification runs).
  ///
  /// - Parameter captor: Where matched values are kept, in the order of the calls.
  /// - Returns: A matcher that accepts every value.
  public static func capture(into captor: ArgumentCaptor<Value>) -> ArgumentMatcher {
    var matcher = ArgumentMatcher.any
    matcher.keep = captor.keep
    return matcher
  }
}

extension ArgumentMatcher where Value: Equatable {
  /// Accepts values equal to `expected`.
  ///
  /// - Parameter expected: The value the argument must equal.
  /// - Returns: A matcher described by `expected`'s description.
  public static func equal(_ expected: Value) -> ArgumentMatcher {
    ArgumentMatcher(ValueDescription.describe(expected)) { $0 == expected }
  }
}

/// An ``ArgumentMatcher`` of any value type, as a call pattern keeps it.
package struct AnyArgumentMatcher {
  package let description: String
  package let accepts: (Any) -> Bool
  package let keep: (Any) -> Void

  package init<Value>(_ matcher: ArgumentMatcher<Value>) {
    description = matcher.description
    if matcher.acceptsEveryValue {
      // `.any` and captors need no value, only the right type: an exact type is a pointer
      // comparison, where a cast walks the type's metadata.
      accepts = { argument in type(of: argument) == Value.self || argument is Value }
    } else {
      accepts = { argument in
        guard let value = argument as? Value else { return false }
        return matcher.accepts(value)
      }
    }
    keep = { argument in
      if let value = argument as? Value {
        matcher.keep?(value)
      }
    }
  }
}
