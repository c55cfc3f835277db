import Threads
import XCTest

final class MainThreadTests: XCTestCase {
  func testRunsOnTheMainThread() {
    XCTAssertTrue(runsOnTheMainThread())
  }
}
