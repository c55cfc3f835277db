import Foundation
import Testing

@testable import Assay

/// The statistics behind `measure`'s verdicts, on samples whose answers are known.
struct StatisticsTests {
  @Test func aSummaryGivesMedianPercentilesAndMAD() {
    let summary = SampleSummary([5, 1, 4, 2, 3, 100])
    #expect(summary.sorted == [1, 2, 3, 4, 5, 100])
    #expect(summary.median == 3.5)
    #expect(summary.percentile(0) == 1)
    #expect(summary.percentile(100) == 100)
    #expect(summary.percentile(20) == 2)
    // |x - 3.5| = 2.5 1.5 0.5 0.5 1.5 96.5: one wild sample barely moves it.
    #expect(summary.medianAbsoluteDeviation == 1.5)
    #expect(summary.lowerHalf == [1, 2, 3])
    #expect(SampleSummary([1, 2, 3, 4, 5]).lowerHalf == [1, 2, 3])
  }

  @Test(arguments: [(0.975, 1.959964), (0.995, 2.575829), (0.5, 0.0), (0.01, -2.326348)])
  func theNormalQuantileIsRight(p: Double, z: Double) {
    #expect(abs(ShiftEstimate.normalQuantile(p) - z) < 1e-5)
  }

  /// Student's t against its tables: exact for one and two degrees of freedom, within 1% from
  /// three (the Cornish–Fisher expansion), as the prediction of another process needs it.
  @Test(arguments: [
    (0.995, 1, 63.657), (0.995, 2, 9.925), (0.995, 3, 5.841), (0.995, 4, 4.604),
    (0.995, 9, 3.250), (0.975, 4, 2.776), (0.975, 29, 2.045),
  ])
  func theStudentQuantileIsRight(p: Double, degreesOfFreedom: Int, t: Double) {
    let found = ShiftEstimate.studentQuantile(p, degreesOfFreedom: degreesOfFreedom)
    #expect(abs(found - t) / t < 0.01, "\(found)")
  }

  @Test func aShiftOfAQuarterIsEstimatedWithAnIntervalAboveOne() throws {
    let baseline = (0..<30).map { 1.0 + Double($0 % 7) * 0.01 }
    let slower = baseline.map { $0 * 1.25 }
    let shift = try #require(ShiftEstimate(baseline: baseline, current: slower, confidence: 0.99))
    #expect(abs(shift.ratio - 1.25) < 0.001)
    #expect(shift.lower > 1.2 && shift.lower <= 1.25)
    #expect(shift.upper >= 1.25 && shift.upper < 1.3)
  }

  @Test func theSameSamplesGiveAnIntervalAroundOne() throws {
    let samples = (0..<30).map { 1.0 + Double($0 % 7) * 0.01 }
    let shift = try #require(ShiftEstimate(baseline: samples, current: samples, confidence: 0.99))
    #expect(shift.ratio == 1)
    #expect(shift.lower < 1 && shift.upper > 1)
  }

  @Test func samplesThatAreNotPositiveGiveNoEstimate() {
    #expect(ShiftEstimate(baseline: [0, 0], current: [1, 1], confidence: 0.99) == nil)
    #expect(ShiftEstimate(baseline: [], current: [1], confidence: 0.99) == nil)
    #expect(ShiftEstimate(baseline: [1], current: [], confidence: 0.99) == nil)
  }
}

/// When a change is a regression, an improvement, or noise.
struct RegressionVerdictTests {
  let options = MeasureOptions(tolerance: 0.1)
  let baseline = (0..<40).map { 1.0e-3 * (1 + Double($0 % 9) * 0.005) }

