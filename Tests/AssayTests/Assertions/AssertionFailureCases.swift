import Assay
import Foundation

/// How every assertion fails, with the message users see. Run in both frameworks by
/// `SwiftTestingFailureDetectionTests` and `XCTestFailureDetectionTests`.
enum AssertionFailureCases {
  static let all: [FailureCase] =
    basics + equality + identity + comparison + accuracy + throwing + unwrapping + badInput

  static let basics: [FailureCase] = [
    FailureCase("fail", "fail() was called") { fail() },
    FailureCase("fail with message", "boom") { fail("boom") },
    FailureCase("assertTrue", "assertTrue failed: the condition is false") { assertTrue(false) },
    FailureCase(
      "assertTrue with message", "assertTrue failed: the condition is false - 180°", failsAt: 3
    ) {
      assertTrue(1 > 2, "180°")
    },
    FailureCase("assertFalse", "assertFalse failed: the condition is true") { assertFalse(true) },
    FailureCase("assertNil", "assertNil failed: expected nil, got 3") { assertNil(Int?.some(3)) },
    FailureCase(
      "assertNil of a long value, with a message",
      """
      assertNil failed: expected nil, got (below) - planted failure
      Person(
        firstName: "John",
        lastName: "Appleseed",
        birthYear: 1990
      )
      """,
      failsAt: 12
    ) {
      assertNil(
        Person(firstName: "John", lastName: "Appleseed", birthYear: 1990), "planted failure")
    },
    FailureCase(
      "assertNotNil", "assertNotNil failed: expected a value of type Int, got nil", failsAt: 3
    ) {
      assertNotNil(Int?.none)
    },
    // A value whose type only the call tells (swift-nio's `readOutbound<T>()`), as XCTest's
    // nil checks take it: `assay migrate`'s Assay form of `XCTAssertNil(try x.readOutbound())`.
    FailureCase(
      "assertNil of a value the call types", "assertNil failed: expected nil, got 3", failsAt: 3
    ) {
      assertNil(stored())
    },
    FailureCase(
      "assertNotNil of a value the call types",
      "assertNotNil failed: expected a value of type Any, got nil", failsAt: 4
    ) {
      assertNotNil(missing())
    },
  ]

  /// What a channel read returns: whatever type its caller asks for, which is 3.
  static func stored<Value>(as type: Value.Type = Value.self) -> Value? { 3 as? Value }

  /// What an empty channel's read returns, for whatever type its caller asks for.
  static func missing<Value>(as type: Value.Type = Value.self) -> Value? { nil }

  static let equality: [FailureCase] = [
    FailureCase("assertEqual", "assertEqual failed: 1 is not equal to 2") { assertEqual(1, 2) },
    FailureCase(
      "assertEqual strings", #"assertEqual failed: "pi" is not equal to "pi/2""#, failsAt: 3
    ) {
      assertEqual("pi", "pi/2")
    },
    FailureCase(
      "assertEqual structure diff",
      """
      assertEqual failed: values differ (- actual, + expected) - birthdays
        Person(
      -   firstName: "Jon",
      +   firstName: "John",
          lastName: "Appleseed",
          birthYear: 1990
        )
      """,
      failsAt: 13
    ) {
      assertEqual(
        Person(firstName: "Jon", lastName: "Appleseed", birthYear: 1990),
        Person(firstName: "John", lastName: "Appleseed", birthYear: 1990),
        "birthdays"
      )
    },
    FailureCase(
      "assertEqual NaN",
      "assertEqual failed: nan is not equal to nan (they print the same: check Double's == or a NaN inside)",
      failsAt: 4
    ) { assertEqual(Double.nan, Double.nan) },
    FailureCase("assertNotEqual", "assertNotEqual failed: both values are 3", failsAt: 1) {
      assertNotEqual(3, 3)
    },
  ]

