/// Re-runs assertions until they all pass, or records the last attempt's failures when the
/// timeout passes.
///
/// Use it for state that asynchronous work changes, when there is no event to wait on:
///
/// ```swift
/// loader.load(url)
/// await eventually(timeout: .seconds(2)) {
///   assertEqual(loader.titleText, "Homura Akemi")
/// }
/// // on timeout: eventually failed: still failing after 2 s:
/// //             assertEqual failed: "Loading…" is not equal to "Homura Akemi"
/// ```
///
/// The assertions' failures are held back while they are retried; only the last attempt's are
/// recorded, with their diffs, at this call. An error thrown by `assertions` counts as a
/// failed attempt. Checks start within microseconds and back off to at most every 10 ms (see
/// <doc:AsynchronousTesting>), on the caller's actor, so `@MainActor` state is read safely.
///
/// - Parameters:
///   - timeout: How long to keep trying; 1 second by default.
///   - isolation: The actor to run `assertions` on; the caller's, by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
///   - assertions: The assertions that must pass, made with Assay.
public func eventually(
  timeout: Duration = .seconds(1),
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ assertions: () async throws -> Void
) async {
  let (failures, cancelled) = await poll(within: timeout, until: .firstPass) {
    await FailureCollector.failures(of: assertions)
  }
  let summary =
    cancelled
    ? "still failing when cancelled:" : "still failing after \(DurationText.describe(timeout)):"
  PollingFailure.assertions(failures, assertion: "eventually", summary: summary)?
    .record({ "" }, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Re-evaluates `value` until it satisfies `matcher`, or records the last mismatch when the
/// timeout passes.
///
/// ```swift
/// await eventually(loader.titleText, equalTo("Homura Akemi"), timeout: .seconds(2))
/// // on timeout: eventually failed: expected equal to "Homura Akemi" within 2 s,
/// //             but was "Loading…"
/// ```
///
/// - Parameters:
///   - value: The expression to evaluate again at every check.
///   - matcher: What the value must satisfy.
///   - timeout: How long to keep trying; 1 second by default.
///   - isolation: The actor to evaluate `value` on; the caller's, by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func eventually<Value>(
  _ value: @autoclosure () async throws -> Value,
  _ matcher: Matcher<Value>,
  timeout: Duration = .seconds(1),
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  let (failures, cancelled) = await poll(within: timeout, until: .firstPass) {
    await MatcherCheck.mismatches(of: value, matcher)
  }
  let when = cancelled ? "before cancellation" : "within \(DurationText.describe(timeout))"
  PollingFailure.matcher(matcher, failures, assertion: "eventually", when: when)?
    .record({ "" }, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Re-evaluates `value` until it satisfies `matcher`, blocking the thread, or records the last
/// mismatch when the timeout passes.
///
/// The synchronous form, for synchronous XCTest tests. On the main thread it keeps the main
/// run loop and the main queue running between checks, so main-queue work the value waits
/// for goes on. In `async` code the compiler picks the asynchronous form.
///
/// Assertion blocks have no synchronous form: a closure without `await` would make Swift pick
/// it even in `async` code, and block the caller's thread and actor. Make the test `async` to
/// re-run a block of assertions.
///
/// - Parameters:
///   - value: The expression to evaluate again at every check.
///   - matcher: What the value must satisfy.
///   - timeout: How long to keep trying; 1 second by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func eventually<Value>(
  _ value: @autoclosure () throws -> Value,
  _ matcher: Matcher<Value>,
  timeout: Duration = .seconds(1),
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let failures = pollBlocking(within: timeout, until: .firstPass) {
    MatcherCheck.mismatches(of: value, matcher)
  }
  PollingFailure.matcher(
    matcher, failures, assertion: "eventually", when: "within \(DurationText.describe(timeout))")?
    .record({ "" }, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
