/// Fails unless a test double received the calls `calls` picks out a number of times allowed by
/// `count`.
///
/// ```swift
/// verify(CallPattern(store.calls, "fetchPeople(since:)", .equal(1990)), .once)
/// // verify failed: expected MockPeopleStore.fetchPeople(since: 1990) to be called once,
/// // but it was called 0 times
/// // calls to MockPeopleStore:
/// // 1. fetchPeople(since: 1989)
/// ```
///
/// The failure lists every call the double received, so a call with other arguments shows.
///
/// - Parameters:
///   - calls: The calls to count: a ``CallPattern``, or a generated mock's ``MockCall``.
///   - count: How many matching calls are expected; once, by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func verify(
  _ calls: some CallMatching,
  _ count: CallCount = .once,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  CountCheck(pattern: calls.callPattern, count: count).failure(within: nil)?.record(
    { "" }, at: site)
}

/// Waits until a test double has received the calls `calls` picks out as often as `count` asks,
/// or fails when `timeout` passes first.
///
/// For calls that asynchronous work makes after the test's action returns:
///
/// ```swift
/// list.refresh()
/// await verify(CallPattern(store.calls, "save(_:)", .equal(john)), .once, timeout: .seconds(2))
/// ```
///
/// It checks as ``eventually(timeout:isolation:fileID:filePath:line:column:_:)`` does, and
/// returns as soon as the count is right.
///
/// - Parameters:
///   - calls: The calls to count: a ``CallPattern``, or a generated mock's ``MockCall``.
///   - count: How many matching calls are expected; once, by default.
///   - timeout: How long to wait for them.
///   - isolation: The actor to check on; the caller's, by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func verify(
  _ calls: some CallMatching,
  _ count: CallCount = .once,
  timeout: Duration,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  let check = CountCheck(pattern: calls.callPattern, count: count)
  _ = await poll(within: timeout, until: .firstPass) {
    check.isSatisfied ? [] : ["not yet"]
  }
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  check.failure(within: timeout)?.record({ "" }, at: site)
}

/// Counts the calls that match a pattern, and words the failure when the count is wrong.
struct CountCheck {
  let pattern: CallPattern
  let count: CallCount

  var isSatisfied: Bool {
    count.range.contains(pattern.recorder.calls.filter(pattern.matches).count)
  }

  /// The failure, or `nil` when the count is right; captures the matching calls' arguments.
  func failure(within timeout: Duration?, assertion: String = "verify") -> FailureMessage? {
    let matching = pattern.recorder.calls.filter(pattern.matches)
    matching.forEach(pattern.capture)
    guard !count.range.contains(matching.count) else { return nil }
    let within = timeout.map { " within \(DurationText.describe($0))" } ?? ""
    let expected =
      count == .never
      ? "expected \(pattern) never to be called\(within)"
      : "expected \(pattern) to be called \(count)\(within)"
    return FailureMessage(
      assertion: assertion,
      summary: "\(expected), but it was called \(CallCount.times(matching.count))",
      details: CallList.describe([pattern.recorder])
    )
  }
}

/// Fails unless test doubles received the calls listed in `calls`, in that order.
///
/// Other calls may come before, between and after them; the doubles may differ.
///
/// ```swift
/// verifyInOrder([
///   CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any),
///   CallPattern(view.calls, "show(_:)", ArgumentMatcher<[PersonInfo]>.any),
/// ])
/// ```
///
/// - Parameters:
///   - calls: The calls, in the order they must have been made.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func verifyInOrder(
  _ calls: [any CallMatching],
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let patterns = calls.map(\.callPattern)
  var after: (pattern: CallPattern, order: UInt64)?
  for pattern in patterns {
    let next = pattern.recorder.calls.first { call in
      pattern.matches(call) && call.order > (after?.order ?? 0)
    }
    guard let next else {
      let summary =
        after.map { "expected \(pattern) after \($0.pattern), but no such call came after it" }
        ?? "expected \(pattern) first, but it was never called"
      FailureMessage(
        assertion: "verifyInOrder",
        summary: summary,
        details: CallList.describe(patterns.map(\.recorder))
      )
      .record(
        { "" }, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    pattern.capture(next)
    after = (pattern, next.order)
  }
}

/// The calls a verification failure lists.
enum CallList {
  /// `calls to MockStore, MockView:` and one numbered line per call, oldest first; each call
  /// names its double when there are several.
  static func describe(_ recorders: [CallRecorder]) -> String {
    var distinct: [CallRecorder] = []
    for recorder in recorders where !distinct.contains(where: { $0 === recorder }) {
      distinct.append(recorder)
    }
    let names = distinct.map(\.name).joined(separator: ", ")
    let calls = distinct.flatMap { recorder in recorder.calls.map { (recorder.name, $0) } }
      .sorted { $0.1.order < $1.1.order }
    guard !calls.isEmpty else {
      return "no calls to \(names)"
    }
    let lines = calls.enumerated().map { index, call in
      let double = distinct.count > 1 ? "\(call.0)." : ""
      return "\(index + 1). \(double)\(call.1.description)"
    }
    return ValueDescription.truncated("calls to \(names):\n" + lines.joined(separator: "\n"))
  }
}
