import Foundation

/// Waits until every expectation is fulfilled, or records a failure naming what is missing.
///
/// Use this form in Swift Testing and in `async` XCTest tests:
///
/// ```swift
/// let loaded = TestExpectation("title loaded")
/// loader.onTitle = { _ in loaded.fulfill() }
/// loader.load(url)
/// await waitForFulfillment(of: [loaded], timeout: .seconds(2))
/// // on timeout: waitForFulfillment failed: timed out after 2 s; unfulfilled:
/// //             "title loaded": fulfilled 0 times, expected 1
/// ```
///
/// The wait returns the moment the last expectation is fulfilled: `fulfill()` resumes it
/// directly, with no polling. It fails, at once and at this call, when an inverted expectation
/// is fulfilled or, with `enforceOrder`, when expectations are fulfilled out of order. Once it
/// returns, its timer is cancelled and nothing of it keeps running.
///
/// - Parameters:
///   - expectations: The expectations to wait for; each may be waited on more than once.
///   - timeout: How long to wait at most; 1 second by default.
///   - enforceOrder: Whether the expectations must be fulfilled in the order listed.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: How the wait ended; every result but ``WaitResult/completed`` was recorded as a
///   failure.
@discardableResult
public func waitForFulfillment(
  of expectations: [TestExpectation],
  timeout: Duration = .seconds(1),
  enforceOrder: Bool = false,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> WaitResult {
  let session = WaitSession(expectations: expectations, enforceOrder: enforceOrder)
  return await session.run(timeout: timeout).report(
    timeout: timeout,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Blocks until every expectation is fulfilled, or records a failure naming what is missing.
///
/// Use this form in synchronous XCTest tests. On the main thread it keeps the main run loop
/// and the main queue running while it waits, so code under test that hops to the main queue
/// (a delegate callback, a UI update) goes on and cannot deadlock the test. Elsewhere it
/// blocks the calling thread. In `async` code, `await` the asynchronous form instead: the
/// compiler picks it there.
///
/// ```swift
/// func testTitleArrives() {
///   let loaded = TestExpectation("title loaded")
///   loader.onTitle = { _ in loaded.fulfill() }  // called on the main queue
///   loader.load(url)
///   waitForFulfillment(of: [loaded], timeout: .seconds(2))
/// }
/// ```
///
/// - Parameters:
///   - expectations: The expectations to wait for; each may be waited on more than once.
///   - timeout: How long to wait at most; 1 second by default.
///   - enforceOrder: Whether the expectations must be fulfilled in the order listed.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: How the wait ended; every result but ``WaitResult/completed`` was recorded as a
///   failure.
@discardableResult
public func waitForFulfillment(
  of expectations: [TestExpectation],
  timeout: Duration = .seconds(1),
  enforceOrder: Bool = false,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> WaitResult {
  let session = WaitSession(expectations: expectations, enforceOrder: enforceOrder)
  let ended = ThreadWakeUp()
  let outcome = Locked<WaitOutcome?>(nil)
  session.start(timeout: timeout) { result in
    outcome.withLock { $0 = result }
    ended.wake()
  }
  ended.wait { outcome.withLock { $0 } != nil }
  session.tearDown()
  return outcome.withLock { $0 }!.report(
    timeout: timeout,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

extension WaitOutcome {
  /// Records the failure, if any, at `site`, and returns the public result.
  fileprivate func report(timeout: Duration, at site: CallSite) -> WaitResult {
    failure(timeout: timeout)?.record({ "" }, at: site)
    return result
  }
}
