/// Matches values whose property at `keyPath` satisfies `matcher`.
///
/// Useful where a whole value is hard to build, such as an argument a mock received:
///
/// ```swift
/// assertThat(person, hasProperty(\.lastName, equalTo("Taylor")))
/// // assertThat failed: expected a value whose lastName is equal to "Taylor",
/// //   but lastName was "Appleseed"
/// verify(store.calls.add(.that(hasProperty(\.lastName, equalTo("Taylor")))))
/// ```
///
/// - Parameters:
///   - keyPath: The property to check.
///   - matcher: What the property must satisfy.
/// - Returns: A matcher of values by one property.
public func hasProperty<Root, Value>(
  _ keyPath: KeyPath<Root, Value>, _ matcher: Matcher<Value>
) -> Matcher<Root> {
  let name = propertyName(keyPath)
  return Matcher(
    "a value whose \(name) is \(matcher.description)",
    explaining: { root in
      let result = matcher.match(root[keyPath: keyPath])
      return result.isMatch ? .match : .mismatch("\(name) \(result.explanation)")
    })
}

/// `lastName` for `\PersonInfo.lastName`; `address.city` for a longer path.
private func propertyName<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> String {
  let written = String(describing: keyPath)
  let root = "\\\(Root.self)."
  return written.hasPrefix(root) ? String(written.dropFirst(root.count)) : written
}
