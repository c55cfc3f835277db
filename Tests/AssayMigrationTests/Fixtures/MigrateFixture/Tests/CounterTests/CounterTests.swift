import Counter
import Foundation
import XCTest

/// The counter, as an XCTest suite would test it.
final class CounterTests: XCTestCase {
  var counter: Counter!

  override func setUp() {
    super.setUp()
    counter = Counter()
  }

  override func tearDown() {
    counter = nil
    super.tearDown()
  }

  func testStartsAtZero() {
    XCTAssertEqual(counter.value, 0)
    XCTAssertTrue(counter.history.isEmpty)
    XCTAssertNil(counter.onChange)
  }

  func testAnnouncesChanges() {
    let changed = expectation(forNotification: Notification.Name("CounterChanged"), object: nil)
    counter.onChange = {
      NotificationCenter.default.post(name: Notification.Name("CounterChanged"), object: nil)
    }
    counter.increment()
    wait(for: [changed], timeout: 10)
  }

  func testReachesTwo() {
    counter.increment()
    counter.increment()
    let two = expectation(
      for: NSPredicate { object, _ in (object as? Counter)?.value == 2 }, evaluatedWith: counter)
    wait(for: [two], timeout: 10)
  }

  /// Finishes on the main queue, which XCTest's wait keeps running: after migration the test
  /// awaits (a blocking wait in Swift Testing would hold the threads that run that work).
  func testChangesOnTheMainQueue() {
    let changed = expectation(description: "changed on the main queue")
    DispatchQueue.global().async {
      DispatchQueue.main.async {
        self.counter.increment()
        changed.fulfill()
      }
    }
    wait(for: [changed], timeout: 10)
    XCTAssertEqual(counter.value, 1)
  }

  /// `10 / 3` takes the type of the value it is compared with (3.333…), as it must after
  /// migration too.
  func testComparesWithADivisionOfLiterals() {
    let third = Double(counter.value + 10) / 3
    XCTAssertEqual(third, 10 / 3)
  }

  /// Assumes the main actor, as XCTest's main thread allows: `@MainActor` after migration.
  func testReadsOnTheMainActor() {
    let value = MainActor.assumeIsolated { 7 }
    XCTAssertEqual(value, 7)
  }

  /// A type of its own named `Test`: Swift Testing's is written `Testing.Test` after migration.
  func testNamesATypeTest() {
    struct Test { let value: Int }
    counter.increment()
    XCTAssertEqual(Test(value: counter.value).value, 1)
  }

  /// XCTest's `Any?` parameter makes `next()` read an `Any`; after migration it must too, or
  /// it reads another type and throws (swift-nio's `XCTAssertNil(try channel.readInbound())`).
  func testReadsTheNextChangeWhateverItsType() throws {
    counter.increment()
    XCTAssertNotNil(try counter.next())
    XCTAssertNil(try counter.next())
  }

  func testIncrementsAndRemembers() throws {
    counter.increment()
    counter.increment()
    XCTAssertEqual(counter.value, 2, "two increments")
    let last = try XCTUnwrap(counter.history.last)
    XCTAssertGreaterThan(last, 1)
    XCTAssertEqual(counter.average, 1.5, accuracy: 0.001)
  }

  func testCannotGoBelowZero() {
    XCTAssertThrowsError(try counter.decrement())
    counter.increment()
    XCTAssertNoThrow(try counter.decrement())
  }

  func testNotifiesEveryChangeAndNothingElse() {
    let changed = expectation(description: "changed")
    changed.expectedFulfillmentCount = 3
    let extra = expectation(description: "a fourth change")
    extra.isInverted = true
    var changes = 0
    counter.onChange = {
      changes += 1
      if changes <= 3 { changed.fulfill() } else { extra.fulfill() }
    }
    counter.increment()
    counter.increment()
    counter.increment()
    wait(for: [changed, extra], timeout: 0.1)
  }

  func testNotifiesAChange() {
    let changed = expectation(description: "changed")
    counter.onChange = { changed.fulfill() }
    DispatchQueue.global().async { self.counter.increment() }
    wait(for: [changed], timeout: 5)
  }

  func testNotifiesAChangeAsynchronously() async {
    let changed = expectation(description: "changed")
    counter.onChange = { changed.fulfill() }
    counter.increment()
    await fulfillment(of: [changed], timeout: 5)
  }

  func testSkippedOnPurpose() throws {
    try XCTSkipIf(true, "skipped on purpose")
    XCTFail("not reached")
  }

  func testFailsOnPurpose() {
    XCTAssertEqual(counter.value, 42, "fails on purpose")
  }
}

/// A class the migration must leave as XCTest: Swift Testing has no addTeardownBlock.
final class CleanupTests: XCTestCase {
  func testCleansUp() {
    let counter = Counter()
    addTeardownBlock { _ = counter.value }
    counter.increment()
    XCTAssertEqual(counter.value, 1)
  }

  func testTeardownFailsOnPurpose() {
    addTeardownBlock { XCTFail("the teardown block ran") }
  }
}

/// An asynchronous, throwing setUp and tearDown: after migration, `init` sets up and adds the
/// tearDown as a teardown block, which runs after the test's own blocks, as XCTest runs it.
final class AsyncCleanupTests: XCTestCase {
  struct TooMany: Error {}

  var counter: Counter!

  override func setUp() async throws {
    try await super.setUp()
    counter = Counter()
  }

  override func tearDown() async throws {
    if counter.value > 2 { throw TooMany() }
    try await super.tearDown()
  }

  func testCountsOnce() async {
    counter.increment()
    XCTAssertEqual(counter.value, 1)
  }

  func testTearDownFailsOnPurpose() {
    counter.increment()
    counter.increment()
    // The block runs before tearDown, which then sees 3 and throws.
    addTeardownBlock { self.counter.increment() }
  }
}

/// A class-wide setUp and tearDown: after migration, the `.aroundSuite` trait runs them once
/// around the suite's tests.
///
/// Its name is a class property, which a struct cannot have: the suite is a final class. More of
/// its tests are in `SharedCounterTests+OtherFile.swift`: they are converted with it.
final class SharedCounterTests: XCTestCase {
  nonisolated(unsafe) static var shared: Counter?

  class var label: String { "\(self)" }

  override class func setUp() {
    super.setUp()
    shared = Counter()
    shared?.increment()
  }

  override class func tearDown() {
    shared = nil
    super.tearDown()
  }

  func testSeesTheSharedCounter() {
    XCTAssertEqual(Self.shared?.value, 1)
  }
}

/// Marked available from versions Linux ignores, and measured by hand: after migration the
/// availability is on each member (a suite cannot take it), and `measureMetrics` is Assay's
/// `measure`, whose run starts and stops measuring.
@available(macOS 10.15, iOS 13, *)
final class MeasuredTests: XCTestCase {
  func testCountsQuickly() {
    measureMetrics([.wallClockTime], automaticallyStartMeasuring: false) {
      let counter = Counter()
      startMeasuring()
      counter.increment()
      stopMeasuring()
      XCTAssertEqual(counter.value, 1)
    }
  }
}
