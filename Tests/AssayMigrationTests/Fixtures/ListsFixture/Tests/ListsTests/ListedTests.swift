import XCTest

final class ListedTests: XCTestCase {
  func testListed() {
    continueAfterFailure = false
    XCTAssertTrue(true)
  }
}