  @Test func aSignificantSlowdownBeyondTheToleranceIsARegression() {
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: baseline, current: baseline.map { $0 * 1.3 },
      options: options)
    #expect(verdict.kind == .regressed)
  }

  @Test func aSlowdownWithinTheToleranceIsNot() {
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: baseline, current: baseline.map { $0 * 1.05 },
      options: options)
    #expect(verdict.kind == .unchanged)
  }

  @Test func aSpeedUpBeyondTheToleranceIsAnImprovement() {
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: baseline, current: baseline.map { $0 * 0.7 },
      options: options)
    #expect(verdict.kind == .improved)
  }

  /// A busy machine: a third of the runs interrupted, taking twice as long. The faster half
  /// is as it was, so it is not a regression; the same load on every run would be.
  @Test func runsSlowedByANoisyNeighbourAreNotARegression() {
    let noisy = baseline.enumerated().map { $0.offset % 3 == 0 ? $0.element * 2 : $0.element }
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: baseline, current: noisy, options: options)
    #expect(verdict.kind == .unchanged)
    #expect(verdict.current.median > verdict.baseline.median)
  }

  /// Samples so spread that their interval reaches past the tolerance without showing a
  /// change: neither a regression nor "no regression".
  @Test func samplesTooNoisyToTellTheToleranceAreInconclusive() {
    let current = (0..<10).map { 1.0e-3 * (0.98 + Double($0) * 0.04) }
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: baseline, current: current, options: options)
    #expect(verdict.kind == .inconclusive, "\(String(describing: verdict.shift))")
    // The interval holds both "no change" and a change beyond the tolerance.
    #expect((verdict.shift?.lower ?? 2) < 1 && (verdict.shift?.upper ?? 0) > 1.1)
  }

  /// A slowdown seen while the runs spread many times more than when the baseline was
  /// recorded: a busy machine slows every run, so it is inconclusive, not a regression.
  @Test func aSlowdownOnAMuchNoisierMachineIsInconclusive() {
    let current = (0..<40).map { 1.3e-3 * (1 + Double($0 % 8) * 0.05) }
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: baseline, current: current, options: options)
    #expect((verdict.shift?.lower ?? 0) > 1.1, "\(String(describing: verdict.shift))")
    #expect(verdict.kind == .inconclusive)
    // Counts have no noise of the machine's: the same samples as allocations regressed.
    #expect(
      RegressionVerdict(
        metric: .allocations, baseline: baseline, current: current, options: options
      ).kind == .regressed)
  }

  /// A baseline of one process (recorded when the measure first ran): processes of the same
  /// code differ, so a slowdown short of twice as slow is inconclusive, not a regression
  /// (XMLCoder's migrated `measure` tests failed their second run against their first); one
  /// beyond it still fails.
  @Test(arguments: [
    (1.3, RegressionVerdict.Kind.inconclusive), (1.9, .inconclusive), (2.3, .regressed),
  ])
  func aBaselineOfOneProcessTellsOnlyALargeSlowdown(factor: Double, kind: RegressionVerdict.Kind) {
    let typical = RegressionVerdict.typical(of: baseline, metric: .wallClock)
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: baseline, current: baseline.map { $0 * factor },
      options: options, processes: [typical])
    #expect(verdict.kind == kind, "\(String(describing: verdict.shift))")
    // Counts are exact whatever the process: the same samples as allocations regressed.
    #expect(
      RegressionVerdict(
        metric: .allocations, baseline: baseline, current: baseline.map { $0 * factor },
        options: options, processes: [typical]
      ).kind == .regressed)
  }

  @Test func theInconclusiveMessageOfAOneProcessBaselineSaysToRecordInSeveral() {
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: baseline, current: baseline.map { $0 * 1.3 },
      options: options, processes: [RegressionVerdict.typical(of: baseline, metric: .wallClock)])
    let message = verdict.inconclusiveMessage(
      measure: "sorting", options: options, machine: "test machine", recorded: "2026-01-02")
    #expect(
      message.hasPrefix(
        """
        measure "sorting": wall clock inconclusive: a baseline recorded in one process cannot \
        tell a 10% change: 30.0% slower than the baseline (99% confidence: 29.4% to 30.6% \
        slower; tolerance 10%); another process of the same code may run up to twice as slow: \
        record the baseline in several (assay test --record-baselines) to tell a smaller \
        change; noise:
        """), "\(message)")
  }

  @Test func theInconclusiveMessageSaysWhatItCouldTellAndWhatToDo() {
    let current = (0..<10).map { 1.0e-3 * (0.98 + Double($0) * 0.04) }
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: baseline, current: current, options: options)
    let message = verdict.inconclusiveMessage(
      measure: "noisy", options: options, machine: "test machine", recorded: "2026-01-02")
    #expect(
      message == """
        measure "noisy": wall clock inconclusive: the machine was too noisy to tell a 10% change: \
        5.2% slower than the baseline (99% confidence: 2.5% faster to 12.9% slower; tolerance \
        10%); the samples rule out only a slowdown above 12.9%; noise: the samples spread 8.6% \
        around their median now, 1.2% in the baseline
        baseline: median 1.02 ms, p10–p90 1 ms–1.04 ms, MAD 12.5 µs, 40 samples (test machine, \
        recorded 2026-01-02)
        now:      median 1.16 ms, p10–p90 1.02 ms–1.3 ms, MAD 100 µs, 10 samples
        Neither a failure nor a pass: measure .instructions (exact under any load), or run \
        performance tests alone on a quiet machine; ASSAY_FAIL_INCONCLUSIVE=1 makes this a failure.
        """)
  }

  /// Counts are judged on every sample, not on the smaller half: more allocations in most
  /// runs is a regression even when a few runs kept the old count.
  @Test func countsAreJudgedOnEverySample() {
    let current = Array(repeating: 10.0, count: 8) + Array(repeating: 30, count: 12)
    #expect(
      RegressionVerdict(
        metric: .allocations, baseline: Array(repeating: 10, count: 20), current: current,
        options: options
      ).kind == .regressed)
    // The same samples as times: their faster half is mostly as before, so no regression;
    // but with two of its ten runs three times slower, it cannot rule one out either.
    #expect(
      RegressionVerdict(
        metric: .wallClock, baseline: Array(repeating: 10, count: 20), current: current,
        options: options
      ).kind == .inconclusive)
  }

  @Test func countsOfZeroAreComparedAsTheyAre() {
    let zero = Array(repeating: 0.0, count: 20)
    #expect(
      RegressionVerdict(metric: .allocations, baseline: zero, current: zero, options: options)
        .kind == .unchanged)
    #expect(
      RegressionVerdict(
        metric: .allocations, baseline: zero, current: Array(repeating: 1, count: 20),
        options: options
      ).kind == .regressed)
  }
}
