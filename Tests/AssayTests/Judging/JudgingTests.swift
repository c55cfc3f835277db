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

  /// How a reference reads where it is `nil`, or where one side is: never an address.
  @Test func aMissingReferenceReadsNil() {
    final class Gauge {}
    let gauge = Gauge()
    #expect(IdentityDescription.describe(nil) == "nil")
    #expect(IdentityDescription.describe(gauge) == "the same Gauge instance")
    #expect(IdentityDescription.describeInstance(nil, expected: gauge) == "nil")
    #expect(
      IdentityDescription.differentInstances(gauge, nil) == "expected nil, got a Gauge instance")
    #expect(IdentityDescription.differentInstances(nil, nil) == "both are nil")
    #expect(identicalTo(nil).description == "nil")
    #expect(identicalTo(gauge).description == "the same Gauge instance")
  }
}
