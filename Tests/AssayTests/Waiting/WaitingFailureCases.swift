import Assay
import Foundation

/// How every expectation, wait, poll and bridge fails, with the message users see. Run in
/// both frameworks by `SwiftTestingFailureDetectionTests` and `XCTestFailureDetectionTests`.
enum WaitingFailureCases {
  static let all: [FailureCase] = expectations + polling + bridges

  static let expectations: [FailureCase] = [
    FailureCase(
      "waitForFulfillment timeout",
      """
      waitForFulfillment failed: timed out after 50 ms; unfulfilled:
      "title loaded": fulfilled 0 times, expected 1
      """,
      failsAt: 9
    ) {
      let loaded = TestExpectation("title loaded")
      await waitForFulfillment(of: [loaded], timeout: .milliseconds(50))
    },
    FailureCase(
      "waitForFulfillment timeout lists counts",
      """
      waitForFulfillment failed: timed out after 50 ms; unfulfilled:
      "saved": fulfilled 1 time, expected 2
      "retried": fulfilled 0 times, expected 2...3
      """,
      failsAt: 19
    ) {
      let saved = TestExpectation("saved", expectedCount: 2)
      let shown = TestExpectation("shown")
      let retried = TestExpectation("retried", expectedCount: 2...3)
      saved.fulfill()
      await withCheckedContinuation { fulfilled in
        DispatchQueue.global().async {
          shown.fulfill()
          fulfilled.resume()
        }
      }
      await waitForFulfillment(of: [saved, shown, retried], timeout: .milliseconds(50))
    },
    FailureCase(
      "waitForFulfillment blocking timeout",
      """
      waitForFulfillment failed: timed out after 50 ms; unfulfilled:
      "title loaded": fulfilled 0 times, expected 1
      """,
      failsAt: 9
    ) {
      let loaded = TestExpectation("title loaded")
      blocking { waitForFulfillment(of: [loaded], timeout: .milliseconds(50)) }
    },
    FailureCase(
      "over-fulfillment", #"fulfill failed: "saved" was fulfilled 2 times, expected 1"#, failsAt: 5
    ) {
      let saved = TestExpectation("saved")
      saved.fulfill()
      saved.fulfill()
    },
    FailureCase(
      "over-fulfillment of a range",
      #"fulfill failed: "retried" was fulfilled 3 times, expected 1...2"#,
      failsAt: 6
    ) {
      let retried = TestExpectation("retried", expectedCount: 1...2)
      for _ in 1...3 { retried.fulfill() }
    },
    FailureCase(
      "inverted expectation fulfilled",
      #"waitForFulfillment failed: inverted expectation "error shown" was fulfilled"#,
      failsAt: 13
    ) {
      let errorShown = TestExpectation("error shown", isInverted: true)
      let waiting = TestExpectation("waiting")
      Task {
        await waitForFulfillment(of: [waiting])
        errorShown.fulfill()
      }
      waiting.fulfill()
      let start = ContinuousClock.now
      await waitForFulfillment(of: [errorShown], timeout: .seconds(120))
      failUnlessPrompt(since: start)
    },
    FailureCase(
      "inverted expectation fulfilled, blocking",
      #"waitForFulfillment failed: inverted expectation "error shown" was fulfilled"#,
      failsAt: 8
    ) {
      let errorShown = TestExpectation("error shown", isInverted: true)
      DispatchQueue.global().async { errorShown.fulfill() }
      let start = ContinuousClock.now
      blocking { waitForFulfillment(of: [errorShown], timeout: .seconds(120)) }
      failUnlessPrompt(since: start)
    },
    FailureCase(
      "expectations out of order",
      #"waitForFulfillment failed: expectations fulfilled out of order: "shown" before "loaded""#,
      failsAt: 11
    ) {
      let loaded = TestExpectation("loaded")
      let shown = TestExpectation("shown")
      DispatchQueue.global().async {
        shown.fulfill()
        loaded.fulfill()
      }
      await waitForFulfillment(of: [loaded, shown], timeout: .seconds(120), enforceOrder: true)
    },
    FailureCase(
      "cancelled wait",
      """
      waitForFulfillment failed: cancelled while waiting; unfulfilled:
      "title loaded": fulfilled 0 times, expected 1
      """,
      failsAt: 9
    ) {
      let loaded = TestExpectation("title loaded")
      let wait = Task { await waitForFulfillment(of: [loaded], timeout: .seconds(120)) }
      wait.cancel()
      _ = await wait.value
    },
    FailureCase(
      "notification never posted",
      """
      waitForFulfillment failed: timed out after 50 ms; unfulfilled:
      "notification PageTitleDidLoad": fulfilled 0 times, expected 1
      """,
      failsAt: 13
    ) {
      let center = NotificationCenter()
      let loader = NSObject()
      let announced = TestExpectation(
        notification: .pageTitleDidLoad, object: loader, center: center)
      center.post(name: .pageTitleDidLoad, object: NSObject())
      await waitForFulfillment(of: [announced], timeout: .milliseconds(50))
    },
    FailureCase(
      "predicate never holds",
      """
      waitForFulfillment failed: timed out after 50 ms; unfulfilled:
      "predicate": fulfilled 0 times, expected 1
      """,
      failsAt: 9
    ) {
      let done = TestExpectation(predicate: NSPredicate(value: false))
      await waitForFulfillment(of: [done], timeout: .milliseconds(50))
    },
    FailureCase(
      "negative expected count",
      #"TestExpectation failed: "saved" cannot expect -1 fulfillments; counts start at 0"#,
      failsAt: 5
    ) {
      _ = TestExpectation("saved", expectedCount: -1)
    },
  ]

