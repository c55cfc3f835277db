import Testing

@testable import AssayResults

/// Reading Swift Testing's event stream, line by line, in the shapes the toolchain writes.
@Suite struct SwiftTestingEventsTests {
  static let function = #"""
    {"kind":"test","payload":{"id":"M.S/t()/F.swift:1:1","isParameterized":false,"kind":"function","name":"t()","sourceLocation":{"_filePath":"/p/F.swift","fileID":"M/F.swift","line":1,"column":1}},"version":0}
    """#
  static let parameterized = #"""
    {"kind":"test","payload":{"id":"M.S/p(_:)/F.swift:9:2","isParameterized":true,"kind":"function","name":"p(_:)"},"version":0}
    """#
  static let t = TestIdentifier(library: .swiftTesting, target: "M", suite: "S", test: "t()")

  private func results(_ lines: String...) throws -> [TestResult] {
    try SwiftTestingEvents.report(reading: lines.joined(separator: "\n")).report.results
  }

  @Test func anIssueOutsideAnyTestOrAgainstASuiteIsAnEventOfItsOwn() {
    var reader = SwiftTestingEvents()
    _ = reader.read(Self.function)
    let outside = reader.read(
      #"{"kind":"event","payload":{"instant":{"absolute":1},"issue":{"isKnown":false,"sourceLocation":{"_filePath":"/p/F.swift","line":3,"column":5}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Issue recorded"},{"symbol":"details","text":"set-up failed"}]},"version":"6.3.0"}"#
    )
    #expect(
      outside == [
        .issueOutsideTests(
          TestIssue(
            message: "set-up failed",
            location: SourceLocation(file: "/p/F.swift", line: 3, column: 5)),
          owner: nil)
      ])
    let suite = reader.read(
      #"{"kind":"event","payload":{"instant":{"absolute":1},"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: x"}],"testID":"M.S"},"version":"6.3.0"}"#
    )
    #expect(
      suite == [.issueOutsideTests(TestIssue(message: "Expectation failed: x"), owner: "M.S")])
    let warning = reader.read(
      #"{"kind":"event","payload":{"instant":{"absolute":1},"issue":{"isFailure":false,"isKnown":false,"severity":"warning"},"kind":"issueRecorded","messages":[{"symbol":"warning","text":"Issue recorded"}]},"version":"6.3.0"}"#
    )
    #expect(warning.isEmpty)
  }

  @Test func twoCasesWhoseArgumentsReadTheSameAreTwoResults() throws {
    func event(_ kind: String, _ caseID: String, at time: Double) -> String {
      #"{"kind":"event","payload":{"_testCase":{"displayName":"x → 1","id":"\#(caseID)"},"instant":{"absolute":\#(time)},"kind":"\#(kind)","testID":"M.S/p(_:)/F.swift:9:2"},"version":"6.3.0"}"#
    }
    let fail =
      #"{"kind":"event","payload":{"_testCase":{"displayName":"x → 1","id":"b"},"instant":{"absolute":2},"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed"}],"testID":"M.S/p(_:)/F.swift:9:2"},"version":"6.3.0"}"#
    let found = try results(
      Self.parameterized, event("testCaseStarted", "a", at: 1),
      event("testCaseStarted", "b", at: 1),
      fail, event("testCaseEnded", "a", at: 2), event("testCaseEnded", "b", at: 3))
    #expect(
      found.map { "\($0.id.testCase ?? ""): \($0.outcome)" } == [
        "x → 1: passed", "x → 1 #2: failed",
      ])
  }

  /// A case whose own arguments read as another's numbered name is named apart too, and a
  /// case keeps its name through all its events.
  @Test func everyCaseKeepsANameOfItsOwn() throws {
    func event(_ kind: String, _ caseID: String, _ shown: String, at time: Double) -> String {
      #"{"kind":"event","payload":{"_testCase":{"displayName":"\#(shown)","id":"\#(caseID)"},"instant":{"absolute":\#(time)},"kind":"\#(kind)","testID":"M.S/p(_:)/F.swift:9:2"},"version":"6.3.0"}"#
    }
    let found = try results(
      Self.parameterized, event("testCaseStarted", "a", "x → 1", at: 1),
      event("testCaseStarted", "b", "x → 1", at: 1),
      event("testCaseStarted", "c", "x → 1 #2", at: 1),
      event("testCaseEnded", "b", "x → 1", at: 2), event("testCaseEnded", "a", "x → 1", at: 2),
      event("testCaseEnded", "c", "x → 1 #2", at: 3))
    #expect(
      Set(found.map { $0.id.testCase ?? "" }) == ["x → 1", "x → 1 #2", "x → 1 #2 #2"])
    #expect(found.count == 3)
  }

  @Test func aPassingTestHasItsDurationAndLocation() throws {
    let found = try results(
      Self.function,
      #"{"kind":"event","payload":{"instant":{"absolute":1},"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":0}"#,
      #"{"kind":"event","payload":{"instant":{"absolute":1.25},"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"},"version":0}"#
    )
    #expect(
      found == [
        TestResult(
          id: Self.t, outcome: .passed, duration: 0.25,
          location: SourceLocation(file: "/p/F.swift", line: 1, column: 1))
      ])
  }

  @Test func aCancelledTestWithoutFailureIsSkippedNotPassed() throws {
    let found = try results(
      Self.function,
      #"{"kind":"event","payload":{"instant":{"absolute":1},"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":0}"#,
      #"{"kind":"event","payload":{"instant":{"absolute":2},"kind":"testCancelled","messages":[{"symbol":"skip","text":"Test t() was cancelled"}],"testID":"M.S/t()/F.swift:1:1"},"version":0}"#,
      #"{"kind":"event","payload":{"instant":{"absolute":3},"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"},"version":0}"#
    )
    #expect(found.map(\.outcome) == [.skipped])
    #expect(found.map(\.reason) == ["Test t() was cancelled"])
  }

  @Test func aCancellationAfterAFailureKeepsTheFailure() throws {
    let found = try results(
      Self.function,
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"issue":{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":{"fileID":"M/F.swift","line":7}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Issue recorded"},{"symbol":"details","text":"unwrap failed"}],"testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"kind":"testCancelled","messages":[],"testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#
    )
    #expect(found.map(\.outcome) == [.failed])
    #expect(
      found.first?.issues == [
        TestIssue(message: "unwrap failed", location: SourceLocation(file: "M/F.swift", line: 7))
      ])
  }

  @Test func anExpectationsMessageAndItsCommentAreBothKept() throws {
    let found = try results(
      Self.function,
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":0}"#,
      #"{"kind":"event","payload":{"issue":{"isKnown":false,"sourceLocation":{"fileID":"M/F.swift","line":3}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (a → 1) == 2"}],"_comments":["two"],"testID":"M.S/t()/F.swift:1:1"},"version":0}"#,
      #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"},"version":0}"#
    )
    #expect(found.first?.issues.map(\.message) == ["Expectation failed: (a → 1) == 2\ntwo"])
  }

  @Test func warningsAreKeptAndAreNotFailures() throws {
    let found = try results(
      Self.function,
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"issue":{"isFailure":false,"isKnown":false,"severity":"warning"},"kind":"issueRecorded","messages":[{"symbol":"details","text":"focused"}],"testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#
    )
    #expect(found.map(\.outcome) == [.passed])
    #expect(found.map(\.issues) == [[TestIssue(message: "focused", isWarning: true)]])
  }

  /// `assay xunit` reads a whole stream: an issue outside the tests and a test that never
  /// ended are failures there too, never lost.
  @Test func aWholeStreamKeepsIssuesOutsideTestsAndTestsThatNeverEnded() throws {
    let found = try results(
      Self.function,
      #"{"kind":"event","payload":{"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Issue recorded"},{"symbol":"details","text":"set-up failed"}],"testID":"M.S"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#
    )
    #expect(
      Set(found.map { "\($0.id): \($0.outcome): \($0.reason ?? "")" }) == [
        "M.S/t(): crashed: it started and never ended: the stream stops while it runs",
        "Swift Testing.outside the tests: failed: recorded against M.S, outside its tests: "
          + "set-up failed",
      ])
  }

  /// 6.3 says `isFailure: false` for a known issue: it is kept, and the test's outcome says so.
  @Test func aKnownIssueIn63IsAKnownIssue() throws {
    let found = try results(
      Self.function,
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"_comments":["known"],"issue":{"isFailure":false,"isKnown":true,"severity":"error"},"kind":"issueRecorded","messages":[{"symbol":"passWithKnownIssue","text":"Issue recorded"},{"symbol":"details","text":"known"}],"testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}"#
    )
    #expect(found.map(\.outcome) == [.knownIssue])
    #expect(found.first?.issues.map(\.isKnown) == [true])
  }

  @Test func onlyKnownIssuesMakeAKnownIssueNotAFailure() throws {
    let found = try results(
      Self.function,
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":0}"#,
      #"{"kind":"event","payload":{"issue":{"isKnown":true},"kind":"issueRecorded","_comments":["flaky"],"testID":"M.S/t()/F.swift:1:1"},"version":0}"#,
      #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"},"version":0}"#
    )
    #expect(found.map(\.outcome) == [.knownIssue])
    #expect(found.first?.issues.map(\.isKnown) == [true])
  }

  @Test func eachCaseOfAParameterizedTestIsAResult() throws {
    let found = try results(
      Self.parameterized,
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/p(_:)/F.swift:9:2"},"version":0}"#,
      #"{"kind":"event","payload":{"kind":"testCaseStarted","_testCase":{"id":"1","displayName":"a"},"testID":"M.S/p(_:)/F.swift:9:2"},"version":0}"#,
      #"{"kind":"event","payload":{"kind":"testCaseStarted","_testCase":{"id":"2","displayName":"b"},"testID":"M.S/p(_:)/F.swift:9:2"},"version":0}"#,
      #"{"kind":"event","payload":{"issue":{"isKnown":false},"kind":"issueRecorded","_comments":["b is wrong"],"_testCase":{"id":"2","displayName":"b"},"testID":"M.S/p(_:)/F.swift:9:2"},"version":0}"#,
      #"{"kind":"event","payload":{"kind":"testCaseEnded","_testCase":{"id":"1","displayName":"a"},"testID":"M.S/p(_:)/F.swift:9:2"},"version":0}"#,
      #"{"kind":"event","payload":{"kind":"testCaseEnded","_testCase":{"id":"2","displayName":"b"},"testID":"M.S/p(_:)/F.swift:9:2"},"version":0}"#,
      #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/p(_:)/F.swift:9:2"},"version":0}"#
    )
    #expect(found.map(\.id.testCase) == ["a", "b"])
    #expect(found.map(\.outcome) == [.passed, .failed])
  }

  @Test func withoutCaseNamesAParameterizedTestIsOneResult() throws {
    let text = [
      Self.parameterized,
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/p(_:)/F.swift:9:2"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"kind":"testCaseStarted","testID":"M.S/p(_:)/F.swift:9:2"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"symbol":"details","text":"wrong"}],"testID":"M.S/p(_:)/F.swift:9:2"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"kind":"testCaseEnded","testID":"M.S/p(_:)/F.swift:9:2"},"version":"6.3.0"}"#,
      #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/p(_:)/F.swift:9:2"},"version":"6.3.0"}"#,
    ].joined(separator: "\n")
    let stream = try SwiftTestingEvents.report(reading: text)
    #expect(stream.namesTestCases == false)
    #expect(stream.report.results.map(\.id.testCase) == [nil])
    #expect(stream.report.results.map(\.outcome) == [.failed])
  }

  @Test func aTestThatNeverEndedIsStillRunning() {
    var reader = SwiftTestingEvents()
    _ = reader.read(Self.function)
    let events = reader.read(
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":0}"#
    )
    #expect(events == [.started(Self.t)])
    #expect(reader.runningTests == [Self.t])
  }

  @Test func aLineThatIsNotAnEventNamesItsNumber() {
    let error = #expect(throws: SwiftTestingEvents.BadLine.self) {
      try SwiftTestingEvents.report(reading: Self.function + "\nnot json")
    }
    #expect(error?.description == "line 2: not an event of a Swift Testing event stream")
  }

  @Test func nestedSuitesAreJoinedAsSwiftTestingsFiltersReadThem() {
    let id = SwiftTestingEvents.identifier(
      streamID: "M.Outer/Inner/t()/F.swift:9:6", name: "t()")
    #expect(
      id == TestIdentifier(library: .swiftTesting, target: "M", suite: "Outer/Inner", test: "t()"))
    #expect(id.testName == "M.Outer/Inner/t()")
  }

  @Test func aTestAtFileScopeHasNoSuite() {
    let id = SwiftTestingEvents.identifier(streamID: "M.free()/F.swift:1:1", name: "free()")
    #expect(id == TestIdentifier(library: .swiftTesting, target: "M", suite: "", test: "free()"))
    #expect(id.testName == "M.free()")
  }
}
