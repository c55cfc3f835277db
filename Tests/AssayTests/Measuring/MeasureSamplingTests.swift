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

  /// The end of the block ends its measured part, when it started one and never stopped it.
  @Test func aBlockThatStartsMeasuringAndNeverStopsIsMeasuredToItsEnd() throws {
    try MeasuringFixtures.withBaselines(records: true) { file throws in
      // An issue here would fail this test.
      measure("started only", metrics: [.allocations], options: options) { iteration in
        MeasuringFixtures.allocate(5)  // preparing: not measured
        iteration.startMeasuring()
        MeasuringFixtures.allocate(2)
      }
      let samples = try MeasuringFixtures.samples(file, "started only", "allocations")
      #if os(Linux)
        #expect(samples == Array(repeating: 2, count: 5))
      #else
        #expect(samples.count == 5)
      #endif
    }
  }
}
