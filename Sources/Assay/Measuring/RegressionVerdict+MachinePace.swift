import Foundation

extension RegressionVerdict {
  /// The machine's pace (``Metric/machinePace``) beside a time's samples: each sample's, in
  /// the order of the samples, and each recording process's typical pace.
  struct Pace: Sendable {
    var baseline: [Double]
    var baselineProcesses: [Double]
    var current: [Double]
  }

  /// The typical values of the baseline's `processes`, each brought to the baseline's typical
  /// pace, when the paces of those processes lie more than twice the tolerance apart and the
  /// processes brought to one pace agree better than as recorded; `nil` otherwise. A process
  /// recorded while the whole machine ran 40% slower is not a process that runs the code 40%
  /// slower (the measure matrix's baselines here: processes 14% to 56% apart, their paces as
  /// far); the workload's own steps from one process to another (up to 14% on a steady
  /// machine here, `Benchmarks/Measure/PaceProbe`; 24% in one process on a 2-core AMD
  /// machine whose block ran as fast as in the others) stay below that, or would only add
  /// their noise: brought to one pace, processes 6% apart were 18% apart.
  static func atOnePace(_ processes: [Double], pace: Pace?, tolerance: Double)
    -> (processes: [Double], spread: Double)?
  {
    guard let pace, processes.count >= 2, pace.baselineProcesses.count == processes.count,
      let fastest = pace.baselineProcesses.min(), let slowest = pace.baselineProcesses.max(),
      fastest > 0, !pace.baseline.isEmpty
    else { return nil }
    let spread = slowest / fastest - 1
    guard spread > 2 * tolerance else { return nil }
    let usual = typical(of: pace.baseline, metric: .machinePace)
    let paced = zip(processes, pace.baselineProcesses).map { $0 * usual / $1 }
    func apart(_ values: [Double]) -> Double {
      guard let low = values.min(), let high = values.max(), low > 0 else { return .infinity }
      return high / low
    }
    guard apart(paced) < apart(processes) else { return nil }
    return (paced, spread)
  }

  /// The samples judged over the machine's pace, each over the pace read after it, and how
  /// much slower (above 1) or faster the machine ran than when the baseline was recorded;
  /// `nil` when its pace changed by no more than the tolerance, or was not read beside every
  /// sample (a baseline recorded before Assay read it).
  static func judgedAgainst(
    _ pace: Pace, metric: Metric, baseline: [Double], current: [Double],
    options: MeasureOptions, processes: [Double]
  ) -> (change: Double, verdict: RegressionVerdict)? {
    guard
      let change = paceChange(
        pace, samples: (baseline.count, current.count), processes: processes.count)
    else { return nil }
    let allowed = tolerance(of: metric, options)
    guard change > 1 + allowed || change < 1 / (1 + allowed) else { return nil }
    let verdict = RegressionVerdict(
      metric: metric, baseline: zip(baseline, pace.baseline).map(/),
      current: zip(current, pace.current).map(/), options: options,
      processes: zip(processes, pace.baselineProcesses).map(/))
    return (change, verdict)
  }

  /// How much slower (above 1) or faster the machine ran than when the baseline was recorded:
  /// the typical pace now over the baseline's; `nil` when the pace was not read beside every
  /// sample and every recording process (a baseline recorded before Assay read it).
  static func paceChange(_ pace: Pace, samples: (baseline: Int, current: Int), processes: Int)
    -> Double?
  {
    guard pace.baseline.count == samples.baseline, pace.current.count == samples.current,
      pace.baselineProcesses.count == processes,
      pace.baseline.allSatisfy({ $0 > 0 }), pace.current.allSatisfy({ $0 > 0 }),
      pace.baselineProcesses.allSatisfy({ $0 > 0 })
    else { return nil }
    return typical(of: pace.current, metric: .machinePace)
      / typical(of: pace.baseline, metric: .machinePace)
  }

  /// "the machine itself ran 48.2% slower than then (Assay's reference workload, timed after
  /// each sample), and against its pace the block ran 3.1% slower (99% confidence: 1.0% faster
  /// to 7.4% slower)".
  func paceNote(_ change: Double, options: MeasureOptions) -> String {
    func percent(_ ratio: Double) -> String { String(format: "%.1f%%", abs(ratio - 1) * 100) }
    func direction(_ ratio: Double) -> String { ratio >= 1 ? "slower" : "faster" }
    var note =
      "the machine itself ran \(percent(change)) \(direction(change)) than then (Assay's "
      + "reference workload, timed after each sample)"
    if let againstThePace {
      note +=
        ", and against its pace the block ran \(percent(againstThePace.ratio)) "
        + "\(direction(againstThePace.ratio)) ("
        + String(format: "%g%%", options.confidence * 100) + " confidence: "
        + "\(percent(againstThePace.lower)) \(direction(againstThePace.lower)) to "
        + "\(percent(againstThePace.upper)) \(direction(againstThePace.upper)))"
    }
    return note
  }
}
