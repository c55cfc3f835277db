import Foundation

/// Reads what an XCTest run prints (swift-corelibs-xctest's console lines) as it is printed,
/// turning it into results of the one result model.
///
/// XCTest on Linux has no machine-readable output and prints a test as `Class.test`, without
/// its module. Two test targets may each have a class of the same name, even a test of the
/// same name (swift-nio's `FileHandleTests.testInfo`): XCTest runs its tests in the order
/// the binary lists them (`--list-tests`), so a printed `Class.test` is the next test of
/// that name in that order.
///
/// A test may print XCTest's own lines (a test of a test tool prints its child's output): a
/// test's result is the last `Test Case '…' passed` or `failed` line naming it before the next
/// test starts, its class ends, or the process ends (``finish()``), and a failure it prints
/// after such a line means that it still runs.
public struct XCTestOutput {
  /// What a line meant.
  public enum Event: Sendable, Equatable {
    /// A test started.
    case started(TestIdentifier)
    /// A test ended.
    case finished(TestResult)
  }

  /// The targets of the tests named `Class.test` that have not started yet, in run order.
  private var waiting: [String: ArraySlice<String>] = [:]
  /// Each `XCTestCase` class's first target, for a test the listing did not name.
  private var classTargets: [String: String] = [:]
  /// The test that started and whose end line has not been read since.
  private var current: TestResult?
  /// The test whose end line was read last, with the result that line gave: its result once
  /// the next test starts, its class ends or the process ends.
  private var ended: TestResult?
  /// The issue of `current` that the lines after it go on, and how many they were: XCTest
  /// prints a failure's message of several lines (a diff, a measure's samples) as they are,
  /// and Assay's warnings likewise.
  private var continued: (issue: Int, lines: Int)?

  /// The most lines kept as the continuation of one issue: the test's own output after it
  /// cannot be told apart, and a test that prints on and on does not grow the message.
  static let continuationLimit = 200

  /// The most lines a failing test keeps of what it printed: its last ones.
  public static let outputLimit = 100
  /// The most bytes kept of one printed line.
  static let outputLineLimit = 2000

  /// What the running test printed that is neither XCTest's nor an issue: its own output,
  /// since XCTest runs one test at a time. Kept with its result when it fails.
  private var printed: [String] = []

  /// A reader of a run of `runOrder`: the XCTest tests the process was asked to run, in the
  /// order the binary lists them.
  public init(runOrder: [TestIdentifier]) {
    var waiting: [String: [String]] = [:]
    for id in runOrder where id.library == .xctest {
      waiting["\(id.suite).\(id.test)", default: []].append(id.target)
      if classTargets[id.suite] == nil { classTargets[id.suite] = id.target }
    }
    self.waiting = waiting.mapValues { $0[...] }
  }

  /// The test that started and has not ended.
  public var runningTest: TestIdentifier? { current?.id }

  /// Reads one printed line.
  ///
  /// - Returns: What it meant; nothing for lines that are the tests' own output.
  public mutating func read(_ line: some StringProtocol) -> [Event] {
    let line = String(line)
    if let rest = Self.testCaseLine(in: line)?.dropPrefix("Test Case '") {
      continued = nil
      guard let quote = rest.firstIndex(of: "'") else { return [] }
      let name = String(rest[..<quote])
      let status = rest[rest.index(after: quote)...].trimmingCharacters(in: .whitespaces)
      if status.hasPrefix("started") {
        // XCTest runs one test at a time: a test that starts while another runs is that
        // one's output (a test of a test tool printing its child's lines).
        guard current == nil else { return [] }
        let settled = settle()
        let id = identifier(name)
        current = TestResult(id: id, outcome: .passed)
        printed = []
        return settled + [.started(id)]
      }
      // The test's end, or a later end line of the test that ended (the earlier one was
      // printed by the test itself).
      guard var result = current ?? ended, "\(result.id.suite).\(result.id.test)" == name else {
        return []
      }
      result.outcome =
        status.hasPrefix("failed") ? .failed : status.hasPrefix("skipped") ? .skipped : .passed
      result.duration = seconds(in: status) ?? 0
      result.output =
        result.outcome == .failed && !printed.isEmpty
        ? printed.suffix(Self.outputLimit).joined(separator: "\n") : nil
      current = nil
      ended = result
      return []
    }
    if let test = ended?.id, line.hasPrefix("Test Suite '\(test.suite)' ") {
      continued = nil
      return settle()
    }
    if current == nil, let test = ended, issue(in: line, of: test.id) != nil {
      // A failure after a line that ended the test: the test printed that line, and runs on.
      current = test
      ended = nil
    }
    guard current != nil else { return [] }
    if let warning = warning(in: line) {
      current?.issues.append(warning)
      continued = ((current?.issues.count ?? 1) - 1, 0)
      return []
    }
    guard let issue = current.flatMap({ issue(in: line, of: $0.id) }) else {
      if let (index, count) = continued, count < Self.continuationLimit {
        current?.issues[index].message += "\n" + line
        continued = (index, count + 1)
      } else {
        keepPrinted(line)
      }
      return []
    }
    continued = nil
    if issue.skipped {
      current?.reason = issue.message
    } else {
      current?.issues.append(TestIssue(message: issue.message, location: issue.location))
      continued = ((current?.issues.count ?? 1) - 1, 0)
    }
    return []
  }

  /// Reads the end of the process: the result of the test whose end line was read last, when
  /// no test started after it and its class's end was not read.
  ///
  /// - Returns: What the end meant.
  public mutating func finish() -> [Event] {
    continued = nil
    return settle()
  }

