/// Matches values whose dynamic type is exactly `type` (not a subclass).
///
/// An optional is looked through, so the error `assertThrows` returns can be checked
/// directly; a mismatch names the wrapped value's type (`was an instance of ParseError`).
///
/// - Parameter type: The exact type required.
/// - Returns: A matcher of values by exact type.
public func instanceOf<Value, T>(_ type: T.Type) -> Matcher<Value> {
  Matcher(
    "an instance of exactly \(T.self)",
    explaining: { value in
      let unwrapped = unwrappedValue(value)
      return unwrapped.map { Swift.type(of: $0) == T.self } == true
        ? .match : .mismatch("was \(instanceDescription(unwrapped))")
    })
}

/// Matches values that are a `type`: that type, a subclass, or a conforming type.
///
/// An optional is looked through, so the error `assertThrows` returns can be checked
/// directly; a mismatch names the wrapped value's type (`was an instance of ParseError`).
///
/// - Parameter type: The type (class or protocol) required.
/// - Returns: A matcher of values by kind.
public func kindOf<Value, T>(_ type: T.Type) -> Matcher<Value> {
  Matcher(
    "a kind of \(T.self)",
    explaining: { value in
      let unwrapped = unwrappedValue(value)
      return unwrapped is T ? .match : .mismatch("was \(instanceDescription(unwrapped))")
    })
}
