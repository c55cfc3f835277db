import Assay
import Testing
import XCTest

/// The custom matcher from the "Writing matchers" article, proven in both frameworks.
func isEven() -> Matcher<Int> {
  Matcher("an even number") { $0.isMultiple(of: 2) }
}

@Test func customMatcherFailsInSwiftTesting() throws {
  let failures = try recordedIssues { assertThat(7, isEven()) }
  #expect(failures.map(\.message) == ["assertThat failed: expected an even number, but was 7"])
  assertThat(8, isEven())
}

@Test func customMatcherComposes() throws {
  let failures = try recordedIssues { assertThat(6, allOf(isEven(), greaterThan(6))) }
  #expect(
    failures.map(\.message) == [
      "assertThat failed: expected all of (an even number, greater than 6), "
        + "but greater than 6 failed: was 6"
    ]
  )
}

final class CustomMatcherXCTests: FailureCapturingTestCase {
  func testCustomMatcherFails() {
    let failures = recordedFailures { assertThat(7, isEven()) }
    XCTAssertEqual(
      failures.map(\.message), ["assertThat failed: expected an even number, but was 7"])
    assertThat(8, isEven())
  }
}
