import Foundation

/// Reads Swift Testing's JSON event stream (version 1, or 6.3 with experimental fields) as it
/// is written, turning its lines into results of the one result model.
///
/// Feed it lines in order with ``read(_:)``; it says when a test (or a test case of a
/// parameterized test) starts and returns each result when it ends. A test that started and
/// never ended is still ``running`` when the process stopped: the runner decides whether it
/// crashed or timed out.
public struct SwiftTestingEvents {
  /// What a line of the stream meant.
  public enum Event: Sendable, Equatable {
    /// A test was declared (listing, or before a run): its name and where it is.
    case declared(TestIdentifier, SourceLocation?, isParameterized: Bool)
    /// A test or test case started.
    case started(TestIdentifier)
    /// A test or test case ended.
    case finished(TestResult)
    /// A test function ended, with all its cases: nothing of it runs after this.
    case testEnded(TestIdentifier)
    /// An issue recorded outside any test (`owner` is `nil`) or against a suite: no test's
    /// result holds it, so the runner reports it as a result of its own.
    case issueOutsideTests(TestIssue, owner: String?)
  }

  /// Every kind of record and event that Swift Testing writes (versions 0, 1 and 6.3), as
  /// `record kind:payload kind`; the reader understands each. The run's start and end carry no
  /// result, and an attachment (`valueAttached`) is never a failure: Swift Testing saves it
  /// where `--attachments-path` says.
  public static let kinds: Set<String> = [
    "test:function", "test:suite", "event:runStarted", "event:runEnded", "event:testStarted",
    "event:testCaseStarted", "event:testCaseEnded", "event:testEnded", "event:testSkipped",
    "event:testCancelled", "event:testCaseCancelled", "event:issueRecorded",
    "event:valueAttached",
  ]

  private struct Declared {
    let id: TestIdentifier
    let location: SourceLocation?
    let isParameterized: Bool
  }

  private struct Running {
    var result: TestResult
    var started: Double?
  }

  private var declared: [String: Declared] = [:]
  private var running: [TestIdentifier: Running] = [:]
  private var casesSeen: Set<String> = []
  /// Per test, each case's name by its stable id: a second case whose arguments read the same
  /// is named apart (`x → 1 #2`), so that neither result overwrites the other.
  private var caseNames: [String: CaseNames] = [:]
  private var skipped: Set<String> = []

  /// The time of the last event read, in the stream's seconds.
  public private(set) var lastInstant: Double?

  /// A reader with nothing read.
  public init() {}

  /// The tests and test cases that started and have not ended.
  public var runningTests: [TestIdentifier] { running.keys.sorted() }

  /// The identifier of a test from its stream id: `Module.Suite/name()/File.swift:3:4`,
  /// `Module.Outer/Inner/name()/File.swift:9:6` for a nested suite (suites are joined with
  /// `/`, as Swift Testing's filters read them), `Module.name()/File.swift:1:1` at file scope.
  static func identifier(streamID: String, name: String?) -> TestIdentifier {
    var parts = streamID.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if parts.count > 1, let last = parts.last, last.contains(":"),
      last.split(separator: ":").dropFirst().allSatisfy({ Int($0) != nil })
    {
      parts.removeLast()  // The source location.
    }
    let function = parts.count > 1 ? parts.removeLast() : nil
    let owner = parts.first ?? streamID
    let dot = owner.firstIndex(of: ".")
    let target = dot.map { String(owner[..<$0]) } ?? owner
    let rest = dot.map { String(owner[owner.index(after: $0)...]) } ?? ""
    guard let function else {
      // At file scope: `Module.name()`.
      return TestIdentifier(
        library: .swiftTesting, target: target, suite: "", test: name ?? rest)
    }
    let suite = ([rest] + parts.dropFirst()).joined(separator: "/")
    return TestIdentifier(
      library: .swiftTesting, target: target, suite: suite, test: name ?? function)
  }

  /// Reads one line of the stream.
  ///
  /// - Returns: What it meant; nothing for lines about the run itself, or that are not events.
  public mutating func read(_ line: some StringProtocol) -> [Event] {
    guard let record = try? JSONDecoder().decode(Record.self, from: Data(line.utf8)) else {
      return []
    }
    let payload = record.payload
    if record.kind == "test" {
      guard let streamID = payload.id, payload.kind == "function" else { return [] }
      let id = Self.identifier(streamID: streamID, name: payload.name)
      let location = payload.sourceLocation.flatMap(\.location)
      let isParameterized = payload.isParameterized ?? false
      declared[streamID] = Declared(
        id: id, location: location, isParameterized: isParameterized)
      return [.declared(id, location, isParameterized: isParameterized)]
    }
    guard record.kind == "event" else { return [] }
    guard let streamID = payload.testID, let test = declared[streamID] else {
      // Not a test function's: an issue here belongs to a suite, or to no test at all.
      guard payload.kind == "issueRecorded", let issue = Self.issue(payload), issue.isFailure
      else { return [] }
      return [.issueOutsideTests(issue, owner: payload.testID)]
    }
    var id = test.id
    if test.isParameterized, let testCase = payload._testCase {
      id.testCase = caseName(testCase, of: streamID)
    }
    let time = payload.instant?.absolute
    if let time { lastInstant = time }
    switch payload.kind {
    case "testStarted" where !test.isParameterized, "testCaseStarted" where test.isParameterized:
      guard id.testCase != nil || !test.isParameterized else { return [] }
      casesSeen.insert(streamID)
      running[id] = Running(
        result: TestResult(id: id, outcome: .passed, location: test.location), started: time)
      return [.started(id)]
    case "testEnded" where test.isParameterized:
      // A parameterized test whose cases never started (its arguments threw, or it was
      // skipped) is one result, so that it is not lost.
      guard !casesSeen.contains(streamID) else { return [.testEnded(test.id)] }
      return finish(test.id, at: time, location: test.location) + [.testEnded(test.id)]
    case "testEnded" where skipped.contains(streamID):
      return [.testEnded(test.id)]
    case "testEnded":
      return finish(id, at: time, location: test.location) + [.testEnded(test.id)]
    case "testCaseEnded":
      // Without the case's name (6.3 without experimental fields) the test is one result.
      return test.isParameterized && id.testCase != nil
        ? finish(id, at: time, location: test.location) : []
    case "testSkipped":
      var result = TestResult(id: test.id, outcome: .skipped, location: test.location)
      // `.disabled("why")`: its reason is the comment; the message repeats it with more.
      result.reason = payload._comments?.first ?? payload.messages?.first?.text ?? "skipped"
      casesSeen.insert(streamID)
      skipped.insert(streamID)
      running[test.id] = nil
      return [.finished(result), .testEnded(test.id)]
    case "testCancelled", "testCaseCancelled":
      // `unwrap` and the bridges cancel a test after recording its failure: a cancellation
      // without a failure is a skip, never a pass.
      update(id, location: test.location) { result in
        if result.outcome == .passed {
          result.outcome = .skipped
          // `Test.cancel("why")` puts its reason in the comments, not the messages.
          result.reason =
            payload.messages?.first?.text ?? payload._comments?.first ?? "cancelled"
        }
      }
      return []
    case "issueRecorded":
      guard let recorded = Self.issue(payload) else { return [] }
      update(id, location: test.location) { result in
        result.issues.append(recorded)
        if recorded.isFailure {
          result.outcome = .failed
        } else if recorded.isKnown, result.outcome == .passed {
          result.outcome = .knownIssue
        }
      }
      return []
    default:
      return []
    }
  }

