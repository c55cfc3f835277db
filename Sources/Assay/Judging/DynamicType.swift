/// The value inside any number of optionals, or `nil` when one of them is empty.
///
/// `assertThrows` returns the error as an optional, and `kindOf`/`instanceOf` applied to it
/// must judge and name the error's own type (`ParseError`), not `Optional<Error>`.
func unwrappedValue(_ value: Any) -> Any? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .optional else { return value }
  guard let wrapped = mirror.children.first?.value else { return nil }
  return unwrappedValue(wrapped)
}

/// How a type-matcher mismatch names the value: `an instance of ParseError`, or `nil`.
func instanceDescription(_ value: Any?) -> String {
  guard let value else { return "nil" }
  return "an instance of \(type(of: value))"
}
