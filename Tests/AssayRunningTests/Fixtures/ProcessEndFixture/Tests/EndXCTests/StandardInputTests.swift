import XCTest

/// A test that reads standard input: under `swift test` it reads nothing (no input), and
/// passes.
final class StandardInputTests: XCTestCase {
  func testReadsNoInput() {
    XCTAssertNil(readLine())
  }
}
