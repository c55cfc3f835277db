import Dispatch
import Foundation
import XCTest

/// With `PROCESS_END_FIXTURE_HANG` set, its class-wide set-up never ends: no test of it starts.
final class HangingSetUpTests: XCTestCase {
  override class func setUp() {
    super.setUp()
    guard ProcessInfo.processInfo.environment["PROCESS_END_FIXTURE_HANG"] != nil else { return }
    DispatchSemaphore(value: 0).wait()
  }

  func testNeverStartsWhenTheSetUpHangs() {
    XCTAssertTrue(true)
  }
}
