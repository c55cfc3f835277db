import XCTest

final class ListedTests: XCTestCase {
  override func setUp() {
    continueAfterFailure = false
  }

  func testListed() {
    XCTAssertTrue(true)
  }
}
