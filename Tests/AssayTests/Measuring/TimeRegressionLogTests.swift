import Foundation
import Testing

@testable import Assay

/// A measure whose only regressions are of time tells `assay test` (`ASSAY_TIME_REGRESSIONS`),
/// which runs its test again in a new process; a regression of a count needs no second look.
struct TimeRegressionLogTests {
  let options = MeasuringFixtures.options

  /// Judges `samples` against a baseline of 1 ms and 100 allocations, with the log in the
  /// baselines' folder; the log's lines.
  private func judge(_ samples: [Metric: Double], metrics: [Metric]) -> [String] {
    let twenty = MeasuringFixtures.twenty
    let json = """
      {"schemaVersion": 1, "measures": {"sorting": {"test machine": {"recorded": "2026-01-02",
        "metrics": {"wallClock": {"samples": [\(twenty(0.001))]},
                    "allocations": {"samples": [\(twenty(100))]}}}}}}
      """
    var lines: [String] = []
    MeasuringFixtures.withBaselines(json) { file in
      var environment = MeasureEnvironment.current
      let log = (file as NSString).deletingLastPathComponent + "/regressions.jsonl"
      environment.timeRegressions = log
      MeasureEnvironment.$override.withValue(environment) {
        let run = MeasureRun(
          name: "sorting", testName: nil, metrics: metrics, options: options,
          site: CallSite(), isAsync: false)
        withKnownIssue {
          run?.judge(Array(repeating: samples, count: 20))
        }
      }
      lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        .split(separator: "\n").map(String.init)
    }
    return lines
  }

  @Test func aRegressionOfTimeOnlyIsLogged() throws {
    let lines = judge([.wallClock: 0.003, .processorShare: 1], metrics: [.wallClock])
    #expect(lines.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
    #expect(object["measure"] as? String == "sorting")
    #expect((object["file"] as? String)?.hasSuffix("TimeRegressionLogTests.swift") == true)
  }

  @Test func aRegressionOfACountTooIsNotLogged() {
    let lines = judge(
      [.wallClock: 0.003, .allocations: 150, .processorShare: 1],
      metrics: [.wallClock, .allocations])
    #expect(lines.isEmpty)
  }
}
