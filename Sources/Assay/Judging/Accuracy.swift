import Foundation

/// The accuracy rules shared by the accuracy assertions and the `closeTo` matcher.
enum Accuracy {
  static func isValid<T: FloatingPoint>(_ tolerance: T) -> Bool {
    !tolerance.isNaN && tolerance >= 0
  }

  static func isClose<T: FloatingPoint>(_ actual: T, _ expected: T, _ tolerance: T) -> Bool {
    actual == expected || abs(actual - expected) <= tolerance
  }

  static func invalidTolerance<T: FloatingPoint>(
    _ tolerance: T,
    assertion: String
  ) -> FailureMessage? {
    guard !isValid(tolerance) else { return nil }
    return FailureMessage(
      assertion: assertion,
      summary: "the accuracy must be zero or more, got \(tolerance)"
    )
  }

  /// `nil` when `actual` is close enough to `expected`, otherwise the failure to record.
  static func check<T: FloatingPoint>(
    _ actual: T,
    _ expected: T,
    _ tolerance: T,
    assertion: String
  ) -> FailureMessage? {
    if let invalid = invalidTolerance(tolerance, assertion: assertion) {
      return invalid
    }
    guard !isClose(actual, expected, tolerance) else { return nil }
    return FailureMessage(assertion: assertion, summary: mismatch(actual, expected, tolerance))
  }

  static func mismatch<T: FloatingPoint>(_ actual: T, _ expected: T, _ tolerance: T) -> String {
    "\(actual) is not equal to \(expected) ± \(tolerance) (\(difference(actual, expected)))"
  }

  /// `difference 1.57`, or why there is none to show.
  static func difference<T: FloatingPoint>(_ actual: T, _ expected: T) -> String {
    actual.isNaN || expected.isNaN
      ? "NaN never equals anything" : "difference \(abs(actual - expected))"
  }

  static func check<UnitType: Dimension>(
    _ actual: Measurement<UnitType>,
    _ expected: Measurement<UnitType>,
    _ tolerance: Measurement<UnitType>,
    assertion: String
  ) -> FailureMessage? {
    let base = UnitType.baseUnit()
    let actualValue = actual.converted(to: base).value
    let expectedValue = expected.converted(to: base).value
    let toleranceValue = tolerance.converted(to: base).value
    guard isValid(toleranceValue) else {
      return FailureMessage(
        assertion: assertion,
        summary: "the accuracy must be zero or more, got \(tolerance)"
      )
    }
    guard !isClose(actualValue, expectedValue, toleranceValue) else { return nil }
    let difference = Measurement(value: abs(actualValue - expectedValue), unit: base)
      .converted(to: expected.unit)
    return FailureMessage(
      assertion: assertion,
      summary: "\(actual) is not equal to \(expected) ± \(tolerance) (difference \(difference))"
    )
  }
}
