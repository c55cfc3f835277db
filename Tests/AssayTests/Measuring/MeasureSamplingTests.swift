import Foundation
import Testing

@testable import Assay

/// How often `measure` runs its block: a warm-up run, then each sample's runs, as many as
/// ``MeasureOptions/iterationsPerSample`` says; and never, when nothing is left to read.
struct MeasureSamplingTests {
  /// One warm-up run, then five samples of three runs each.
  let options = MeasureOptions(
    budget: .seconds(3600), warmUpRuns: 1, maximumSamples: 5, iterationsPerSample: 3)

  @Test func aSampleRunsABlockAsManyTimesAsItsIterations() {
    MeasuringFixtures.withBaselines(records: true) { _ in
      var runs = 0
      measure("three a sample", metrics: [.wallClock], options: options) { runs += 1 }
      #expect(runs == 1 + 5 * 3)
    }
  }

  @Test func aSampleRunsAnAsynchronousBlockAsManyTimesAsItsIterations() async {
    await MeasuringFixtures.withBaselines(records: true) { _ async in
      var runs = 0
      await measure("three a sample, awaited", metrics: [.wallClock], options: options) {
        await Task.yield()
        runs += 1
      }
      #expect(runs == 1 + 5 * 3)
    }
  }

  /// A measure of instructions only, on a machine without the processor's counter, under
  /// `assay test`: the run under Callgrind counts them, so this one asks for it and runs
  /// nothing (its block may be long: it would run for nothing).
  @Test func aMeasureWithNothingLeftToReadHereNeverRunsItsBlock() throws {
    try MeasuringFixtures.withBaselines(records: true, instructions: .requestedFromAssayTest) {
      file throws in
      var runs = 0
      measure("counted elsewhere", metrics: [.instructions], options: options) { runs += 1 }
      let requests = (file as NSString).deletingLastPathComponent + "/requests.jsonl"
      let asked = (try? String(contentsOfFile: requests, encoding: .utf8)) ?? ""
      if case .success = HardwareInstructionCounter.open() {
        #expect(runs == 1 + 5 * 3, "counted here")
        return
      }
      #expect(runs == 0)
      #expect(asked.contains(#""measure":"counted elsewhere""#), "\(asked)")
      #expect(!FileManager.default.fileExists(atPath: file), "nothing was recorded")
    }
  }
}