  static let identity: [FailureCase] = [
    FailureCase(
      "assertIdentical", "assertIdentical failed: two different Dashboard instances", failsAt: 3
    ) {
      assertIdentical(Dashboard(), Dashboard())
    },
    FailureCase(
      "assertIdentical class-bound protocol",
      "assertIdentical failed: expected a Dashboard instance, got a Logger instance",
      failsAt: 6
    ) {
      let delegate: (any GaugeDelegate)? = Logger()
      assertIdentical(delegate, Dashboard())
    },
    FailureCase(
      "assertIdentical nil",
      "assertIdentical failed: expected a Dashboard instance, got nil",
      failsAt: 5
    ) {
      assertIdentical(nil, Dashboard())
    },
    FailureCase(
      "assertNotIdentical",
      "assertNotIdentical failed: both are the same Dashboard instance",
      failsAt: 6
    ) {
      let dashboard = Dashboard()
      assertNotIdentical(dashboard, dashboard)
    },
  ]

  static let comparison: [FailureCase] = [
    FailureCase(
      "assertGreaterThan", "assertGreaterThan failed: 1 is not greater than 2", failsAt: 3
    ) {
      assertGreaterThan(1, 2)
    },
    FailureCase(
      "assertGreaterThanOrEqual",
      "assertGreaterThanOrEqual failed: 1 is not greater than or equal to 2",
      failsAt: 4
    ) { assertGreaterThanOrEqual(1, 2) },
    FailureCase("assertLessThan", "assertLessThan failed: 2 is not less than 2", failsAt: 1) {
      assertLessThan(2, 2)
    },
    FailureCase(
      "assertLessThanOrEqual",
      "assertLessThanOrEqual failed: 3 is not less than or equal to 2",
      failsAt: 4
    ) { assertLessThanOrEqual(3, 2) },
  ]

  static let accuracy: [FailureCase] = [
    FailureCase(
      "assertEqual accuracy (the fuel gauge's pi/2 slip)",
      "assertEqual failed: 1.5707963267948966 is not equal to 3.141592653589793 ± 0.001 "
        + "(difference 1.5707963267948966)",
      failsAt: 5
    ) { assertEqual(Double.pi / 2, Double.pi, accuracy: 0.001) },
    FailureCase(
      "assertEqual accuracy negative tolerance",
      "assertEqual failed: the accuracy must be zero or more, got -0.1",
      failsAt: 4
    ) { assertEqual(1.0, 1.0, accuracy: -0.1) },
    FailureCase(
      "assertEqual accuracy NaN tolerance",
      "assertEqual failed: the accuracy must be zero or more, got nan",
      failsAt: 4
    ) { assertEqual(1.0, 1.0, accuracy: .nan) },
    FailureCase(
      "assertEqual accuracy NaN value",
      "assertEqual failed: nan is not equal to 1.0 ± 0.1 (NaN never equals anything)",
      failsAt: 4
    ) { assertEqual(Double.nan, 1.0, accuracy: 0.1) },
    FailureCase(
      "assertEqual accuracy infinity",
      "assertEqual failed: inf is not equal to 1.0 ± 0.1 (difference inf)",
      failsAt: 4
    ) { assertEqual(Double.infinity, 1.0, accuracy: 0.1) },
    FailureCase(
      "assertNotEqual accuracy",
      "assertNotEqual failed: 1.0 is within ± 0.5 of 1.25",
      failsAt: 4
    ) { assertNotEqual(1.0, 1.25, accuracy: 0.5) },
    // Found by `assay mutate` on Assay itself: this message's assertion name was unchecked.
    FailureCase(
      "assertNotEqual accuracy negative tolerance",
      "assertNotEqual failed: the accuracy must be zero or more, got -0.1",
      failsAt: 4
    ) { assertNotEqual(1.0, 2.0, accuracy: -0.1) },
    FailureCase(
      "assertEqual measurement in other units",
      "assertEqual failed: 90.0 ° is not equal to 3.141592653589793 rad ± 0.001 ° "
        + "(difference 1.5707963267948966 rad)",
      failsAt: 6
    ) {
      assertEqual(
        Measurement(value: 90, unit: UnitAngle.degrees),
        Measurement(value: .pi, unit: UnitAngle.radians),
        accuracy: Measurement(value: 0.001, unit: UnitAngle.degrees)
      )
    },
    FailureCase(
      "assertEqual measurement negative tolerance",
      "assertEqual failed: the accuracy must be zero or more, got -1.0 °",
      failsAt: 5
    ) {
      assertEqual(
        Measurement(value: 90, unit: UnitAngle.degrees),
        Measurement(value: 90, unit: UnitAngle.degrees),
        accuracy: Measurement(value: -1, unit: UnitAngle.degrees)
      )
    },
  ]

