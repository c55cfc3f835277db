import XCTest

/// Tests that print the lines XCTest prints, as a test of a test tool prints its child's
/// output: what they print is theirs, never their result.
final class PrintedLinesTests: XCTestCase {
  /// Prints the line of its own pass, then fails.
  func testPrintsItsOwnPassThenFails() {
    print("Test Case 'PrintedLinesTests.testPrintsItsOwnPassThenFails' passed (0.001 seconds)")
    XCTFail("the failure after the printed pass")
  }

  /// Prints the line of its own failure, then passes.
  func testPrintsItsOwnFailureThenPasses() {
    print("Test Case 'PrintedLinesTests.testPrintsItsOwnFailureThenPasses' failed (0.001 seconds)")
    XCTAssertEqual(1 + 1, 2)
  }

  /// Prints a child's XCTest run, as a test of a test tool does, then passes.
  func testPrintsAChildsRunThenPasses() {
    print("Test Case 'ChildTests.testOne' started at 2026-11-23 00:00:00.000")
    print("/child/ChildTests.swift:3: error: ChildTests.testOne : failed - in the child")
    print("Test Case 'ChildTests.testOne' failed (0.001 seconds)")
    XCTAssertEqual(2 * 2, 4)
  }
}
