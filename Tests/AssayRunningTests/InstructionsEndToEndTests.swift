import AssayResults
import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayRunning

/// `measure(metrics: [.instructions])` under `assay test`, end to end
/// (Fixtures/AssayUserFixture, `InstructionTests`): on a machine without an instruction
/// counter, the tests that ask for it run again under Callgrind; a 5% increase in work fails
/// in both frameworks, unchanged code passes, and where Valgrind is missing each such test
/// says so.
@Suite(.serialized) struct InstructionsEndToEndTests {
  private struct Run {
    let status: Int32
    let results: [TestResult]
    let printed: [String]
    let baselines: String

    /// The result of the test whose name contains `name`.
    func result(_ name: String) -> TestResult? {
      results.first { $0.id.description.contains(name) && $0.id.testCase == nil }
    }
  }

  /// Runs the fixture's instruction tests with `environment`, their baselines in `baselines`.
  private func run(
    baselines: String, records: Bool = false, environment: [String: String] = [:]
  ) async throws -> Run {
    let root = try await FixturePackage.assayUser.value.get()
    var options = TestSession.Options()
    options.packagePath = root
    options.skipBuild = true
    options.selection.filters = ["loopInstructions", "LoopXCTests"]
    options.recordsBaselines = records
    // Set, not inherited: this repository's CI records every baseline (ASSAY_RECORD_BASELINES).
    options.environment =
      [
        "ASSAY_BASELINES": baselines, "ASSAY_MACHINE": "fixture machine",
        "ASSAY_RECORD_BASELINES": records ? "1" : "0", "CI": "false",
      ]
      .merging(environment) { _, given in given }
    let reportPath = FixturePackage.reportPath("json")
    options.reports = [try TestSession.ReportRequest("json:\(reportPath)")]
    let session = options
    let printed = PrintedLines()
    let status = try await offThePool {
      try TestSession(options: session, print: printed.append).run()
    }
    let report = try TestReport.read(FileManager.default.contents(atPath: reportPath) ?? Data())
    return Run(
      status: status, results: report.results, printed: printed.lines, baselines: baselines)
  }

  /// The recorded instruction counts of `measure`, read from the baselines file as JSON.
  private func counts(_ run: Run, _ measure: String) -> [Double] {
    guard
      let data = FileManager.default.contents(atPath: "\(run.baselines)/InstructionTests.json"),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let measures = root["measures"] as? [String: Any],
      let machines = measures[measure] as? [String: Any],
      let entry = machines["fixture machine"] as? [String: Any],
      let metrics = entry["metrics"] as? [String: Any],
      let instructions = metrics["instructions"] as? [String: Any],
      let samples = instructions["samples"] as? [Double]
    else { return [] }
    return samples
  }

  private static var valgrindIsInstalled: Bool {
    FileManager.default.isExecutableFile(atPath: Command.resolve("valgrind"))
  }

  /// The limit covers building the fixture (Assay with it) beside the rest of the suite.
  @Test(.timeLimit(.minutes(20)))
  func aFivePercentIncreaseFailsInBothFrameworksAndUnchangedCodePasses() async throws {
    let baselines = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-instructions-\(UUID().uuidString)").path
    let recorded = try await run(baselines: baselines, records: true)
    #expect(recorded.status == 0, "\(recorded.printed)")
    guard Self.valgrindIsInstalled else {
      // No counter here and no Valgrind: each test says so, never a silent pass.
      for name in ["loopInstructions", "testLoopInstructions"] {
        let warnings = recorded.result(name)?.issues.filter(\.isWarning) ?? []
        #expect(
          warnings.map(\.message) == [
            "instructions not measured: Valgrind is not installed (on Debian or Ubuntu: "
              + "apt-get install valgrind)"
          ], "\(name)")
      }
      return
    }
    for measure in ["Swift Testing loop", "XCTest loop"] {
      let samples = counts(recorded, measure)
      #expect(samples.count == 5, "\(measure): \(samples)")
      #expect((samples.min() ?? 0) > 10_000, "\(measure): a loop of 10,000 steps: \(samples)")
    }

    let unchanged = try await run(baselines: baselines)
    #expect(unchanged.status == 0, "\(unchanged.printed)")
    #expect(unchanged.results.allSatisfy { !$0.outcome.isFailure }, "\(unchanged.results)")

    let slower = try await run(baselines: baselines, environment: ["LOOP_STEPS": "10500"])
    #expect(slower.status == 1)
    for (name, measure) in [
      ("loopInstructions", "Swift Testing loop"), ("testLoopInstructions", "XCTest loop"),
    ] {
      let result = slower.result(name)
      #expect(result?.outcome == .failed, "\(name)")
      // XCTest's line says "failed - " first.
      let message = (result?.issues.first(where: \.isFailure)?.message ?? "")
        .replacingOccurrences(of: "failed - ", with: "")
      #expect(
        message.hasPrefix("measure \"\(measure)\": instructions 5.0% higher "),
        "\(name): \(message)")
      #expect(
        message.contains(" higher than the baseline: ")
          && message.contains(" (exact counts; tolerance 2%)"), "\(name): \(message)")
    }
  }

  @Test func aTestInBothRunsKeepsEveryIssueAndTheWorseOutcome() {
    let id = TestIdentifier(library: .swiftTesting, target: "T", suite: "", test: "a()")
    let first = TestResult(
      id: id, outcome: .failed, issues: [TestIssue(message: "wall clock 30% slower")])
    let counted = TestResult(
      id: id, outcome: .passed, issues: [TestIssue(message: "ok", isWarning: true)])
    let crashed = TestResult(id: id, outcome: .crashed, reason: "signal 11")
    let merged = TestSession.merged([first], counted: [counted])
    #expect(merged.map(\.outcome) == [.failed])
    #expect(merged.first?.issues.map(\.message) == ["wall clock 30% slower", "ok"])
    let worse = TestSession.merged([counted], counted: [crashed])
    #expect(worse.map(\.outcome) == [.crashed])
    #expect(worse.first?.reason == "signal 11")
    let other = TestIdentifier(library: .swiftTesting, target: "T", suite: "", test: "b()")
    #expect(
      TestSession.merged([first], counted: [TestResult(id: other, outcome: .passed)]).count == 2)
  }

  @Test func requestsAreReadOnceEachAndABrokenLineIsSkipped() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("requests-\(UUID().uuidString).jsonl").path
    let line = #"{"file":"/p/T.swift","line":12,"measure":"sorting"}"#
    try "\(line)\n\(line)\n{\"file\":\n".write(toFile: path, atomically: true, encoding: .utf8)
    let requests = MeasureRequest.read(path)
    #expect(requests == [MeasureRequest(file: "/p/T.swift", line: 12, measure: "sorting")])
    #expect(requests.first?.location == "/p/T.swift:12")
    #expect(MeasureRequest.read(path + ".missing").isEmpty)
  }
}

/// What a session printed, from the thread it runs on.
private final class PrintedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [String] = []

  func append(_ line: String) { lock.withLock { kept.append(line) } }

  var lines: [String] { lock.withLock { kept } }
}
