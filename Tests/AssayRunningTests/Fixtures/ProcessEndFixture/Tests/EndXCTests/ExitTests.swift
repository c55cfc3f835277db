import Counter
import Foundation
import XCTest

final class ExitTests: XCTestCase {
  /// Passes, then makes the process exit with status 3 as a leak checker does at exit.
  func testPassesButTheProcessFailsAtExit() {
    let counter = Counter()
    counter.increment()
    XCTAssertEqual(counter.value, 1)
    atexit {
      let message = "leak checker: 1 object leaked\n"
      _ = message.withCString { write(2, $0, strlen($0)) }
      _exit(3)
    }
  }
}
