/// Matches floating-point values within `accuracy` of `expected`.
///
/// A negative or NaN `accuracy` never matches, and says so.
///
/// - Parameters:
///   - expected: The value to be close to.
///   - accuracy: The largest difference allowed, zero or more.
/// - Returns: A matcher of values within `accuracy` of `expected`.
public func closeTo<Value: FloatingPoint>(_ expected: Value, accuracy: Value)
  -> Matcher<Value>
{
  Matcher(
    "a value within ± \(accuracy) of \(expected)",
    explaining: { value in
      guard Accuracy.isValid(accuracy) else {
        return .mismatch("the accuracy must be zero or more, got \(accuracy)")
      }
      guard !Accuracy.isClose(value, expected, accuracy) else { return .match }
      return .mismatch("was \(value) (\(Accuracy.difference(value, expected)))")
    })
}
