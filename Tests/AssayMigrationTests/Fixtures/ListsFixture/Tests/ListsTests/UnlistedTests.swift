import XCTest

final class UnlistedTests: XCTestCase {
  func testNeverRanOnLinux() {
    XCTFail("the lists never named this test")
  }
}
