/// Re-runs assertions throughout a time window and records the first attempt that fails.
///
/// Use it to prove that something stays true while asynchronous work runs:
///
/// ```swift
/// uploader.start()
/// await continually(for: .milliseconds(200)) {
///   assertFalse(uploader.isShowingError)
/// }
/// // on failure: continually failed: stopped holding within 200 ms:
/// //             assertFalse failed: the condition is true
/// ```
///
/// It fails as soon as a check fails, without waiting for the window to end. The checks are
/// samples, at least every 10 ms: a change that comes and goes between two checks is not seen.
/// Cancelled before the window ends, it fails too: what was promised for the whole window was
/// not seen for all of it.
///
/// - Parameters:
///   - window: How long the assertions must keep passing.
///   - isolation: The actor to run `assertions` on; the caller's, by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
///   - assertions: The assertions that must keep passing, made with Assay.
public func continually(
  for window: Duration,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ assertions: () async throws -> Void
) async {
  let (failures, cancelled) = await poll(within: window, until: .firstFailure) {
    await FailureCollector.failures(of: assertions)
  }
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  guard !failures.isEmpty || !cancelled else {
    return PollingFailure.cancelled(assertion: "continually", window: window).record(
      { "" }, at: site)
  }
  PollingFailure.assertions(
    failures, assertion: "continually",
    summary: "stopped holding within \(DurationText.describe(window)):")?
    .record({ "" }, at: site)
}

/// Re-evaluates `value` throughout a time window and records the first mismatch.
///
/// ```swift
/// await continually(player.volume, lessThanOrEqualTo(10), for: .milliseconds(200))
/// ```
///
/// - Parameters:
///   - value: The expression to evaluate again at every check.
///   - matcher: What the value must keep satisfying.
///   - window: How long the value must keep satisfying `matcher`.
///   - isolation: The actor to evaluate `value` on; the caller's, by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func continually<Value>(
  _ value: @autoclosure () async throws -> Value,
  _ matcher: Matcher<Value>,
  for window: Duration,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  await checkThroughout(
    window, value, matcher, assertion: "continually",
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Re-evaluates `value` throughout a time window, blocking the thread, and records the first
/// mismatch. The synchronous form, for synchronous XCTest tests.
///
/// - Parameters:
///   - value: The expression to evaluate again at every check.
///   - matcher: What the value must keep satisfying.
///   - window: How long the value must keep satisfying `matcher`.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func continually<Value>(
  _ value: @autoclosure () throws -> Value,
  _ matcher: Matcher<Value>,
  for window: Duration,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  checkThroughoutBlocking(
    window, value, matcher, assertion: "continually",
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Checks `value` against `matcher` throughout `window` and records the first mismatch as a
/// failure of `assertion` (`continually`, or `never` with the matcher negated).
func checkThroughout<Value>(
  _ window: Duration,
  _ value: () async throws -> Value,
  _ matcher: Matcher<Value>,
  assertion: String,
  isolation: isolated (any Actor)? = #isolation,
  at site: CallSite
) async {
  let (failures, cancelled) = await poll(within: window, until: .firstFailure) {
    await MatcherCheck.mismatches(of: value, matcher)
  }
  guard !failures.isEmpty || !cancelled else {
    return PollingFailure.cancelled(assertion: assertion, window: window).record({ "" }, at: site)
  }
  PollingFailure.matcher(
    matcher, failures, assertion: assertion,
    when: "throughout \(DurationText.describe(window))")?
    .record({ "" }, at: site)
}

/// The blocking form of ``checkThroughout(_:_:_:assertion:isolation:at:)``.
func checkThroughoutBlocking<Value>(
  _ window: Duration,
  _ value: () throws -> Value,
  _ matcher: Matcher<Value>,
  assertion: String,
  at site: CallSite
) {
  let failures = pollBlocking(within: window, until: .firstFailure) {
    MatcherCheck.mismatches(of: value, matcher)
  }
  PollingFailure.matcher(
    matcher, failures, assertion: assertion,
    when: "throughout \(DurationText.describe(window))")?
    .record({ "" }, at: site)
}
