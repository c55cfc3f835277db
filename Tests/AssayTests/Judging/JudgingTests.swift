import Testing

@testable import Assay

/// The rules the assertions and matchers share, at their edges.
struct JudgingTests {
  /// A value too long for one line beside a short one: a diff, whichever side is long.
  @Test func oneLongValueBesideAShortOneIsADiff() {
    let long = String(repeating: "a", count: 90)
    #expect(EqualityFailure.explain(long, "a").summary == "values differ (- actual, + expected)")
    #expect(EqualityFailure.explain("a", long).summary == "values differ (- actual, + expected)")
    #expect(EqualityFailure.explain("b", "a").summary == #""b" is not equal to "a""#)
  }

  /// A difference of exactly the tolerance is close enough (`accuracy` is inclusive, as
  /// XCTest's is); a hair more is not.
  @Test func aDifferenceOfExactlyTheToleranceIsClose() {
    #expect(Accuracy.isClose(1.0, 1.25, 0.25))
    #expect(Accuracy.isClose(1.25, 1.0, 0.25))
    #expect(!Accuracy.isClose(1.0, 1.25.nextUp, 0.25))
  }
}
