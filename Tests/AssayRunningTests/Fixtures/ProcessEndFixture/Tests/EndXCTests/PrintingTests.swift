import XCTest

/// A test that prints what it saw before it fails, as one does to find out why.
final class PrintingTests: XCTestCase {
  func testPrintsThenFails() {
    print("printed by an XCTest test")
    XCTFail("after printing")
  }
}
