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
  /// - Throws: ``BadLine`` for a line that is not JSON.
  public static func report(reading text: String) throws(BadLine) -> (
    report: TestReport, namesTestCases: Bool
  ) {
    var reader = SwiftTestingEvents()
    var results: [TestResult] = []
    var first: Double?
    var last: Double?
    for (offset, line) in text.split(separator: "\n").enumerated() where !line.isEmpty {
      guard (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any] else {
        throw BadLine(number: offset + 1, reason: "not an event of a Swift Testing event stream")
      }
      for case .finished(let result) in reader.read(line) {
        results.append(result)
      }
      if let instant = reader.lastInstant {
        first = first ?? instant
        last = instant
      }
    }
    let report = TestReport(
      started: first ?? 0, duration: (last ?? 0) - (first ?? 0), results: results)
    return (report, text.contains(#""_testCase":"#))
  }
}
