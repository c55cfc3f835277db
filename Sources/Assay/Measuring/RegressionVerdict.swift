import Foundation

/// What a measure's samples say against its baseline, for one metric: a regression only when
/// the change is both statistically significant and larger than the tolerance.
struct RegressionVerdict: Equatable, Sendable {
  enum Kind: Equatable, Sendable { case unchanged, regressed, improved }

  let kind: Kind
  let metric: Metric
  let baseline: SampleSummary
  let current: SampleSummary
  /// The change, when it could be estimated (samples of positive values).
  let shift: ShiftEstimate?

  /// Judges `current` against `baseline`. Times are judged on the faster half of each set of
  /// samples: a busy machine only ever adds time, so the faster runs tell the code's speed
  /// and a noisy neighbour does not raise a false alarm; counts and bytes on all samples.
  init(metric: Metric, baseline: [Double], current: [Double], options: MeasureOptions) {
    self.metric = metric
    self.baseline = SampleSummary(baseline)
    self.current = SampleSummary(current)
    let (judgedBaseline, judgedCurrent) =
      metric.isTime
      ? (self.baseline.lowerHalf, self.current.lowerHalf) : (baseline, current)
    let tolerance = Self.tolerance(of: metric, options)
    // Instruction counts are exact: their medians are compared as they are.
    shift =
      metric == .instructions
      ? nil
      : ShiftEstimate(
        baseline: judgedBaseline, current: judgedCurrent, confidence: options.confidence)
    if let shift {
      // With ties (counts), an end of the interval can sit exactly at 1 while most samples
      // moved: that counts as significant.
      if shift.lower >= 1, shift.ratio > 1 + tolerance {
        kind = .regressed
      } else if shift.upper <= 1, shift.ratio < 1 - tolerance {
        kind = .improved
      } else {
        kind = .unchanged
      }
    } else {
      // Exact counts, or counts of zero (no allocation at all): compare the medians.
      let (old, new) = (SampleSummary(judgedBaseline).median, SampleSummary(judgedCurrent).median)
      if new > old * (1 + tolerance) && new > old {
        kind = .regressed
      } else if new < old * (1 - tolerance) {
        kind = .improved
      } else {
        kind = .unchanged
      }
    }
  }

  /// The change of `metric` that counts: ``MeasureOptions/instructionTolerance`` for
  /// instructions, ``MeasureOptions/tolerance`` for the rest.
  static func tolerance(of metric: Metric, _ options: MeasureOptions) -> Double {
    metric == .instructions ? options.instructionTolerance : options.tolerance
  }

  /// "wall clock 31.2% slower than the baseline (99% confidence: 27.0% to 35.1% slower;
  /// tolerance 10%)", and the two sets of samples.
  func message(measure: String, options: MeasureOptions, machine: String, recorded: String)
    -> String
  {
    let (worse, better) = metric.isTime ? ("slower", "faster") : ("higher", "lower")
    let tolerance = String(
      format: "tolerance %g%%", Self.tolerance(of: metric, options) * 100)
    let change: String
    if metric == .instructions, baseline.median > 0 {
      let ratio = current.median / baseline.median
      change =
        String(format: "%.1f%% ", abs(ratio - 1) * 100) + (ratio >= 1 ? worse : better)
        + " than the baseline: \(metric.format(current.median)) against "
        + "\(metric.format(baseline.median)) (exact counts; \(tolerance))"
    } else if let shift {
      func percent(_ ratio: Double) -> String {
        String(format: "%.1f%%", abs(ratio - 1) * 100)
      }
      func direction(_ ratio: Double) -> String { ratio >= 1 ? worse : better }
      let interval =
        direction(shift.lower) == direction(shift.upper)
        ? "\(percent(shift.lower)) to \(percent(shift.upper)) \(direction(shift.upper))"
        : "\(percent(shift.lower)) \(direction(shift.lower)) to \(percent(shift.upper)) "
          + direction(shift.upper)
      change =
        "\(percent(shift.ratio)) \(direction(shift.ratio)) than the baseline ("
        + String(format: "%g%%", options.confidence * 100) + " confidence: \(interval); "
        + "\(tolerance))"
    } else {
      change =
        "\(metric.format(current.median)) against \(metric.format(baseline.median)) in the "
        + "baseline (\(tolerance))"
    }
    return """
      measure "\(measure)": \(metric) \(change)
      baseline: \(describe(baseline)) (\(machine), recorded \(recorded))
      now:      \(describe(current))
      """
  }

  private func describe(_ summary: SampleSummary) -> String {
    "median \(metric.format(summary.median)), p10–p90 \(metric.format(summary.percentile(10)))"
      + "–\(metric.format(summary.percentile(90))), MAD "
      + "\(metric.format(summary.medianAbsoluteDeviation)), \(summary.count) samples"
  }
}
