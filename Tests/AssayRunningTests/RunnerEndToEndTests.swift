import AssayResults
import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayRunning

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `assay test` on a real package (Fixtures/RunnerFixture, copied and built once): one test of
/// each library crashes the process, one hangs, some fail, one is parameterized.
@Suite(.serialized) struct RunnerEndToEndTests {
  /// The fixture, copied to a temporary folder and built once for all these tests.
  static let fixture = Task { await FixturePackage.built("RunnerFixture") }

  /// Runs a session on the fixture; returns its exit status, printed lines and the report.
  private func run(_ configure: (inout TestSession.Options) throws -> Void) async throws -> (
    status: Int32, lines: [String], report: TestReport
  ) {
    let root = try await Self.fixture.value.get()
    var options = TestSession.Options()
    options.packagePath = root
    options.skipBuild = true
    options.testTimeout = 2
    let reportPath = FixturePackage.reportPath("json")
    options.reports = [try TestSession.ReportRequest("json:\(reportPath)")]
    try configure(&options)
    let lines = PrintedLines()
    let session = options
    let status = try await offThePool {
      try TestSession(options: session, print: { lines.append($0) }).run()
    }
    let report = try TestReport.read(
      FileManager.default.contents(atPath: reportPath) ?? Data())
    return (status, lines.all, report)
  }

  private func outcomes(_ report: TestReport) -> [String: TestOutcome] {
    Dictionary(uniqueKeysWithValues: report.results.map { ($0.id.description, $0.outcome) })
  }

