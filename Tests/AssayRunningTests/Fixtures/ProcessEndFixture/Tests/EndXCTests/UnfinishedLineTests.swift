import XCTest

/// Tests whose output ends without a newline: XCTest's next line goes on the same line.
final class UnfinishedLineTests: XCTestCase {
  func testPrintsWithoutANewlineThenPasses() {
    print("progress: 50%", terminator: "")
  }

  func testPrintsWithoutANewlineThenFails() {
    print("progress: 75%", terminator: "")
    XCTFail("the failure after an unfinished line")
  }
}
