/// Matches `nil`.
///
/// - Returns: A matcher of empty optionals.
public func isNil<Wrapped>() -> Matcher<Wrapped?> {
  Matcher("nil") { $0 == nil }
}

/// Matches any non-`nil` value.
///
/// - Returns: A matcher of optionals holding a value.
public func isNotNil<Wrapped>() -> Matcher<Wrapped?> {
  Matcher("a value of type \(Wrapped.self)") { $0 != nil }
}
