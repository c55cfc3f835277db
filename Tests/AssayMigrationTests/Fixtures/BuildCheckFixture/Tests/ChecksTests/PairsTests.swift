import Checks
import XCTest

final class PairsTests: XCTestCase {
  func testPairs() {
    XCTAssertEqual([(1, 2)], [(1, 2)])
  }
}