  /// Keeps `line` as the running test's output: its start when it is long, and only the last
  /// lines.
  private mutating func keepPrinted(_ line: String) {
    if printed.count >= 2 * Self.outputLimit { printed.removeFirst(Self.outputLimit) }
    let bytes = line.utf8.count
    guard bytes > Self.outputLineLimit else { return printed.append(line) }
    let start = String(decoding: line.utf8.prefix(Self.outputLineLimit), as: UTF8.self)
    printed.append("\(start)… (\(bytes) bytes in all)")
  }

  /// The result of the test whose end line was read last, which nothing can change now.
  private mutating func settle() -> [Event] {
    guard let result = ended else { return [] }
    ended = nil
    return [.finished(result)]
  }

  /// XCTest's `Test Case '…'` line in `line`: at its start, or after the test's own output
  /// when that did not end with a newline (`progress: 50%Test Case 'C.test' passed (0.001
  /// seconds)`), then only in XCTest's exact words.
  static func testCaseLine(in line: String) -> String? {
    let marker = "Test Case '"
    if line.hasPrefix(marker) { return line }
    guard let start = line.lastRange(ofBytes: marker)?.lowerBound else { return nil }
    let candidate = line[start...]
    let rest = candidate.dropFirst(marker.count)
    guard let quote = rest.firstIndex(of: "'") else { return nil }
    let status = rest[rest.index(after: quote)...]
    if status.hasPrefix(" started at ") { return String(candidate) }
    let ends = [" passed (", " failed (", " skipped ("]
    guard ends.contains(where: { status.hasPrefix($0) }), status.hasSuffix(" seconds)"),
      let open = status.firstIndex(of: "("),
      Double(status[status.index(after: open)...].dropLast(" seconds)".count)) != nil
    else { return nil }
    return String(candidate)
  }

  /// The file of a failure's place, `head` being what comes before its line number: the test's
  /// own output may come first, when it did not end with a newline (`progress: 75%/path/T.swift`).
  /// The path from the first `/` that names a file, or `head` as it is.
  static func file(in head: Substring) -> String {
    guard !head.hasPrefix("/"), !FileManager.default.fileExists(atPath: String(head)) else {
      return String(head)
    }
    var index = head.startIndex
    while let slash = head[index...].firstIndex(of: "/") {
      let path = String(head[slash...])
      if FileManager.default.fileExists(atPath: path) { return path }
      index = head.index(after: slash)
    }
    return String(head)
  }

  /// The test `Class.test` that starts: the next of that name in run order (the last one
  /// again if it runs more often than listed), or the class's target for a test not listed.
  private mutating func identifier(_ name: String) -> TestIdentifier {
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    let suite = String(name[..<dot])
    let test = dot < name.endIndex ? String(name[name.index(after: dot)...]) : name
    var target = classTargets[suite] ?? ""
    if var targets = waiting[name], let next = targets.first {
      target = next
      if targets.count > 1 { targets.removeFirst() }
      waiting[name] = targets
    }
    return TestIdentifier(library: .xctest, target: target, suite: suite, test: test)
  }

  /// `(0.004 seconds)` in a test's last line.
  private func seconds(in status: String) -> Double? {
    guard let open = status.firstIndex(of: "("), let space = status[open...].firstIndex(of: " ")
    else { return nil }
    return Double(status[status.index(after: open)..<space])
  }

  /// `/path/File.swift:12: warning: message`: how Assay warns inside an XCTest test, which
  /// has no warnings of its own (a line without a file and line is the test's own output).
  private func warning(in line: String) -> TestIssue? {
    guard let marker = line.firstRange(ofBytes: ": warning: ") else { return nil }
    let head = line[..<marker.lowerBound]
    guard let colon = head.lastIndex(of: ":"), let number = Int(head[head.index(after: colon)...]),
      head[..<colon].hasSuffix(".swift")
    else { return nil }
    return TestIssue(
      message: String(line[marker.upperBound...]),
      location: SourceLocation(file: Self.file(in: head[..<colon]), line: number),
      isWarning: true)
  }

  /// `/path/File.swift:12: error: Class.test : message`, or a skip:
  /// `/path/File.swift:12: Class.test : Test skipped - reason`, of `test`.
  private func issue(in line: String, of test: TestIdentifier) -> (
    message: String, location: SourceLocation?, skipped: Bool
  )? {
    guard let marker = line.firstRange(ofBytes: " \(test.suite).\(test.test) : ") else {
      return nil
    }
    let message = String(line[marker.upperBound...])
    var head = String(line[..<marker.lowerBound])
    let isError = head.hasSuffix(": error:")
    if isError {
      head.removeLast(": error:".count)
    } else if head.hasSuffix(":") {
      head.removeLast()
    }
    var location: SourceLocation?
    if let colon = head.lastIndex(of: ":"), let number = Int(head[head.index(after: colon)...]) {
      location = SourceLocation(file: Self.file(in: head[..<colon]), line: number)
    }
    if !isError, let reason = message.dropPrefix("Test skipped") {
      let text = reason.hasPrefix(" - ") ? String(reason.dropFirst(3)) : "skipped"
      return (text, location, true)
    }
    return (message, location, false)
  }
}

extension String {
  /// The rest of the string after `prefix`, or `nil` when it does not start with it.
  fileprivate func dropPrefix(_ prefix: String) -> Substring? {
    hasPrefix(prefix) ? dropFirst(prefix.count) : nil
  }
}
