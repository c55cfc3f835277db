import AssayResults
import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayRunning

/// A crash in one case of a parameterized test, end to end (Fixtures/AssayUserFixture, with
/// Assay): the cases of a spec or contract not yet run still run, each crash names one case,
/// and a plain parameterized test's crash says its cases not yet run did not run.
@Suite(.serialized) struct CaseCrashEndToEndTests {
  static let fixture = FixturePackage.assayUser

  private func run(_ filter: String) async throws -> (status: Int32, results: [TestResult]) {
    let root = try await Self.fixture.value.get()
    var options = TestSession.Options()
    options.packagePath = root
    options.skipBuild = true
    options.selection.filters = [filter]
    let reportPath = FixturePackage.reportPath("json")
    options.reports = [try TestSession.ReportRequest("json:\(reportPath)")]
    let session = options
    let status = try await offThePool {
      try TestSession(options: session, print: { _ in }).run()
    }
    let report = try TestReport.read(FileManager.default.contents(atPath: reportPath) ?? Data())
    return (status, report.results)
  }

  private func outcomes(_ results: [TestResult]) -> [String: TestOutcome] {
    Dictionary(
      results.map { ($0.id.testCase ?? $0.id.description, $0.outcome) },
      uniquingKeysWith: { _, last in last })
  }

  @Test func theExamplesOfASpecAfterTheOneThatCrashedStillRun() async throws {
    let run = try await run("CrashingSpec")
    #expect(run.status == 1)
    #expect(
      outcomes(run.results) == [
        "a list, starts empty": .passed, "a list, crashes": .crashed, "a list, grows": .passed,
        "a list, shrinks": .passed,
      ])
  }

  @Test func theChecksOfAContractAfterTheOneThatCrashedStillRun() async throws {
    let run = try await run("CounterContractTests")
    #expect(run.status == 1)
    #expect(
      outcomes(run.results) == [
        "Int: Counter: counts up": .passed, "Int: Counter: crashes": .crashed,
        "Int: Counter: counts down": .passed,
      ])
  }

  @Test func aPlainParameterizedTestsCrashNamesOneCaseAndSaysTheRestDidNotRun() async throws {
    let run = try await run("plainCases")
    #expect(run.status == 1)
    let crashed = run.results.filter { $0.outcome == .crashed }
    #expect(crashed.count == 1, "\(run.results.map { ($0.id.description, $0.outcome) })")
    #expect(crashed.first?.id.testCase?.contains("2") == true)
    #expect(
      crashed.first?.reason?.hasSuffix(
        "the cases of plainCases(_:) not yet run did not run: Swift Testing runs a test's "
          + "cases together, never one alone") == true, "\(crashed.first?.reason ?? "")")
  }
}