  static let throwing: [FailureCase] = [
    FailureCase(
      "assertThrows",
      "assertThrows failed: expected an error, but no error was thrown (returned 42)",
      failsAt: 4
    ) { assertThrows(try parse("42")) },
    FailureCase(
      "assertThrows type",
      "assertThrows failed: expected an error of type ParseError, but NetworkError() was thrown",
      failsAt: 4
    ) { assertThrows(ParseError.self, try parse("abc")) },
    FailureCase(
      "assertThrows value",
      "assertThrows failed: expected ParseError.empty, but ParseError.tooLong(5) was thrown",
      failsAt: 4
    ) { assertThrows(ParseError.empty, try parse("12345")) },
    FailureCase(
      "assertThrows predicate",
      "assertThrows failed: expected an error satisfying the predicate, but ParseError.empty was thrown",
      failsAt: 4
    ) { assertThrows(try parse("")) { $0 is NetworkError } },
    FailureCase(
      "assertThrows async",
      "assertThrows failed: expected an error, but no error was thrown (returned 7)",
      failsAt: 4
    ) { await assertThrows(try await parseLater("7")) },
    FailureCase(
      "assertThrows async type",
      "assertThrows failed: expected an error of type NetworkError, but no error was thrown (returned 7)",
      failsAt: 4
    ) { await assertThrows(NetworkError.self, try await parseLater("7")) },
    FailureCase(
      "assertThrows async value",
      "assertThrows failed: expected ParseError.empty, but NetworkError() was thrown",
      failsAt: 4
    ) { await assertThrows(ParseError.empty, try await parseLater("x")) },
    FailureCase(
      "assertThrows async predicate",
      "assertThrows failed: expected an error satisfying the predicate, but no error was thrown (returned 1)",
      failsAt: 4
    ) { await assertThrows(try await parseLater("1")) { _ in true } },
    FailureCase("assertNoThrow", "assertNoThrow failed: ParseError.empty was thrown", failsAt: 1) {
      assertNoThrow(try parse(""))
    },
    FailureCase(
      "assertNoThrow type", "assertNoThrow failed: ParseError.tooLong(4) was thrown", failsAt: 3
    ) {
      try assertNoThrow(ParseError.self, try parse("1234"))
    },
    FailureCase(
      "assertNoThrow async", "assertNoThrow failed: NetworkError() was thrown", failsAt: 3
    ) {
      await assertNoThrow(try await parseLater("x"))
    },
    FailureCase(
      "assertNoThrow async type", "assertNoThrow failed: ParseError.empty was thrown", failsAt: 3
    ) {
      try await assertNoThrow(ParseError.self, try await parseLater(""))
    },
  ]

  static let unwrapping: [FailureCase] = [
    FailureCase(
      "unwrap",
      "unwrap failed: expected a non-nil value of type Int - first person",
      xcTestMessage: #"XCTUnwrap failed: expected non-nil value of type "Int" - first person"#,
      swiftTestingInProcess: false,
      failsAt: 6
    ) { _ = try? unwrap(Int?.none, "first person") }
  ]

  static let badInput: [FailureCase] = [
    FailureCase(
      "assertEqual non-UTF-8 data",
      "assertEqual failed: Data(2 bytes) is not equal to Data(1 byte) - \u{FFFD}",
      failsAt: 5
    ) {
      assertEqual(Data([0xFF, 0xFE]), Data([0x00]), String(decoding: [0xFF], as: UTF8.self))
    },
    FailureCase(
      "assertEqual infinities of opposite sign",
      "assertEqual failed: inf is not equal to -inf",
      failsAt: 4
    ) { assertEqual(Double.infinity, -Double.infinity) },
  ]
}
