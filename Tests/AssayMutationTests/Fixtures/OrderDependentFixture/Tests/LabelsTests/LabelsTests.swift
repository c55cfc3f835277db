import Labels
import XCTest

/// Set by the first test and read by the second: state one test leaves to the next.
nonisolated(unsafe) var somethingWasLabelled = false

final class LabelsTests: XCTestCase {
  func testAOneItem() {
    XCTAssertEqual(label(for: 1), "1 items")
    somethingWasLabelled = true
  }

  /// Passes alone, and first in its process; fails after `testAOneItem`.
  func testBNothingLabelledBefore() {
    XCTAssertEqual(label(for: 2), "2 items")
    XCTAssertFalse(somethingWasLabelled, "another test ran before this one in its process")
  }
}
