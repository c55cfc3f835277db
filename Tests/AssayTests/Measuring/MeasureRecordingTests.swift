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

  /// The day a baseline is recorded on is today's date in UTC, as `yyyy-MM-dd` (the dogfood's
  /// `MeasureRun.swift:531` and `:532` survived: no test read it).
  @Test func aRecordingIsDatedTodayInUTC() {
    func utcDate() -> String {
      var now = time(nil)
      var parts = tm()
      gmtime_r(&now, &parts)
      return String(
        format: "%04d-%02d-%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
        Int(parts.tm_mday))
    }
    let before = utcDate()
    let today = MeasureRun.today()
    // Around midnight, either day.
    #expect([before, utcDate()].contains(today), "\(today)")
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

  /// A recording's processes so far settle its baseline when they tell where another process
  /// of the same code may fall within the tolerance: five 0.4% apart do; five 8% apart (the
  /// measure matrix's allocating `@Test` block, 677 to 731 µs) do not, nor does one; a count
  /// needs no processes.
  @Test func aRecordingSettlesWhenItsProcessesTellTheTolerance() {
    func entry(_ processes: [Double], metric: Metric = .wallClock) -> BaselineFile.Entry {
      var entry = BaselineFile.Entry(
        samples: [metric: processes.flatMap { Array(repeating: $0, count: 10) }],
        recorded: "2026-12-01")
      entry.processes[metric] = processes
      return entry
    }
    let options = MeasureOptions(tolerance: 0.1)
    let agreeing = [1.0, 1.002, 0.998, 1.004, 0.999]
    #expect(MeasureRun.settled(entry(agreeing), metric: .wallClock, options: options))
    #expect(
      !MeasureRun.settled(
        entry([730.6, 688.9, 731.4, 677.9, 677.0]), metric: .wallClock, options: options))
    #expect(!MeasureRun.settled(entry([1.0]), metric: .wallClock, options: options))
    // A tolerance of 0.1% is finer than those five tell.
    #expect(
      !MeasureRun.settled(
        entry(agreeing), metric: .wallClock, options: MeasureOptions(tolerance: 0.001)))
    #expect(
      MeasureRun.settled(entry([1.0], metric: .allocations), metric: .allocations, options: options)
    )
  }

  /// A measure of time that records says so to `assay test --record-baselines`, unsettled
  /// while its processes cannot tell its tolerance (one process never can), so that the run
  /// records it in more; a measure of counts only says nothing.
  @Test func aRecordingOfTimeAsksForMoreProcessesWhileUnsettled() throws {
    try MeasuringFixtures.withBaselines(records: true) { file throws in
      let records = (file as NSString).deletingLastPathComponent + "/records.jsonl"
      var environment = MeasureEnvironment.current
      environment.baselineRecords = records
      environment.recordSession = "session"
      try MeasureEnvironment.$override.withValue(environment) {
        measure("timed, recorded", metrics: [.cpuTime], options: options) {}
        #if os(Linux)
          measure("counted, recorded", metrics: [.allocations], options: options) {}
        #endif
        let lines = try String(contentsOfFile: records, encoding: .utf8)
          .split(separator: "\n").map {
            try #require(
              try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
          }
        #expect(lines.map { $0["measure"] as? String } == ["timed, recorded"])
        #expect(lines.first?["unsettled"] as? Bool == true, "\(lines)")
      }
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
