import XCTest

/// A test that computes for ever, as a mutant's endless loop does, and one that waits for ever
/// without computing, as a deadlock does.
final class SpinningTests: XCTestCase {
  func testSpins() {
    var turns = 0
    while turns >= 0 { turns = (turns &+ 1) & 0xFFFF }
  }

  func testWaits() {
    DispatchSemaphore(value: 0).wait()
  }
}
