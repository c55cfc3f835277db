/// Matches the very instance `expected` (`===`), including values typed as a class-bound
/// protocol.
///
/// - Parameter expected: The instance to be.
/// - Returns: A matcher of that one instance.
public func identicalTo(_ expected: AnyObject?) -> Matcher<AnyObject?> {
  Matcher(
    expected.map { "the same \(type(of: $0)) instance" } ?? "nil",
    explaining: { value in
      value === expected
        ? .match
        : .mismatch("was \(IdentityDescription.describeInstance(value, expected: expected))")
    }
  )
}
