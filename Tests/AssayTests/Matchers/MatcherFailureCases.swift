import Assay

/// How every matcher fails through `assertThat`, with the message users see. Run in both
/// frameworks by `SwiftTestingFailureDetectionTests` and `XCTestFailureDetectionTests`.
enum MatcherFailureCases {
  static let all: [FailureCase] = values + collections + strings + types + logic + errors

  static let values: [FailureCase] = [
    FailureCase("equalTo", "assertThat failed: expected equal to 3, but was 4", failsAt: 1) {
      assertThat(4, equalTo(3))
    },
    FailureCase(
      "equalTo structure diff",
      """
      assertThat failed: expected equal to Person(
        firstName: "John",
        lastName: "Appleseed",
        birthYear: 1990
      ), but values differ (- actual, + expected)
        Person(
          firstName: "John",
          lastName: "Appleseed",
      -   birthYear: 1989
      +   birthYear: 1990
        )
      """,
      failsAt: 17
    ) {
      assertThat(
        Person(firstName: "John", lastName: "Appleseed", birthYear: 1989),
        equalTo(Person(firstName: "John", lastName: "Appleseed", birthYear: 1990))
      )
    },
    FailureCase(
      "closeTo",
      "assertThat failed: expected a value within ± 0.01 of 3.141592653589793, "
        + "but was 1.5707963267948966 (difference 1.5707963267948966)",
      failsAt: 5
    ) { assertThat(Double.pi / 2, closeTo(.pi, accuracy: 0.01)) },
    FailureCase(
      "closeTo NaN",
      "assertThat failed: expected a value within ± 0.1 of 1.0, "
        + "but was nan (NaN never equals anything)",
      failsAt: 5
    ) { assertThat(Double.nan, closeTo(1.0, accuracy: 0.1)) },
    FailureCase(
      "closeTo negative tolerance",
      "assertThat failed: expected a value within ± -0.01 of 1.0, "
        + "but the accuracy must be zero or more, got -0.01",
      failsAt: 5
    ) { assertThat(1.0, closeTo(1.0, accuracy: -0.01)) },
    FailureCase(
      "identicalTo",
      "assertThat failed: expected the same Dashboard instance, but was another Dashboard instance",
      failsAt: 6
    ) {
      let delegate: (any GaugeDelegate)? = Dashboard()
      assertThat(delegate, identicalTo(Dashboard()))
    },
    FailureCase(
      "identicalTo an instance of another type",
      "assertThat failed: expected the same Dashboard instance, but was a Logger instance",
      failsAt: 6
    ) {
      let delegate: (any GaugeDelegate)? = Logger()
      assertThat(delegate, identicalTo(Dashboard()))
    },
    FailureCase("isNil", "assertThat failed: expected nil, but was 3", failsAt: 1) {
      assertThat(Int?.some(3), isNil())
    },
    FailureCase(
      "isNotNil", "assertThat failed: expected a value of type Int, but was nil", failsAt: 3
    ) {
      assertThat(Int?.none, isNotNil())
    },
    FailureCase("greaterThan", "assertThat failed: expected greater than 5, but was 5", failsAt: 2)
    {
      assertThat(5, greaterThan(5))
    },
    FailureCase(
      "greaterThanOrEqualTo",
      "assertThat failed: expected greater than or equal to 5, but was 4",
      failsAt: 4
    ) { assertThat(4, greaterThanOrEqualTo(5)) },
    FailureCase("lessThan", "assertThat failed: expected less than 5, but was 6", failsAt: 1) {
      assertThat(6, lessThan(5))
    },
    FailureCase(
      "lessThanOrEqualTo",
      "assertThat failed: expected less than or equal to 5, but was 6",
      failsAt: 4
    ) { assertThat(6, lessThanOrEqualTo(5)) },
  ]

  static let collections: [FailureCase] = [
    FailureCase(
      "isEmpty", "assertThat failed: expected empty, but had 2 elements: [1, 2]", failsAt: 3
    ) {
      assertThat([1, 2], isEmpty())
    },
    FailureCase(
      "hasCount",
      "assertThat failed: expected a collection with count equal to 2, but had 1 element: [7]",
      failsAt: 4
    ) { assertThat([7], hasCount(2)) },
    FailureCase(
      "hasCount matcher",
      "assertThat failed: expected a collection with count greater than 1, but had 0 elements: []",
      failsAt: 4
    ) { assertThat([Int](), hasCount(greaterThan(1))) },
    FailureCase(
      "contains element",
      "assertThat failed: expected a sequence containing 3, but was [1, 2]",
      failsAt: 4
    ) { assertThat([1, 2], contains(3)) },
    FailureCase(
      "beginsWith sequence",
      "assertThat failed: expected a sequence beginning with [2], but was [1, 2]",
      failsAt: 4
    ) { assertThat([1, 2], beginsWith([2])) },
    FailureCase(
      "endsWith sequence",
      "assertThat failed: expected a collection ending with [1], but was [1, 2]",
      failsAt: 4
    ) { assertThat([1, 2], endsWith([1])) },
    FailureCase(
      "everyElement",
      "assertThat failed: expected every element greater than 0, but element [1] was -1",
      failsAt: 4
    ) { assertThat([1, -1, 2], everyElement(greaterThan(0))) },
    FailureCase(
      "anyElement",
      "assertThat failed: expected some element greater than 5, but no element matched in [1, 2]",
      failsAt: 4
    ) { assertThat([1, 2], anyElement(greaterThan(5))) },
  ]