  static let polling: [FailureCase] = [
    FailureCase(
      "eventually never satisfied",
      """
      eventually failed: still failing after 20 ms:
      assertEqual failed: values differ (- actual, + expected)
        Person(
      -   firstName: "Jon",
      +   firstName: "John",
          lastName: "Appleseed",
          birthYear: 1990
        )
      """,
      failsAt: 15
    ) {
      let person = Person(firstName: "Jon", lastName: "Appleseed", birthYear: 1990)
      await eventually(timeout: .milliseconds(20)) {
        assertEqual(person, Person(firstName: "John", lastName: "Appleseed", birthYear: 1990))
      }
    },
    FailureCase(
      "eventually reports the last attempt",
      "eventually failed: still failing after 20 ms:\nassertTrue failed: the condition is false",
      failsAt: 6
    ) {
      let checks = Counter()
      await eventually(timeout: .milliseconds(20)) {
        if checks.increment() == 1 {
          assertEqual(1, 2)
        }
        assertTrue(false)
      }
    },
    FailureCase(
      "eventually with a throwing block",
      "eventually failed: still failing after 20 ms:\nthrew NetworkError()",
      failsAt: 5
    ) {
      await eventually(timeout: .milliseconds(20)) { throw NetworkError() }
    },
    FailureCase(
      "eventually with unwrap",
      "eventually failed: still failing after 20 ms:\n"
        + "unwrap failed: expected a non-nil value of type Int",
      failsAt: 6
    ) {
      await eventually(timeout: .milliseconds(20)) { _ = try unwrap(Int?.none) }
    },
    FailureCase(
      "eventually cancelled",
      "eventually failed: still failing when cancelled:\nassertTrue failed: the condition is false",
      failsAt: 5
    ) {
      let check = Task { await eventually(timeout: .seconds(120)) { assertTrue(false) } }
      check.cancel()
      await check.value
    },
    FailureCase(
      "eventually with a matcher",
      "eventually failed: expected equal to 4 within 20 ms, but was 3",
      failsAt: 6
    ) {
      let counter = Counter(3)
      await eventually(counter.value, equalTo(4), timeout: .milliseconds(20))
    },
    FailureCase(
      "eventually with a matcher, cancelled",
      "eventually failed: expected equal to 4 before cancellation, but was 3",
      failsAt: 6
    ) {
      let counter = Counter(3)
      let check = Task { await eventually(counter.value, equalTo(4), timeout: .seconds(120)) }
      check.cancel()
      await check.value
    },
    FailureCase(
      "eventually with a matcher, blocking",
      "eventually failed: expected greater than 3 within 20 ms, but was 3",
      failsAt: 5
    ) {
      blocking { eventually(3, greaterThan(3), timeout: .milliseconds(20)) }
    },
    FailureCase(
      "eventually with a matcher, the value throws",
      "eventually failed: expected equal to 4 within 20 ms, but threw NetworkError()",
      failsAt: 5
    ) {
      await eventually(try readOffline(), equalTo(4), timeout: .milliseconds(20))
    },
    FailureCase(
      "eventually with a matcher, the value throws, blocking",
      "eventually failed: expected equal to 4 within 20 ms, but threw NetworkError()",
      failsAt: 6
    ) {
      // `try` marks the closure as throwing, though `eventually` itself never throws.
      try blocking { eventually(try readOffline(), equalTo(4), timeout: .milliseconds(20)) }
    },
    FailureCase(
      "continually cancelled",
      "continually failed: cancelled before its window of 120 s ended; it held until then",
      failsAt: 5
    ) {
      let check = Task { await continually(for: .seconds(120)) { assertTrue(true) } }
      check.cancel()
      await check.value
    },
    FailureCase(
      "continually with a matcher cancelled",
      "continually failed: cancelled before its window of 120 s ended; it held until then",
      failsAt: 5
    ) {
      let check = Task { await continually(1, lessThan(2), for: .seconds(120)) }
      check.cancel()
      await check.value
    },
    FailureCase(
      "never cancelled",
      "never failed: cancelled before its window of 120 s ended; it held until then",
      failsAt: 5
    ) {
      let check = Task { await never(1, greaterThan(2), for: .seconds(120)) }
      check.cancel()
      await check.value
    },
    FailureCase(
      "continually violated",
      "continually failed: stopped holding within 120 s:\nassertFalse failed: the condition is true",
      failsAt: 7
    ) {
      let errorShown = Counter()
      Task { errorShown.increment() }
      await continually(for: .seconds(120)) { assertFalse(errorShown.value > 0) }
    },
    FailureCase(
      "continually with a matcher violated",
      "continually failed: expected less than 2 throughout 120 s, but was 2",
      failsAt: 7
    ) {
      let volume = Counter(1)
      DispatchQueue.global().async { volume.increment() }
      await continually(volume.value, lessThan(2), for: .seconds(120))
    },
    FailureCase(
      "continually with a matcher, blocking",
      "continually failed: expected equal to 0 throughout 120 s, but was 1",
      failsAt: 7
    ) {
      let errors = Counter()
      DispatchQueue.global().async { errors.increment() }
      blocking { continually(errors.value, equalTo(0), for: .seconds(120)) }
    },
    FailureCase(
      "never violated",
      "never failed: expected not greater than 0 throughout 120 s, but was 1",
      failsAt: 7
    ) {
      let rings = Counter()
      Task { rings.increment() }
      await never(rings.value, greaterThan(0), for: .seconds(120))
    },
    FailureCase(
      "never violated, blocking",
      "never failed: expected not equal to true throughout 120 s, but was true",
      failsAt: 7
    ) {
      let crashed = Counter()
      DispatchQueue.global().async { crashed.increment() }
      blocking { never(crashed.value == 1, equalTo(true), for: .seconds(120)) }
    },
  ]

