import XCTest

final class ArithmeticTests: XCTestCase {
  func testAdds() {
    XCTAssertEqual(2 + 2, 4)
  }

  func testFailsOnPurpose() {
    XCTAssertEqual(2 + 2, 5)
  }
}
