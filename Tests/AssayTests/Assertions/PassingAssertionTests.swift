import Assay
import Foundation
import Testing

/// Each assertion stays quiet when its condition holds: any failure it recorded by mistake
/// would fail these tests. Return values are checked with Swift Testing's own `#expect`.
@Suite struct PassingAssertionTests {
  @Test func basicsPass() {
    assertTrue(true)
    assertFalse(false)
    assertNil(Int?.none)
    assertNotNil(Int?.some(1))
  }

  @Test func equalityAndComparisonPass() {
    assertEqual(
      Person(firstName: "A", lastName: "B", birthYear: 1),
      .init(firstName: "A", lastName: "B", birthYear: 1))
    assertNotEqual(1, 2)
    assertGreaterThan(2, 1)
    assertGreaterThanOrEqual(2, 2)
    assertLessThan(1, 2)
    assertLessThanOrEqual(2, 2)
  }

  @Test func identityPassesForClassBoundProtocols() {
    let dashboard = Dashboard()
    let delegate: (any GaugeDelegate)? = dashboard
    assertIdentical(delegate, dashboard)
    assertNotIdentical(delegate, Dashboard())
    assertIdentical(nil, nil)
  }

  @Test func accuracyPasses() {
    assertEqual(0.1 + 0.2, 0.3, accuracy: 1e-12)
    assertEqual(Double.infinity, .infinity, accuracy: 0)
    assertNotEqual(1.0, 2.0, accuracy: 0.5)
    assertEqual(Float(1), Float(1.0001), accuracy: 0.001)
    assertEqual(
      Measurement(value: 180, unit: UnitAngle.degrees),
      Measurement(value: .pi, unit: UnitAngle.radians),
      accuracy: Measurement(value: 1e-9, unit: UnitAngle.degrees)
    )
  }

  @Test func throwingAssertionsReturnWhatTheyCaught() throws {
    #expect(assertThrows(try parse("")) as? ParseError == .empty)
    #expect(assertThrows(ParseError.self, try parse("12345")) == .tooLong(5))
    #expect(assertThrows(ParseError.empty, try parse("")) == .empty)
    #expect(assertThrows(try parse("x")) { $0 is NetworkError } is NetworkError)
    #expect(assertNoThrow(try parse("42")) == 42)
    #expect(try assertNoThrow(NetworkError.self, try parse("7")) == 7)
  }

  @Test func awaitingFormsReturnWhatTheyCaught() async throws {
    #expect(await assertThrows(try await parseLater("")) as? ParseError == .empty)
    #expect(await assertThrows(ParseError.self, try await parseLater("")) == .empty)
    #expect(await assertThrows(ParseError.empty, try await parseLater("")) == .empty)
    #expect(await assertThrows(try await parseLater("x")) { $0 is NetworkError } is NetworkError)
    #expect(await assertNoThrow(try await parseLater("9")) == 9)
    #expect(try await assertNoThrow(NetworkError.self, try await parseLater("8")) == 8)
  }

  @Test func assertNoThrowOfATypeRethrowsOtherErrors() {
    #expect(throws: ParseError.empty) {
      try assertNoThrow(NetworkError.self, try parse(""))
    }
  }

  /// Found by `assay mutate` on Assay itself: the awaiting form's rethrow was untested.
  @Test func awaitingAssertNoThrowOfATypeRethrowsOtherErrors() async {
    await #expect(throws: ParseError.empty) {
      try await assertNoThrow(NetworkError.self, try await parseLater(""))
    }
  }

  @Test func unwrapReturnsTheValue() throws {
    #expect(try unwrap(Int?.some(3)) == 3)
  }
}

@Suite struct PassingMatcherTests {
  @Test func everyMatcherMatches() {
    assertThat(3, equalTo(3))
    assertThat(Double.pi, closeTo(3.14159, accuracy: 0.0001))
    let dashboard = Dashboard()
    let delegate: (any GaugeDelegate)? = dashboard
    assertThat(delegate, identicalTo(dashboard))
    assertThat(Int?.none, isNil())
    assertThat(Int?.some(1), isNotNil())
    assertThat([Int](), isEmpty())
    assertThat("", isEmpty())
    assertThat([1, 2], hasCount(2))
    assertThat([1, 2], contains(2))
    assertThat("Madoka Kaname", contains("Kaname"))
    assertThat("Madoka Kaname", beginsWith("Mad"))
    assertThat("Madoka Kaname", endsWith("ame"))
    assertThat([1, 2, 3], beginsWith([1, 2]))
    assertThat([1, 2, 3], endsWith([2, 3]))
    assertThat("2026-11-22", matchesRegex(#"\d{4}-\d{2}-\d{2}"#))
    let vehicle: Vehicle = Truck()
    assertThat(vehicle, instanceOf(Truck.self))
    assertThat(vehicle, kindOf(Vehicle.self))
    assertThat([1, 2], everyElement(greaterThan(0)))
    assertThat([Int](), everyElement(greaterThan(0)))
    assertThat([1, 9], anyElement(greaterThan(5)))
    assertThat(2, allOf(greaterThan(1), lessThan(3), greaterThanOrEqualTo(2), lessThanOrEqualTo(2)))
    assertThat(2, anyOf(equalTo(1), equalTo(2)))
    assertThat(2, not(equalTo(3)))
    assertThat({ try parse("") }, throwsError())
    assertThat({ try parse("") }, throwsError(ParseError.self))
    assertThat({ try parse("12345") }, throwsError(ParseError.tooLong(5)))
    assertThat({ try parse("x") }, throwsError(kindOf(NetworkError.self)))
  }

  @Test func matchResultsExplainThemselves() {
    #expect(greaterThan(3).match(4) == .match)
    #expect(greaterThan(3).match(1) == .mismatch("was 1"))
    #expect(matchesRegex("(").match("x").isMatch == false)
  }
}
