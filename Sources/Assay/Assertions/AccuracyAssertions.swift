import Foundation

/// Fails unless `actual` is within `accuracy` of `expected`.
///
/// The failure shows the difference and the tolerance. NaN never equals anything; equal
/// infinities are equal. A negative or NaN `accuracy` is a mistake in the test and fails.
///
/// ```swift
/// assertEqual(gauge.halfTurn, .pi, accuracy: 1e-9)
/// // assertEqual failed: 1.5707963267948966 is not equal to 3.141592653589793 ± 1e-09
/// //   (difference 1.5707963267948966)
/// ```
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - expected: The value it should be close to.
///   - accuracy: The largest difference allowed, zero or more.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertEqual<T: FloatingPoint>(
  _ actual: T,
  _ expected: T,
  accuracy: T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard let failure = Accuracy.check(actual, expected, accuracy, assertion: "assertEqual") else {
    return
  }
  failure.record(
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Fails if `actual` is within `accuracy` of `unexpected`.
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - unexpected: The value it must stay away from.
///   - accuracy: The distance below which the values count as equal, zero or more.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertNotEqual<T: FloatingPoint>(
  _ actual: T,
  _ unexpected: T,
  accuracy: T,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  if let invalid = Accuracy.invalidTolerance(accuracy, assertion: "assertNotEqual") {
    invalid.record(message, at: site)
  } else if Accuracy.isClose(actual, unexpected, accuracy) {
    FailureMessage(
      assertion: "assertNotEqual",
      summary: "\(actual) is within ± \(accuracy) of \(unexpected)"
    )
    .record(message, at: site)
  }
}

/// Fails unless two measurements are within `accuracy` of each other, in any units of the
/// same dimension.
///
/// Both sides are converted to the dimension's base unit before comparing, so an angle in
/// degrees and one in radians compare as the same angle:
///
/// ```swift
/// assertEqual(
///   Measurement(value: 180, unit: UnitAngle.degrees),
///   Measurement(value: .pi, unit: .radians),
///   accuracy: Measurement(value: 0.001, unit: .degrees))
/// ```
///
/// - Parameters:
///   - actual: The measurement the code under test produced.
///   - expected: The measurement it should be close to.
///   - accuracy: The largest difference allowed, zero or more, in any unit of the dimension.
///   - message: Extra context, built only when the assertion fails.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func assertEqual<UnitType: Dimension>(
  _ actual: Measurement<UnitType>,
  _ expected: Measurement<UnitType>,
  accuracy: Measurement<UnitType>,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard let failure = Accuracy.check(actual, expected, accuracy, assertion: "assertEqual") else {
    return
  }
  failure.record(
    message,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}
