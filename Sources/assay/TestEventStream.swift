import Foundation

/// The results of one Swift Testing run, read from its JSON event stream (version 1), with one
/// result per test case of a parameterized test.
///
/// SwiftPM's `--xunit-output` lists a parameterized test once; the event stream names every
/// test case (a spec's examples, a contract's checks), so the results are rebuilt from it.
struct TestEventStream {
  /// One test, or one test case of a parameterized test.
  struct Result {
    var suite: String
    var name: String
    var started: Double?
    var ended: Double?
    var failures: [String] = []
    var skipped: String?

    var seconds: Double { max(0, (ended ?? started ?? 0) - (started ?? 0)) }
  }

  /// The results, in the order the tests and test cases started.
  private(set) var results: [Result] = []

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
  private struct Message: Decodable { let text: String }
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
  struct BadLine: Error, CustomStringConvertible {
    let number: Int
    let reason: String
    var description: String { "line \(number): \(reason)" }
  }

  /// Reads the stream's lines.
  init(_ text: String) throws {
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
      guard record.kind == "event", let test = payload.testID, tests[test] != nil else { continue }
      let testCase = payload._testCase
      let key = Key(test: test, testCase: testCase?.id)
      let time = payload.instant?.absolute
      switch payload.kind {
      case "testStarted" where tests[test]?.isParameterized == false:
        results[result(key, caseName: nil)].started = time
      case "testEnded" where tests[test]?.isParameterized == false:
        results[result(key, caseName: nil)].ended = time
      case "testCaseStarted":
        results[result(key, caseName: testCase?.displayName)].started = time
      case "testCaseEnded":
        results[result(key, caseName: testCase?.displayName)].ended = time
      case "testSkipped":
        let message = payload.messages?.first?.text ?? "skipped"
        results[result(key, caseName: testCase?.displayName)].skipped = message
      case "issueRecorded":
        // Version 1 leaves warnings out and has no `isFailure`; later versions may add both.
        guard let issue = payload.issue, issue.isKnown != true, issue.isFailure != false,
          issue.severity != "warning"
        else { continue }
        // The issue's comments are what users wrote (or Assay's message); the messages
        // begin with a generic "Issue recorded".
        var text =
          payload._comments.map { $0.joined(separator: "\n") }
          ?? (payload.messages ?? []).map(\.text).joined(separator: "\n")
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
  var xUnit: String {
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
