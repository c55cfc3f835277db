import Foundation

/// The results of one Swift Testing run, read from its JSON event stream, with one result per
/// test case of a parameterized test.
///
/// SwiftPM's `--xunit-output` lists a parameterized test once; the event stream names every
/// test case (a spec's examples, a contract's checks), so the results are rebuilt from it.
///
/// The names of test cases are experimental fields (`_testCase`). Swift Testing writes them in
/// streams of versions 0 and 1; from version 6.3 on, only when the environment variable
/// `SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED=1` is set. Without them, the cases of one
/// test cannot be told apart (they may run in parallel, and an issue event does not say which
/// case recorded it), so each parameterized test is one result, as in SwiftPM's report, and
/// ``namesTestCases`` is `false`. Issue messages come from `_comments` when present, else from
/// the stable `messages` (their `details`).
public struct TestEventStream {
  /// One test, or one test case of a parameterized test.
  public struct Result: Sendable {
    /// The suite, or for a test case the suite and its test function.
    public var suite: String
    /// The test function, or the test case's name.
    public var name: String
    /// When it started, in the stream's absolute seconds.
    public var started: Double?
    /// When it ended, in the stream's absolute seconds.
    public var ended: Double?
    /// Each failure, as `file:line: message`.
    public var failures: [String] = []
    /// Why it was skipped or cancelled without a failure, if it was.
    public var skipped: String?

    /// How long it ran.
    public var seconds: Double { max(0, (ended ?? started ?? 0) - (started ?? 0)) }
  }

  /// The results, in the order the tests and test cases started.
  public private(set) var results: [Result] = []
  /// Whether the stream named the test cases of parameterized tests; `false` when a stream
  /// of version 6.3 or later was written without experimental fields.
  public private(set) var namesTestCases = true

  private struct Key: Hashable {
    let test: String
    let testCase: String?
  }

  private struct Record: Decodable {
    let kind: String
    let payload: Payload
  }

  private struct Payload: Decodable {
    let kind: String?
    let id: String?
    let name: String?
    let isParameterized: Bool?
    let testID: String?
    let instant: Instant?
    let messages: [Message]?
    let issue: Issue?
    let _testCase: TestCase?
    let _comments: [String]?
  }

  private struct Instant: Decodable { let absolute: Double }
  private struct Message: Decodable {
    let symbol: String?
    let text: String
  }
  private struct TestCase: Decodable {
    let id: String
    let displayName: String
  }
  private struct Issue: Decodable {
    let isFailure: Bool?
    let isKnown: Bool?
    let severity: String?
    let sourceLocation: SourceLocation?
  }
  private struct SourceLocation: Decodable {
    let fileID: String?
    let line: Int?
  }

  /// A line that is not an event of the stream.
  public struct BadLine: Error, CustomStringConvertible {
    /// The line's number, from 1.
    public let number: Int
    /// What is wrong with it.
    public let reason: String
    /// `line 3: not an event of a Swift Testing event stream`.
    public var description: String { "line \(number): \(reason)" }
  }

  /// Reads the stream's lines.
  public init(_ text: String) throws {
    var tests: [String: (name: String, isParameterized: Bool)] = [:]
    var index: [Key: Int] = [:]
    let decoder = JSONDecoder()

    func result(_ key: Key, caseName: String?) -> Int {
      if let existing = index[key] { return existing }
      let suite = key.test.split(separator: "/").first.map(String.init) ?? key.test
      let function = tests[key.test]?.name ?? key.test
      results.append(
        caseName.map { Result(suite: "\(suite).\(function)", name: $0) }
          ?? Result(suite: suite, name: function))
      index[key] = results.count - 1
      return results.count - 1
    }

    namesTestCases = text.contains(#""_testCase":"#)
    for (offset, line) in text.split(separator: "\n").enumerated() where !line.isEmpty {
      let record: Record
      do {
        record = try decoder.decode(Record.self, from: Data(line.utf8))
      } catch {
        throw BadLine(number: offset + 1, reason: "not an event of a Swift Testing event stream")
      }
      let payload = record.payload
      if record.kind == "test" {
        if let id = payload.id, payload.kind == "function" {
          tests[id] = (payload.name ?? id, payload.isParameterized ?? false)
        }
        continue
      }
      guard record.kind == "event", let test = payload.testID, let declared = tests[test] else {
        continue
      }
      // Without test case names, a parameterized test's events count for the test itself.
      let testCase = declared.isParameterized ? payload._testCase : nil
      let perCase = declared.isParameterized && namesTestCases
      let key = Key(test: test, testCase: testCase?.id)
      let time = payload.instant?.absolute
      switch payload.kind {
      case "testStarted" where !perCase:
        results[result(key, caseName: nil)].started = time
      case "testEnded" where !perCase:
        results[result(key, caseName: nil)].ended = time
      case "testCaseStarted" where perCase:
        results[result(key, caseName: testCase?.displayName)].started = time
      case "testCaseEnded" where perCase:
        results[result(key, caseName: testCase?.displayName)].ended = time
      case "testSkipped":
        let message = payload.messages?.first?.text ?? "skipped"
        results[result(key, caseName: testCase?.displayName)].skipped = message
      case "testCancelled", "testCaseCancelled":
        // `unwrap` and the bridges cancel the test after recording their failure; a
        // cancellation with no failure is reported as skipped, never as passed.
        let index = result(key, caseName: testCase?.displayName)
        if results[index].failures.isEmpty, results[index].skipped == nil {
          results[index].skipped = payload.messages?.first?.text ?? "cancelled"
        }
      case "issueRecorded":
        // Version 1 leaves warnings out and has no `isFailure`; 6.3 includes both.
        guard let issue = payload.issue, issue.isKnown != true, issue.isFailure != false,
          issue.severity != "warning"
        else { continue }
        // The issue's comments are what users wrote (or Assay's message); the messages
        // begin with a generic "Issue recorded", and 6.3 gives the comments as `details`.
        let details = (payload.messages ?? []).filter { $0.symbol == "details" }.map(\.text)
        var text =
          payload._comments.map { $0.joined(separator: "\n") }
          ?? (details.isEmpty
          ? (payload.messages ?? []).map(\.text) : details).joined(separator: "\n")
        if let location = issue.sourceLocation, let file = location.fileID, let line = location.line
        {
          text = "\(file):\(line): \(text)"
        }
        results[result(key, caseName: testCase?.displayName)].failures.append(text)
      default:
        continue
      }
    }
  }

  /// The results as a JUnit-style xUnit document.
  public var xUnit: String {
    let failures = results.filter { !$0.failures.isEmpty }.count
    let skipped = results.filter { $0.skipped != nil }.count
    let total = results.reduce(0) { $0 + $1.seconds }
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites>
        <testsuite name="TestResults" tests="\(results.count)" failures="\(failures)" \
      errors="0" skipped="\(skipped)" time="\(total)">

      """
    for result in results {
      let attributes =
        "classname=\"\(escaped(result.suite))\" name=\"\(escaped(result.name))\" "
        + "time=\"\(result.seconds)\""
      if result.failures.isEmpty, result.skipped == nil {
        xml += "    <testcase \(attributes)/>\n"
        continue
      }
      xml += "    <testcase \(attributes)>\n"
      if let skipped = result.skipped {
        xml += "      <skipped message=\"\(escaped(skipped))\"/>\n"
      }
      for failure in result.failures {
        let summary = failure.split(separator: "\n").first.map(String.init) ?? failure
        xml += "      <failure message=\"\(escaped(summary))\">\(escaped(failure))</failure>\n"
      }
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  private func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}
