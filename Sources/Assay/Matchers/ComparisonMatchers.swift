/// Matches values greater than `bound`.
///
/// - Parameter bound: The value to exceed.
/// - Returns: A matcher of values above `bound`.
public func greaterThan<Value: Comparable>(_ bound: Value) -> Matcher<Value> {
  Matcher("greater than \(ValueDescription.describe(bound))") { $0 > bound }
}

/// Matches values greater than or equal to `bound`.
///
/// - Parameter bound: The least value allowed.
/// - Returns: A matcher of values at or above `bound`.
public func greaterThanOrEqualTo<Value: Comparable>(_ bound: Value) -> Matcher<Value> {
  Matcher("greater than or equal to \(ValueDescription.describe(bound))") { $0 >= bound }
}

/// Matches values less than `bound`.
///
/// - Parameter bound: The value to stay below.
/// - Returns: A matcher of values below `bound`.
public func lessThan<Value: Comparable>(_ bound: Value) -> Matcher<Value> {
  Matcher("less than \(ValueDescription.describe(bound))") { $0 < bound }
}

/// Matches values less than or equal to `bound`.
///
/// - Parameter bound: The greatest value allowed.
/// - Returns: A matcher of values at or below `bound`.
public func lessThanOrEqualTo<Value: Comparable>(_ bound: Value) -> Matcher<Value> {
  Matcher("less than or equal to \(ValueDescription.describe(bound))") { $0 <= bound }
}
