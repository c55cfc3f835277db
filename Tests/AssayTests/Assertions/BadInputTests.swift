import Testing

@testable import Assay

/// Odd values make clear failures, never crashes or floods of output.
@Suite struct BadInputTests {
  @Test func aDifferenceDeepInAHugeCollectionIsShown() throws {
    let actual = Array(0..<100_000)
    var expected = actual
    expected[50_000] = -1
    let failures = try recordedIssues { assertEqual(actual, expected) }
    #expect(
      failures.map(\.message) == [
        """
        assertEqual failed: values differ (- actual, + expected)
          [
            … (50000 unchanged),
        -   [50000]: 50000,
        +   [50000]: -1,
            … (49999 unchanged)
          ]
        """
      ]
    )
  }

  @Test func longDiffsAreCut() throws {
    let failures = try recordedIssues { assertEqual(Array(0..<200), Array(1000..<1200)) }
    let message = try #require(failures.first?.message)
    #expect(failures.count == 1)
    #expect(message.split(separator: "\n").count == 62)
    #expect(message.hasSuffix("… (342 more lines)"))
  }

  @Test func nanAndInfinityNeverCrash() throws {
    let failures = try recordedIssues {
      assertEqual(Double.nan, .infinity, accuracy: .infinity)
      assertThat(Double.nan, closeTo(.nan, accuracy: 1))
      assertGreaterThan(Double.nan, 0)
    }
    #expect(failures.count == 3)
  }
}
