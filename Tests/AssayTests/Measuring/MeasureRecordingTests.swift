import Foundation
import Testing

@testable import Assay

/// What a recording keeps beside the samples, and what runs under Callgrind count.
struct MeasureRecordingTests {
  let options = MeasureOptions(
    budget: .seconds(3600), warmUpRuns: 1, maximumSamples: 5, iterationsPerSample: 1)

  /// The metrics recorded for `measure` in the baselines `file`, by key.
  private func recorded(_ file: String, _ measure: String) throws -> [String: Any] {
    let baselines = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: file)))
    let entry = ((baselines as? [String: Any])?["measures"] as? [String: Any])?[measure]
    let metrics = ((entry as? [String: Any])?["test machine"] as? [String: Any])?["metrics"]
    return try #require(metrics as? [String: Any])
  }

  /// How many samples of `key` a recording kept.
  private func count(_ metrics: [String: Any], _ key: String) -> Int? {
    ((metrics[key] as? [String: Any])?["samples"] as? [Double])?.count
  }

  /// A time keeps, sample for sample, the machine's pace beside it and the share of the
  /// processor the block had; a count keeps the share only (the pace judges times alone).
  @Test func aTimeKeepsThePaceAndTheShareOfTheProcessor() throws {
    try MeasuringFixtures.withBaselines(records: true) { file throws in
      measure("timed", metrics: [.wallClock], options: options) {}
      let timed = try recorded(file, "timed")
      #expect(count(timed, "wallClock") == 5)
      #expect(count(timed, "machinePace") == 5, "\(timed)")
      #expect(count(timed, "processorShare") == 5, "\(timed)")
      #if os(Linux)
        measure("counted", metrics: [.allocations], options: options) {}
        let counted = try recorded(file, "counted")
        #expect(count(counted, "allocations") == 5)
        #expect(counted["machinePace"] == nil, "\(counted)")
        #expect(count(counted, "processorShare") == 5, "\(counted)")
      #endif
    }
  }

  /// An asynchronous block's first run over the whole budget is a warning too.
  @Test func anAsynchronousFirstRunOverTheBudgetIsAWarning() async throws {
    try await MeasuringFixtures.withBaselines(records: true) { _ async throws in
      let issues = try await recordedIssues {
        await measure("slow, awaited", options: MeasureOptions(budget: .nanoseconds(1))) {
          await Task.yield()
        }
      }
      #expect(issues.map(\.line) == [#line - 4])
      #expect(
        issues.first?.message.hasPrefix("measure \"slow, awaited\": its first run took ") == true,
        "\(issues)")
    }
  }

  /// Under Callgrind too, an error names the run that threw: the first, not counted, is run 1.
  @Test func underCallgrindAnErrorNamesTheRunThatThrew() throws {
    struct Oops: Error {}
    try MeasuringFixtures.withBaselines(records: true, instructions: .underCallgrind) { _ throws in
      var runs = 0
      let issues = try recordedIssues {
        measure("throwing, counted", metrics: [.instructions]) {
          runs += 1
          if runs == 3 { throw Oops() }
          MeasuringFixtures.callgrindCounts(1000)
        }
      }
      #expect(
        issues.map(\.message) == [
          "measure \"throwing, counted\": the block threw an error on run 3: Oops(); nothing was "
            + "judged"
        ])
    }
  }
}
