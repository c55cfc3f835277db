/// Matches values whose dynamic type is exactly `type` (not a subclass).
///
/// - Parameter type: The exact type required.
/// - Returns: A matcher of values by exact type.
public func instanceOf<Value, T>(_ type: T.Type) -> Matcher<Value> {
  Matcher(
    "an instance of exactly \(T.self)",
    explaining: { value in
      let actualType = Swift.type(of: value as Any)
      return actualType == T.self ? .match : .mismatch("was an instance of \(actualType)")
    })
}

/// Matches values that are a `type`: that type, a subclass, or a conforming type.
///
/// - Parameter type: The type (class or protocol) required.
/// - Returns: A matcher of values by kind.
public func kindOf<Value, T>(_ type: T.Type) -> Matcher<Value> {
  Matcher(
    "a kind of \(T.self)",
    explaining: { value in
      value is T ? .match : .mismatch("was an instance of \(Swift.type(of: value as Any))")
    })
}