  @Test func everyTestIsReportedThoughTwoCrashAndTwoHang() async throws {
    let run = try await run { _ in }
    #expect(run.status == 1)
    #expect(
      outcomes(run.report) == [
        "FixtureXCTests.ArithmeticTests/testAdds": .passed,
        "FixtureXCTests.ArithmeticTests/testFails": .failed,
        "FixtureXCTests.ArithmeticTests/testSkips": .skipped,
        "FixtureXCTests.ArithmeticTests/testCrashes": .crashed,
        "FixtureXCTests.ArithmeticTests/testHangs": .timedOut,
        "FixtureXCTests.ArithmeticTests/testRunsAfterTheCrash": .passed,
        "FixtureSwiftTests.AdditionTests/adds()": .passed,
        "FixtureSwiftTests.AdditionTests/fails()": .failed,
        "FixtureSwiftTests.AdditionTests/cases(number:) [1]": .passed,
        "FixtureSwiftTests.AdditionTests/cases(number:) [2]": .failed,
        "FixtureSwiftTests.AdditionTests/cases(number:) [3]": .passed,
        "FixtureSwiftTests.AdditionTests/disabled()": .skipped,
        "FixtureSwiftTests.AdditionTests/crashes()": .crashed,
        "FixtureSwiftTests.AdditionTests/hangs()": .timedOut,
        "FixtureSwiftTests.MoreTests/one()": .passed,
        "FixtureSwiftTests.MoreTests/two()": .passed,
        "FixtureSwiftTests.MoreTests/three()": .passed,
      ])
    let crash = run.report.results.first { $0.id.test == "crashes()" }
    #expect(crash?.reason?.hasPrefix("Fatal error: boom; the test process stopped: signal") == true)
    #expect(crash?.output?.contains("about to crash") == true)
    // XCTest runs one test at a time: a crashed or hanging test keeps its own output only.
    let xcCrash = run.report.results.first { $0.id.test == "testCrashes" }
    #expect(xcCrash?.output?.hasPrefix("Test Case 'ArithmeticTests.testCrashes' started") == true)
    #expect(xcCrash?.output?.contains("Fatal error: Index out of range") == true)
    #expect(xcCrash?.output?.contains("testAdds") == false)
    let xcHang = run.report.results.first { $0.id.test == "testHangs" }
    #expect(xcHang?.output?.hasPrefix("Test Case 'ArithmeticTests.testHangs' started") == true)
    let root = try await Self.fixture.value.get()
    // Failures are printed as editors read them.
    #expect(
      run.lines.contains {
        $0.contains(
          "\(root)/Tests/FixtureSwiftTests/AdditionTests.swift:10: error: "
            + "FixtureSwiftTests.AdditionTests/fails(): Expectation failed: (add(2, 2) → 4) == 5")
      }, "\(run.lines)")
    #expect(
      run.lines.contains(
        "\(root)/Tests/FixtureXCTests/ArithmeticTests.swift:11: error: "
          + #"FixtureXCTests.ArithmeticTests/testFails: XCTAssertEqual failed: ("4") is not equal to ("5") - two and two"#
      ), "\(run.lines)")
    #expect(
      run.lines.last
        == "17 tests: 8 passed, 3 failed, 2 skipped, 2 crashed, 2 timed out in \(String(format: "%.1f", run.report.duration)) s"
    )
  }

  @Test func aLineRunsExactlyTheTestAroundIt() async throws {
    let root = try await Self.fixture.value.get()
    let swift = try await run {
      $0.selection.locations = ["\(root)/Tests/FixtureSwiftTests/AdditionTests.swift:6"]
    }
    #expect(outcomes(swift.report) == ["FixtureSwiftTests.AdditionTests/adds()": .passed])
    #expect(swift.status == 0)
    let xctest = try await run {
      $0.selection.locations = ["\(root)/Tests/FixtureXCTests/ArithmeticTests.swift:11"]
    }
    #expect(outcomes(xctest.report) == ["FixtureXCTests.ArithmeticTests/testFails": .failed])
    #expect(xctest.status == 1)
  }

  @Test func theShardsTogetherRunEveryTestOnce() async throws {
    var seen: [String] = []
    for index in 1...3 {
      let shard = try await run {
        $0.selection.skips = ["[Cc]rashes", "[Hh]angs"]
        $0.shard = try Shard("\(index)/3")
      }
      seen += shard.report.results.map(\.id.description)
    }
    let all = try await run { $0.selection.skips = ["[Cc]rashes", "[Hh]angs"] }
    #expect(seen.count == all.report.results.count)
    #expect(Set(seen) == Set(all.report.results.map(\.id.description)))
    #expect(all.report.results.count == 13)
  }

  @Test func failedRerunsOnlyWhatFailedLastTime() async throws {
    _ = try await run { $0.selection.skips = ["ang"] }
    let again = try await run {
      $0.onlyFailed = true
      $0.selection.skips = ["ang"]
    }
    #expect(
      Set(again.report.results.map(\.id.description)) == [
        "FixtureXCTests.ArithmeticTests/testFails",
        "FixtureXCTests.ArithmeticTests/testCrashes",
        "FixtureSwiftTests.AdditionTests/fails()",
        "FixtureSwiftTests.AdditionTests/cases(number:) [1]",
        "FixtureSwiftTests.AdditionTests/cases(number:) [2]",
        "FixtureSwiftTests.AdditionTests/cases(number:) [3]",
        "FixtureSwiftTests.AdditionTests/crashes()",
      ])
  }

  @Test func theJUnitReportOfACrashingRunIsValidXML() async throws {
    _ = try await Self.fixture.value.get()
    let path = FixturePackage.reportPath("xml")
    _ = try await run {
      $0.selection.names = ["ArithmeticTests"]
      $0.selection.skips = ["ang"]
      $0.reports.append(try TestSession.ReportRequest("junit:\(path)"))
    }
    let data = try #require(FileManager.default.contents(atPath: path))
    let parser = XMLParser(data: data)
    #expect(parser.parse())
    let xml = String(decoding: data, as: UTF8.self)
    #expect(xml.contains(#"<testsuites tests="5" failures="1" errors="1" skipped="1""#), "\(xml)")
    #expect(
      xml.contains(#"<error type="crashed" message="crashed: Fatal error: Index out of range"#))
  }

  @Test func aNameThatMatchesNothingIsAClearError() async throws {
    let error = await #expect(throws: RunError.self) {
      try await run { $0.selection.names = ["ArithmeticTest/testAd"] }
    }
    #expect(
      error?.description
        == "no test is named \"ArithmeticTest/testAd\"; did you mean "
        + "FixtureXCTests.ArithmeticTests/testAdds, FixtureXCTests.ArithmeticTests/testFails, "
        + "FixtureXCTests.ArithmeticTests/testHangs?")
  }
}
