import XCTest

final class MainTests: XCTestCase {
  func testListed() {
    XCTAssertTrue(true)
  }

  func testNeverRanOnLinux() {
    XCTFail("the list never named this test")
  }

  static var allTests = [("testListed", testListed)]
}