  /// The case's name in results: its display name, numbered when another case of the test
  /// (another stable id) has the same one.
  ///
  /// Each test's names are changed in place: copying them, and gathering the names taken, at
  /// each new case made a test of 20,000 cases take minutes to read.
  private mutating func caseName(_ testCase: TestCase, of streamID: String) -> String {
    guard let caseID = testCase.id else { return testCase.displayName }
    return caseNames[streamID, default: CaseNames()].name(of: caseID, shown: testCase.displayName)
  }

  /// The names given to one test's cases.
  private struct CaseNames {
    /// Each case's name, by its stable id.
    var byID: [String: String] = [:]
    /// The names given.
    var taken: Set<String> = []

    /// The name of the case `id`, whose display name is `shown`: that name, or the first of
    /// `shown #2`, `shown #3`, ... not taken, the first time.
    mutating func name(of id: String, shown: String) -> String {
      if let name = byID[id] { return name }
      var name = shown
      var number = 2
      while taken.contains(name) {
        name = "\(shown) #\(number)"
        number += 1
      }
      byID[id] = name
      taken.insert(name)
      return name
    }
  }

  /// The issue a line records, or `nil` for a warning (which fails nothing).
  private static func issue(_ payload: Payload) -> TestIssue? {
    // 6.3 says `isFailure: false` for a known issue and for a warning: both are kept.
    guard let issue = payload.issue else { return nil }
    let isWarning = issue.severity == "warning"
    guard issue.isFailure != false || isWarning || issue.isKnown == true else { return nil }
    // The messages say what failed ("Expectation failed: ..."), or only "Issue recorded";
    // the comments are what the user (or Assay) wrote; 6.3 gives them as `details`.
    let messages = payload.messages ?? []
    let summary = messages.filter { $0.symbol != "details" && $0.text != "Issue recorded" }
      .map(\.text)
    let comments = payload._comments ?? messages.filter { $0.symbol == "details" }.map(\.text)
    let text = (summary + comments).joined(separator: "\n")
    return TestIssue(
      message: text, location: issue.sourceLocation?.location, isKnown: issue.isKnown == true,
      isWarning: isWarning && issue.isKnown != true)
  }

  private mutating func update(
    _ id: TestIdentifier, location: SourceLocation?, _ change: (inout TestResult) -> Void
  ) {
    // An issue for a parameterized test outside its cases belongs to the test itself.
    let key = running[id] != nil ? id : (running[id.withoutCase] != nil ? id.withoutCase : id)
    var entry =
      running[key]
      ?? Running(result: TestResult(id: key, outcome: .passed, location: location), started: nil)
    change(&entry.result)
    running[key] = entry
  }

  private mutating func finish(
    _ id: TestIdentifier, at time: Double?, location: SourceLocation?
  ) -> [Event] {
    var entry =
      running.removeValue(forKey: id)
      ?? Running(result: TestResult(id: id, outcome: .passed, location: location), started: time)
    if let time, let started = entry.started {
      entry.result.duration = max(0, time - started)
    }
    return [.finished(entry.result)]
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
    let sourceLocation: StreamLocation?
    let _testCase: TestCase?
    let _comments: [String]?
  }

  private struct Instant: Decodable { let absolute: Double }
  private struct Message: Decodable {
    let symbol: String?
    let text: String
  }
  private struct TestCase: Decodable {
    let displayName: String
    /// The stable id (6.3 with experimental fields).
    let id: String?
  }
  private struct Issue: Decodable {
    let isFailure: Bool?
    let isKnown: Bool?
    let severity: String?
    let sourceLocation: StreamLocation?
  }
  private struct StreamLocation: Decodable {
    let fileID: String?
    let _filePath: String?
    let filePath: String?
    let line: Int?
    let column: Int?

    var location: SourceLocation? {
      guard let file = _filePath ?? filePath ?? fileID, let line else { return nil }
      return SourceLocation(file: file, line: line, column: column)
    }
  }
}
