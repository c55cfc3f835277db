import Foundation
import XCTest

@testable import Assay

/// Waits inside XCTest: the blocking forms on the main thread, where synchronous XCTest tests
/// run, and the asynchronous forms in `async` tests.
final class BlockingWaitTests: FailureCapturingTestCase {
  func testMainQueueWorkGoesOnDuringABlockingWait() {
    let loaded = TestExpectation("loaded")
    // Like a delegate callback: the work finishes on a background queue, then hops to main.
    DispatchQueue.global().async {
      DispatchQueue.main.async { loaded.fulfill() }
    }
    XCTAssertEqual(waitForFulfillment(of: [loaded], timeout: .seconds(60)), .completed)
  }

  /// A wake-up that comes before the main thread starts to wait still ends the wait: the main
  /// run loop, which a semaphore's signal does not wake, gets a block to return for.
  func testAWakeUpBeforeTheMainThreadWaitsEndsTheWait() {
    XCTAssertTrue(Thread.isMainThread)
    let wakeUp = ThreadWakeUp()
    var checks = 0
    wakeUp.wait {
      checks += 1
      guard checks == 1 else { return true }
      let woken = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        wakeUp.wake()
        woken.signal()
      }
      woken.wait()
      return false
    }
    XCTAssertEqual(checks, 2)
  }

  /// Work that hops to the main queue twice finishes during a blocking wait on the main thread:
  /// the first block, which does not end the wait, does not stop the main queue either.
  func testWorkThatHopsToTheMainQueueTwiceFinishesDuringABlockingWait() {
    let loaded = TestExpectation("loaded")
    DispatchQueue.global().async {
      DispatchQueue.main.async {
        DispatchQueue.main.async { loaded.fulfill() }
      }
    }
    XCTAssertEqual(waitForFulfillment(of: [loaded], timeout: .seconds(60)), .completed)
  }

  /// Off the main thread, a wait until a deadline that nothing wakes lasts until the deadline.
  func testAWaitUntilADeadlineLastsUntilIt() {
    let waited = TestExpectation("waited")
    let elapsed = Locked<Duration>(.zero)
    Thread.detachNewThread {
      let start = ContinuousClock.now
      ThreadWakeUp().wait(until: start + .milliseconds(20))
      elapsed.withLock { $0 = start.duration(to: .now) }
      waited.fulfill()
    }
    waitForFulfillment(of: [waited], timeout: .seconds(60))
    // Half the wait: the dispatch clock and the continuous one may round apart by a little.
    XCTAssertGreaterThanOrEqual(elapsed.withLock { $0 }, .milliseconds(10))
  }

  func testBlockingWaitFromABackgroundThread() {
    let loaded = TestExpectation("loaded")
    let waited = TestExpectation("waited")
    let result = Locked<WaitResult?>(nil)
    Thread.detachNewThread {
      DispatchQueue.global().async { loaded.fulfill() }
      let outcome = waitForFulfillment(of: [loaded], timeout: .seconds(60))
      result.withLock { $0 = outcome }
      waited.fulfill()
    }
    waitForFulfillment(of: [waited], timeout: .seconds(60))
    XCTAssertEqual(result.withLock { $0 }, .completed)
  }

  func testBlockingEventuallySeesMainQueueChanges() {
    let label = MainThreadLabel()
    DispatchQueue.global().async {
      DispatchQueue.main.async { label.text = "Homura Akemi" }
    }
    let failures = recordedFailures {
      eventually(label.text, equalTo("Homura Akemi"), timeout: .seconds(60))
    }
    XCTAssertEqual(failures, [])
    XCTAssertEqual(label.text, "Homura Akemi")
  }

  func testBlockingNeverAndContinuallyHold() {
    let failures = recordedFailures {
      never(1, greaterThan(1), for: .milliseconds(20))
      continually(1, equalTo(1), for: .milliseconds(20))
    }
    XCTAssertEqual(failures, [])
  }

  func testAsyncWaitInAnAsyncXCTest() async {
    let loaded = TestExpectation("loaded")
    DispatchQueue.main.async { loaded.fulfill() }
    let result = await waitForFulfillment(of: [loaded], timeout: .seconds(60))
    XCTAssertEqual(result, .completed)
  }

  /// `eventually` in an `async` XCTest test, where XCTest services the main queue meanwhile.
  func testEventuallyInAnAsyncXCTest() async {
    let progress = Counter()
    Task { progress.increment() }
    let failures = await recordedFailuresAwaiting {
      await eventually(progress.value, equalTo(1), timeout: .seconds(60))
    }
    XCTAssertEqual(failures, [])
  }

  /// No wait, timer or iteration outlives its call, even when it times out or is cancelled.
  func testNothingOutlivesAWait() async {
    let loaded = TestExpectation("loaded")
    let asyncFailures = await recordedFailuresAwaiting {
      await waitForFulfillment(of: [loaded], timeout: .milliseconds(1))
      let cancelled = Task { await waitForFulfillment(of: [loaded], timeout: .seconds(600)) }
      cancelled.cancel()
      _ = await cancelled.value
      _ = try? await awaitCallback(timeout: .milliseconds(1)) {
        (_: @escaping @Sendable (Int) -> Void) in
      }
    }
    // The timeout, the cancelled wait (XCTest takes a failure from any task) and the bridge.
    XCTAssertEqual(asyncFailures.count, 3, "\(asyncFailures)")
    let blockingFailures = recordedFailures {
      waitForFulfillment(of: [loaded], timeout: .milliseconds(1))
    }
    XCTAssertEqual(blockingFailures.count, 1, "\(blockingFailures)")
    XCTAssertEqual(runningWaitCount, 0)
    XCTAssertEqual(waiterCount(of: loaded), 0)
  }

  func testAwaitFirstElementStopsIteratingAfterATimeout() async {
    let stopped = TestExpectation("iteration stopped")
    let (changes, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.onTermination = { _ in stopped.fulfill() }
    let failures = await recordedFailuresAwaiting {
      _ = try? await awaitFirstElement(of: changes, timeout: .milliseconds(1))
    }
    XCTAssertEqual(failures.count, 1, "\(failures)")
    let result = await waitForFulfillment(of: [stopped], timeout: .seconds(60))
    XCTAssertEqual(result, .completed)
  }

  func testALateCallbackIsIgnored() async {
    let callback = Locked<(@Sendable (Int) -> Void)?>(nil)
    _ = await recordedFailuresAwaiting {
      _ = try? await awaitCallback(timeout: .milliseconds(1)) { done in
        callback.withLock { $0 = done }
      }
    }
    callback.withLock { $0 }?(42)
    XCTAssertEqual(runningWaitCount, 0)
  }
}

/// A label whose text only the main thread changes.
final class MainThreadLabel: @unchecked Sendable {
  // @unchecked: `text` is written on the main queue and read on the main thread only.
  var text = ""
}
