import XCTest

@testable import Counter

/// A helper base class: one subclass converts (its setUp an initializer after the base's), the
/// other waits on `waitForExpectations`, which stays XCTest, so the family splits (the base
/// stays for it; the other inherits its Swift Testing copy).
class CounterTestCase: XCTestCase {
  var counter: Counter!

  override func setUp() {
    super.setUp()
    counter = Counter()
  }

  func checkCount(_ expected: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(counter.value, expected, file: file, line: line)
  }
}

final class CountingTests: CounterTestCase {
  override func setUp() {
    super.setUp()
    counter.increment()
  }

  func testCountsUp() {
    counter.increment()
    checkCount(2)
  }
}

final class WaitingCounterTests: CounterTestCase {
  func testWaitsForTheCount() {
    let counted = expectation(description: "counted")
    counter.onChange = { counted.fulfill() }
    counter.increment()
    waitForExpectations(timeout: 5)
    checkCount(1)
  }
}
