import Arithmetic
import Dispatch
import XCTest

final class ArithmeticTests: XCTestCase {
  func testAdds() {
    XCTAssertEqual(add(2, 2), 4)
  }

  func testFails() {
    XCTAssertEqual(add(2, 2), 5, "two and two")
  }

  func testSkips() throws {
    throw XCTSkip("not on this machine")
  }

  func testCrashes() {
    let numbers: [Int] = []
    print("about to crash")
    _ = numbers[1]
  }

  func testHangs() {
    DispatchSemaphore(value: 0).wait()
  }

  func testRunsAfterTheCrash() {
    XCTAssertEqual(add(1, 1), 2)
  }
}