  static let bridges: [FailureCase] = [
    FailureCase(
      "awaitCallback timeout",
      "awaitCallback failed: the callback was not called within 20 ms",
      xcTestMessage: #"XCTUnwrap failed: expected non-nil value of type "String" - "#
        + "awaitCallback failed: the callback was not called within 20 ms",
      swiftTestingInProcess: false,
      failsAt: 8
    ) {
      _ = try? await awaitCallback(timeout: .milliseconds(20)) {
        (_: @escaping @Sendable (String) -> Void) in
      }
    },
    FailureCase(
      "awaitFirstElement timeout",
      "awaitFirstElement failed: no element within 20 ms",
      xcTestMessage: #"XCTUnwrap failed: expected non-nil value of type "Int" - "#
        + "awaitFirstElement failed: no element within 20 ms",
      swiftTestingInProcess: false,
      failsAt: 9
    ) {
      let (changes, continuation) = AsyncStream.makeStream(of: Int.self)
      _ = try? await awaitFirstElement(of: changes, timeout: .milliseconds(20))
      continuation.finish()
    },
    FailureCase(
      "awaitFirstElement of an empty sequence",
      "awaitFirstElement failed: the sequence finished without an element",
      xcTestMessage: #"XCTUnwrap failed: expected non-nil value of type "Int" - "#
        + "awaitFirstElement failed: the sequence finished without an element",
      swiftTestingInProcess: false,
      failsAt: 10
    ) {
      let (changes, continuation) = AsyncStream.makeStream(of: Int.self)
      continuation.finish()
      _ = try? await awaitFirstElement(of: changes, timeout: .seconds(120))
    },
  ]
}

/// Adds a failure (so the case fails) when a wait that must end the moment something happens
/// ran out its whole `timeout` instead (the cases give such waits two minutes).
///
/// The wait is judged against its timeout, not a shorter limit: on a loaded machine the task that
/// fulfills the expectation may not be scheduled for a minute (CI saw 67 seconds), and that is
/// not the wait's fault.
func failUnlessPrompt(since start: ContinuousClock.Instant, timeout: Duration = .seconds(120)) {
  if ContinuousClock.now - start >= timeout - .seconds(1) {
    fail("the wait did not end when the expectation was fulfilled")
  }
}

/// Runs `body` in a synchronous context, so the compiler picks the blocking form of a wait.
/// A read that always fails, as a value read from a server that is down.
func readOffline() throws -> Int { throw NetworkError() }

func blocking(_ body: () throws -> Void) rethrows {
  try body()
}

extension Notification.Name {
  static let pageTitleDidLoad = Notification.Name("PageTitleDidLoad")
}
