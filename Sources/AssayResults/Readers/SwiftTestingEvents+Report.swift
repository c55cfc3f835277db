import Foundation

extension SwiftTestingEvents {
  /// A line that is not an event of the stream.
  public struct BadLine: Error, CustomStringConvertible {
    /// The line's number, from 1.
    public let number: Int
    /// What is wrong with it.
    public let reason: String
    /// `line 3: not an event of a Swift Testing event stream`.
    public var description: String { "line \(number): \(reason)" }
  }

  /// The results of a whole stream written by `swift test`, and whether it named the cases
  /// of parameterized tests.
  ///
  /// The names of test cases are experimental fields (`_testCase`): Swift Testing writes them
  /// in streams of version 1, and from version 6.3 on only when the environment variable
  /// `SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED=1` is set. Without them a parameterized
  /// test is one result.
  ///
  /// Nothing the stream says is lost: issues recorded outside any test or against a suite are
  /// one failing result, `Swift Testing.outside the tests`, and a test that started and never
  /// ended (the process stopped in it) is crashed.
  ///
  /// - Throws: ``BadLine`` for a line that is not JSON.
  public static func report(reading text: String) throws(BadLine) -> (
    report: TestReport, namesTestCases: Bool
  ) {
    var reader = SwiftTestingEvents()
    var results: [TestResult] = []
    var outside: [TestIssue] = []
    var first: Double?
    var last: Double?
    for (offset, line) in text.split(separator: "\n").enumerated() where !line.isEmpty {
      guard (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any] else {
        throw BadLine(number: offset + 1, reason: "not an event of a Swift Testing event stream")
      }
      for event in reader.read(line) {
        switch event {
        case .finished(let result): results.append(result)
        case .issueOutsideTests(var issue, let owner):
          issue.message =
            (owner.map { "recorded against \($0), outside its tests" }
              ?? "recorded outside any test")
            + (issue.message.isEmpty ? "" : ": \(issue.message)")
          outside.append(issue)
        case .started, .testEnded, .declared: break
        }
      }
      if let instant = reader.lastInstant {
        first = first ?? instant
        last = instant
      }
    }
    for id in reader.runningTests {
      results.append(
        TestResult(
          id: id, outcome: .crashed,
          reason: "it started and never ended: the stream stops while it runs"))
    }
    if !outside.isEmpty {
      results.append(
        TestResult(
          id: TestIdentifier(
            library: .swiftTesting, target: "Swift Testing", suite: "", test: "outside the tests"),
          outcome: .failed, issues: outside,
          reason: outside.count == 1
            ? outside[0].message.split(separator: "\n").first.map(String.init)
            : "\(outside.count) issues outside the tests"))
    }
    let report = TestReport(
      started: first ?? 0, duration: (last ?? 0) - (first ?? 0), results: results)
    return (report, text.contains(#""_testCase":"#))
  }
}
