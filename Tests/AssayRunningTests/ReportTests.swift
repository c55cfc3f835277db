import Foundation
import Testing

@testable import AssayResults

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The JSON report's schema, merging shards, and the JUnit and HTML reports.
@Suite struct ReportTests {
  static let failing = TestResult(
    id: TestIdentifier(library: .xctest, target: "T", suite: "S", test: "testA"),
    outcome: .failed, duration: 0.5,
    issues: [
      TestIssue(message: "1 < 0 & \"x\"", location: SourceLocation(file: "/p/S.swift", line: 7))
    ],
    location: SourceLocation(file: "/p/S.swift", line: 5), output: "loaded <3> users")
  static let crashed = TestResult(
    id: TestIdentifier(library: .swiftTesting, target: "T", suite: "S", test: "b()"),
    outcome: .crashed, reason: "Fatal error: boom; signal 4 (SIGILL)",
    output: "about to crash\u{1B}[31m\u{0}\nFatal error: boom")
  static let skipped = TestResult(
    id: TestIdentifier(library: .swiftTesting, target: "U", suite: "", test: "c()", testCase: "1"),
    outcome: .skipped, reason: "not today")
  static let report = TestReport(
    started: 100, duration: 2, results: [failing, crashed, skipped])

  @Test func aReportReadsBackAsItWasWritten() throws {
    #expect(try TestReport.read(Self.report.json()) == Self.report)
  }

  /// A timeout says which limit it ran past, flat as the schema's table shows it.
  @Test(arguments: [
    (Timeout.wallClock(processorWait: 0.25), #"{"kind":"wallClock","processorWait":0.25}"#),
    (Timeout.wallClock(processorWait: nil), #"{"kind":"wallClock"}"#),
    (Timeout.processorTime, #"{"kind":"processorTime"}"#),
  ])
  func aTimeoutIsWrittenByItsKind(timeout: Timeout, json: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(String(decoding: try encoder.encode(timeout), as: UTF8.self) == json)
    #expect(try JSONDecoder().decode(Timeout.self, from: Data(json.utf8)) == timeout)
    var result = TestResult(
      id: TestIdentifier(library: .xctest, target: "T", suite: "S", test: "testLoops"),
      outcome: .timedOut)
    result.timeout = timeout
    let report = TestReport(started: 1, duration: 1, results: [result])
    #expect(try TestReport.read(report.json()) == report)
  }

  @Test func aTimeoutOfAKindThisVersionDoesNotKnowIsAnErrorNamingIt() {
    #expect {
      try JSONDecoder().decode(Timeout.self, from: Data(#"{"kind":"sunset"}"#.utf8))
    } throws: { error in
      "\(error)".contains("unknown kind of timeout \"sunset\"")
    }
  }

  @Test(arguments: [
    (#"{"results":[]}"#, "not an assay test report (no schemaVersion)"),
    (#"{"schemaVersion":2}"#, "schema version 2, but this assay reads version 1"),
    (#"{"schemaVersion":1,"started":0,"duration":0}"#, "missing results"),
    (
      #"{"schemaVersion":1,"started":0,"duration":0,"results":[{"id":{}}]}"#,
      "missing results[0].id.library"
    ),
    ("[1, 2", "not an assay test report (no schemaVersion)"),
  ])
  func aMalformedReportIsAClearError(json: String, message: String) {
    let error = #expect(throws: TestReport.ReadError.self) {
      try TestReport.read(Data(json.utf8))
    }
    #expect(error?.description == message)
  }

  @Test func mergingKeepsEveryTestOnceAndTheLongestDuration() {
    let first = TestReport(started: 10, duration: 3, results: [Self.failing])
    var rerun = Self.failing
    rerun.outcome = .passed
    let second = TestReport(started: 5, duration: 4, results: [rerun, Self.skipped])
    let merged = TestReport.merge([first, second])
    #expect(merged.results == [rerun, Self.skipped])
    #expect(merged.started == 5)
    #expect(merged.duration == 4)
  }

  @Test func junitHasATestCasePerResultWithFileLineAndErrorsForCrashes() throws {
    let xml = JUnitReport.xml(Self.report)
    #expect(
      xml.contains(#"<testsuites tests="3" failures="1" errors="1" skipped="1" time="2.000">"#))
    #expect(
      xml.contains(
        #"<testcase classname="T.S" name="testA" time="0.500" file="/p/S.swift" line="5">"#))
    #expect(
      xml.contains(
        #"<failure message="1 &lt; 0 &amp; &quot;x&quot;">/p/S.swift:7: 1 &lt; 0 &amp; &quot;x&quot;</failure>"#
      ))
    // What a failing test printed, as JUnit's readers show it.
    #expect(xml.contains("      <system-out>loaded &lt;3&gt; users</system-out>\n"))
    #expect(
      xml.contains(
        #"<error type="crashed" message="crashed: Fatal error: boom; signal 4 (SIGILL)">"#))
    #expect(xml.contains(#"<testcase classname="U" name="c() [1]" time="0.000">"#))
    #expect(xml.contains(#"<skipped message="not today"/>"#))
    // Control characters from a crash's output are replaced, so the file stays valid XML.
    #expect(!xml.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0 })
    let parser = XMLParser(data: Data(xml.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
  }

  @Test func theHTMLPageIsSelfContainedAndCarriesEveryResult() {
    let html = HTMLReport.html(Self.report, root: "/p")
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src="))
    #expect(html.contains(#""location":"S.swift:5""#))
    #expect(html.contains(#""rerun":"assay test S.swift:5""#))
    #expect(html.contains("<title>Tests: 1 failed, 1 skipped, 1 crashed</title>"))
  }

  @Test func aMergedReportsPageShowsPathsFromTheFolderItsFilesShare() {
    let html = HTMLReport.html(Self.report)
    #expect(!html.contains("/p/"))
    #expect(html.contains(#""location":"S.swift:5""#))
    #expect(HTMLReport.commonFolder(of: ["/a/b/T/X.swift", "/a/b/U/Y.swift"]) == "/a/b")
    #expect(HTMLReport.commonFolder(of: ["/a/X.swift", "/b/Y.swift"]) == nil)
  }

  @Test func theHTMLDataCannotEndItsScriptElement() {
    var result = Self.failing
    result.issues = [TestIssue(message: "</script><script>alert(1)</script>")]
    let html = HTMLReport.html(TestReport(started: 0, duration: 0, results: [result]))
    #expect(!html.contains("</script><script>alert"))
    #expect(html.contains(#"<\/script><script>alert(1)<\/script>"#))
  }
}