  static let strings: [FailureCase] = [
    FailureCase(
      "contains substring",
      #"assertThat failed: expected a string containing "Madoka", but was "Homura""#,
      failsAt: 4
    ) { assertThat("Homura", contains("Madoka")) },
    FailureCase(
      "beginsWith string",
      #"assertThat failed: expected a string beginning with "Mr", but was "Dr Who""#,
      failsAt: 4
    ) { assertThat("Dr Who", beginsWith("Mr")) },
    FailureCase(
      "endsWith string",
      #"assertThat failed: expected a string ending with ".swift", but was "Gauge.m""#,
      failsAt: 4
    ) { assertThat("Gauge.m", endsWith(".swift")) },
    FailureCase(
      "matchesRegex",
      #"assertThat failed: expected a string matching /[0-9]+/, but was "12a""#,
      failsAt: 4
    ) { assertThat("12a", matchesRegex("[0-9]+")) },
  ]

  static let types: [FailureCase] = [
    FailureCase(
      "instanceOf",
      "assertThat failed: expected an instance of exactly Vehicle, but was an instance of Truck",
      failsAt: 6
    ) {
      let vehicle: Vehicle = Truck()
      assertThat(vehicle, instanceOf(Vehicle.self))
    },
    FailureCase(
      "kindOf",
      "assertThat failed: expected a kind of Truck, but was an instance of Vehicle",
      failsAt: 4
    ) { assertThat(Vehicle(), kindOf(Truck.self)) },
    FailureCase(
      "hasProperty",
      #"assertThat failed: expected a value whose lastName is equal to "Taylor", "#
        + #"but lastName was "Appleseed""#,
      failsAt: 7
    ) {
      let person = Person(firstName: "John", lastName: "Appleseed", birthYear: 1990)
      assertThat(person, hasProperty(\.lastName, equalTo("Taylor")))
    },
    FailureCase(
      "kindOf the error assertThrows returned",
      "assertThat failed: expected a kind of NetworkError, but was an instance of ParseError",
      failsAt: 4
    ) { assertThat(assertThrows(try parse("")), kindOf(NetworkError.self)) },
    FailureCase(
      "instanceOf nil",
      "assertThat failed: expected an instance of exactly Truck, but was nil",
      failsAt: 4
    ) { assertThat(Vehicle?.none, instanceOf(Truck.self)) },
  ]

  static let logic: [FailureCase] = [
    FailureCase(
      "allOf names the failing part",
      "assertThat failed: expected all of (greater than 1, less than 3), "
        + "but less than 3 failed: was 5",
      failsAt: 5
    ) { assertThat(5, allOf(greaterThan(1), lessThan(3))) },
    // Found by `assay mutate` on Assay itself: how two failing parts are joined was unchecked.
    FailureCase(
      "allOf names every failing part",
      "assertThat failed: expected all of (greater than 1, greater than 2), "
        + "but greater than 1 failed: was 0; greater than 2 failed: was 0",
      failsAt: 5
    ) { assertThat(0, allOf(greaterThan(1), greaterThan(2))) },
    FailureCase(
      "anyOf explains each miss",
      "assertThat failed: expected any of (equal to 1, equal to 2), "
        + "but none matched (equal to 1: was 5; equal to 2: was 5)",
      failsAt: 5
    ) { assertThat(5, anyOf(equalTo(1), equalTo(2))) },
    FailureCase("not", "assertThat failed: expected not equal to 3, but was 3", failsAt: 1) {
      assertThat(3, not(equalTo(3)))
    },
  ]

  static let errors: [FailureCase] = [
    FailureCase(
      "throwsError",
      "assertThat failed: expected a call throwing an error, "
        + "but no error was thrown (returned 12)",
      failsAt: 5
    ) { assertThat({ try parse("12") }, throwsError()) },
    FailureCase(
      "throwsError type",
      "assertThat failed: expected a call throwing an error of type NetworkError, "
        + "but ParseError.empty was thrown",
      failsAt: 5
    ) { assertThat({ try parse("") }, throwsError(NetworkError.self)) },
    FailureCase(
      "throwsError value",
      "assertThat failed: expected a call throwing ParseError.tooLong(4), "
        + "but ParseError.tooLong(5) was thrown",
      failsAt: 5
    ) { assertThat({ try parse("12345") }, throwsError(ParseError.tooLong(4))) },
    FailureCase(
      "throwsError matcher",
      "assertThat failed: expected a call throwing an error that is a kind of NetworkError, "
        + "but ParseError.empty was thrown",
      failsAt: 5
    ) { assertThat({ try parse("") }, throwsError(kindOf(NetworkError.self))) },
  ]
}
