import Checks
import XCTest

final class ValidateTests: XCTestCase {
  func testValid() {
    validate { 1 + 1 == 2 }
  }
}

final class SumTests: XCTestCase {
  func testSum() {
    XCTAssertEqual(1 + 1, 2)
  }
}
