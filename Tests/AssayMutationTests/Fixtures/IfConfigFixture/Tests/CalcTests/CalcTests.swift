import Calc
import XCTest

final class CalcTests: XCTestCase {
  func testAdjust() { XCTAssertEqual(adjust(3), 2) }
  func testClamp() {
    XCTAssertEqual(clamp(-5), 0)
    XCTAssertEqual(clamp(5), 5)
  }
  func testReading() { XCTAssertEqual(Meter().reading(), 42) }
  func testViaClosure() { XCTAssertEqual(viaClosure(), 3) }
}
