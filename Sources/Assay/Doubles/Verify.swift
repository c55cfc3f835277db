/// Fails unless a test double received calls matching `pattern` a number of times allowed by
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
///   - pattern: The calls to count.
///   - count: How many matching calls are expected; once, by default.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func verify(
  _ pattern: CallPattern,
  _ count: CallCount = .once,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let calls = pattern.recorder.calls
  let matching = calls.filter(pattern.matches)
  matching.forEach(pattern.capture)
  guard !count.range.contains(matching.count) else { return }
  FailureMessage(
    assertion: "verify",
    summary: (count == .never
      ? "expected \(pattern) never to be called" : "expected \(pattern) to be called \(count)")
      + ", but it was called \(CallCount.times(matching.count))",
    details: CallList.describe([pattern.recorder])
  )
  .record({ "" }, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Fails unless test doubles received calls matching `patterns` in the order listed.
///
/// Other calls may come before, between and after them; the doubles may differ.
///
/// ```swift
/// verifyInOrder([
///   CallPattern(store.calls, "fetchPeople(since:)", .any),
///   CallPattern(view.calls, "show(_:)", .any),
/// ])
/// ```
///
/// - Parameters:
///   - patterns: The calls, in the order they must have been made.
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
public func verifyInOrder(
  _ patterns: [CallPattern],
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
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
    return "calls to \(names):\n" + lines.joined(separator: "\n")
  }
}
