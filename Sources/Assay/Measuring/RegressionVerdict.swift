import Foundation

/// What a measure's samples say against its baseline, for one metric: a regression only when
/// the change is both statistically significant and larger than the tolerance; for times,
/// inconclusive when the samples are too noisy to tell a change of the tolerance's size.
struct RegressionVerdict: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    /// No change beyond the tolerance: for times, the samples rule one out.
    case unchanged
    /// A change beyond the tolerance, for the worse.
    case regressed
    /// A change beyond the tolerance, for the better.
    case improved
    /// Times only: the samples can neither show nor rule out a change of the tolerance's
    /// size, or show one while the machine was much noisier than when the baseline was
    /// recorded (a busy machine makes every run slower).
    case inconclusive
  }

  private(set) var kind: Kind
  let metric: Metric
  let baseline: SampleSummary
  let current: SampleSummary
  /// The change, when it could be estimated (samples of positive values).
  let shift: ShiftEstimate?
  /// Times with a baseline recorded in several processes: how much faster or slower than all
  /// of them together another process may run with the code unchanged (its typical value over
  /// the samples' typical value), as the baseline's processes tell at the verdict's confidence
  /// (see ``newProcessRange(_:confidence:)``); `nil` for a baseline of one process.
  let processRange: ClosedRange<Double>?
  /// How many processes recorded the baseline, when it says (0 otherwise).
  let processCount: Int
  /// Times: one of the baseline's processes that ran much slower than all the others, which
  /// widens ``processRange``; `nil` when none did.
  let oddProcess: OddProcess?
  /// Whether the samples showed a slowdown, on runs so much more spread than the baseline's
  /// that the machine was busier than when it was recorded.
  private(set) var slowerOnNoisyMachine = false
  /// Whether a time is slower beyond the tolerance beyond doubt: the lower end of the change's
  /// interval (widened by the baseline's processes when it has several) above the tolerance.
  private(set) var slowerBeyondTheTolerance = false
  /// Whether the samples showed a slowdown that a baseline of one process cannot tell from
  /// another process's speed (``oneProcessAllowance``).
  private(set) var slowerThanOneProcessTells = false
  /// Times: how much slower (above 1) or faster the machine ran than when the baseline was
  /// recorded (``Metric/machinePace``), when by more than the tolerance: the samples were then
  /// judged against that pace too.
  private(set) var machinePaceChange: Double?
  /// The change of the samples over the machine's pace, when ``machinePaceChange`` is set.
  private(set) var againstThePace: ShiftEstimate?
  /// Whether the machine's pace made the verdict inconclusive: judged against it, the samples
  /// said otherwise than as measured, or both said regression, which a machine at another
  /// pace cannot show.
  private(set) var contradictedByThePace = false
  /// Times: how much slower the machine ran than when the baseline was recorded, within the
  /// tolerance, when that left a slowdown that would have been a regression no larger than the
  /// tolerance (the verdict is then inconclusive).
  private(set) var explainedByThePace: Double?
  /// Times: how far apart the paces of the baseline's processes were (0.45: the slowest 45%
  /// slower than the fastest), when so far that ``processRange`` was judged at one pace.
  let paceSpreadOfProcesses: Double?

  /// Judges `current` against `baseline`. Times are judged on the faster half of each set of
  /// samples: a busy machine only ever adds time, so the faster runs tell the code's speed
  /// and a noisy neighbour does not raise a false alarm; counts and bytes on all samples.
  ///
  /// - Parameters:
  ///   - processes: the typical value (``typical(of:metric:)``) of each process that recorded
  ///     `baseline`. With two or more, a time is judged against the spread between processes
  ///     as well as within this one: a regression only when this process is slower than the
  ///     slowest that another process could be, beyond doubt, and slower than the baseline by
  ///     more than the tolerance; no regression only when it is not slower than the fastest by
  ///     as much as the tolerance; anything between is inconclusive.
  ///     With one, a slowdown is a regression only beyond ``oneProcessAllowance``, and
  ///     inconclusive short of it; with none, a time is judged within this process alone.
  ///   - pace: the machine's pace beside each sample of a time, of the baseline's and now.
  ///     When the machine ran slower or faster than when the baseline was recorded by more
  ///     than the tolerance, the samples are judged against it too (each over the pace read
  ///     after it): no regression or an improvement stands only when both say so; a
  ///     regression never does on a slower machine, and on a faster one only when over the
  ///     pace the block is slower by more than the tolerance too; anything else is
  ///     inconclusive. Within the tolerance, a regression stands only when the machine's own
  ///     slowdown leaves the code slower by more than the tolerance. A time is never judged
  ///     against the pace alone: a neighbour that slows the block's memory more than the
  ///     workload's arithmetic would make it cry wolf. Baseline processes recorded at paces
  ///     far apart are brought to one (``atOnePace(_:pace:tolerance:)``).
  init(
    metric: Metric, baseline: [Double], current: [Double], options: MeasureOptions,
    processes: [Double] = [], pace: Pace? = nil
  ) {
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
    processCount = processes.count
    // How much processes differ is judged at one pace, when the machine's ran them far apart.
    let paced = metric.isTime ? Self.atOnePace(processes, pace: pace, tolerance: tolerance) : nil
    paceSpreadOfProcesses = paced?.spread
    let judgedProcesses = paced?.processes ?? processes
    oddProcess = metric.isTime ? Self.oddProcess(of: judgedProcesses, tolerance: tolerance) : nil
    let whole = Self.typical(of: baseline, metric: metric)
    processRange =
      metric.isTime && processes.count >= 2 && whole > 0
      ? Self.newProcessRange(judgedProcesses.map { $0 / whole }, confidence: options.confidence)
      : nil
    if let shift, metric.isTime {
      // A slower run on a machine much noisier than at recording is the machine's as much as
      // the code's; a faster one is the code's (load only ever adds time).
      let noisier =
        self.current.relativeSpread
        > Swift.max(
          Self.noisierFactor * self.baseline.relativeSpread, Self.quietSpread)
      if let processRange {
        // As within one process: the change beyond doubt, here beyond where another process
        // may fall, and its estimate larger than the tolerance.
        let (lower, upper) = Self.widened(shift, by: processRange)
        let slower = lower > 1 && shift.ratio > 1 + tolerance
        slowerOnNoisyMachine = slower && noisier
        slowerBeyondTheTolerance = lower > 1 + tolerance
        if slower {
          kind = noisier ? .inconclusive : .regressed
        } else if upper < 1, shift.ratio < 1 - tolerance {
          kind = .improved
        } else if upper < 1 + tolerance {
          kind = .unchanged
        } else {
          kind = .inconclusive
        }
      } else if shift.lower >= 1, shift.ratio > 1 + tolerance {
        slowerOnNoisyMachine = noisier
        slowerBeyondTheTolerance = shift.lower > 1 + tolerance
        slowerThanOneProcessTells =
          !noisier && processes.count == 1 && shift.lower < Self.oneProcessAllowance
        kind = noisier || slowerThanOneProcessTells ? .inconclusive : .regressed
      } else if shift.upper <= 1, shift.ratio < 1 - tolerance {
        kind = .improved
      } else if shift.upper < 1 + tolerance {
        kind = .unchanged
      } else {
        kind = .inconclusive
      }
    } else if let shift {
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
    if metric.isTime, let pace,
      let judged = Self.judgedAgainst(
        pace, metric: metric, baseline: baseline, current: current, options: options,
        processes: processes)
    {
      machinePaceChange = judged.change
      againstThePace = judged.verdict.shift
      // A machine that ran faster than at recording cannot make the code look slower: a
      // regression stands then if, over the pace, the block is slower by more than the
      // tolerance too. Not its whole verdict: the pace has steps of its own from one process
      // to another, so the baseline's processes over their paces often spread too far to
      // tell any change (a 25% slowdown on a quiet machine, inconclusive in 12 to 93 rounds
      // of 400 that way).
      let slowerMachine = judged.change > 1
      let disagree =
        kind == .regressed
        ? slowerMachine || (judged.verdict.shift?.ratio ?? 0) <= 1 + tolerance
        : judged.verdict.kind != kind
      if disagree {
        // Where the samples and the samples over the machine's pace disagree, neither stands;
        // and a machine slower than at recording never shows a regression: a memory-heavy
        // neighbour slowed an allocating block 15% more than the workload, and both
        // judgements called the unchanged code a regression.
        kind = .inconclusive
        contradictedByThePace = true
        // A second look keeps the first run's regression only if, against the pace too, the
        // measure was slower beyond the tolerance beyond doubt.
        slowerBeyondTheTolerance =
          slowerBeyondTheTolerance && judged.verdict.slowerBeyondTheTolerance
      }
    } else if metric.isTime, kind == .regressed, let pace, let shift, let interval,
      let change = Self.paceChange(
        pace, samples: (baseline.count, current.count), processes: processes.count),
      change > 1, shift.ratio / change <= 1 + tolerance
    {
      // Within the tolerance, the machine's pace is no reason to judge the samples over it,
      // but a machine 8% slower than at recording makes 13% slower code 4.6% slower: not
      // beyond the tolerance (two quiet processes in a row ran every block 10% to 13% slower).
      kind = .inconclusive
      explainedByThePace = change
      slowerBeyondTheTolerance = interval.lower / change > 1 + tolerance
    }
  }

  /// What a process's samples of `metric` say in one number, as the verdict judges them: the
  /// median of the faster half for times (a busy machine only adds time), the median for the
  /// rest.
  static func typical(of samples: [Double], metric: Metric) -> Double {
    let summary = SampleSummary(samples)
    return metric.isTime ? SampleSummary(summary.lowerHalf).median : summary.median
  }

  /// Where another process's typical value may fall, over the baseline's, with the code
  /// unchanged: the prediction interval of one more process at `confidence`, from the
  /// `ratios` of the baseline's processes (each one's typical value over the whole's), on
  /// their logarithms (a process runs some percent faster or slower), with Student's t for so
  /// few; never narrower than the processes themselves. A sixth process falls outside the
  /// range of five one time in three: judged against the slowest of five, the matrix's sorting
  /// cell raised 2 false alarms in 5 rounds.
  static func newProcessRange(_ ratios: [Double], confidence: Double) -> ClosedRange<Double> {
    let logs = ratios.map { log($0) }
    let count = Double(logs.count)
    let mean = logs.reduce(0, +) / count
    let variance = logs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (count - 1)
    let half =
      ShiftEstimate.studentQuantile(
        1 - (1 - confidence) / 2, degreesOfFreedom: logs.count - 1)
      * (variance * (1 + 1 / count)).squareRoot()
    return Swift.min(exp(mean - half), ratios.min()!)...Swift.max(exp(mean + half), ratios.max()!)
  }

  /// The interval of the change that the verdict judges: within this process, widened by how
  /// much the baseline's processes differ, when they were several.
  var interval: (lower: Double, upper: Double)? {
    guard let shift else { return nil }
    guard let processRange else { return (shift.lower, shift.upper) }
    return Self.widened(shift, by: processRange)
  }

  /// `shift`'s interval as a change of the code: its lower end against the slowest process
  /// there could be, its upper end against the fastest.
  private static func widened(_ shift: ShiftEstimate, by processes: ClosedRange<Double>)
    -> (lower: Double, upper: Double)
  {
    (shift.lower / processes.upperBound, shift.upper / processes.lowerBound)
  }

  /// How much slower than a baseline of one process a time must be, at least, to be a
  /// regression: processes of the same code differ (the typical values of five processes of one
  /// block spread up to 75% on a quiet 2-core virtual machine, `docs/benchmarks.md`), which one
  /// process cannot tell. A baseline recorded when a measure first ran, or by one
  /// `ASSAY_RECORD_BASELINES=1 swift test`, is of one process; a migrated XCTest `measure` run
  /// twice failed its second run against its first (XMLCoder's `BenchmarkTests`).
  static let oneProcessAllowance = 2.0

  /// How many times the baseline's spread the samples' spread must be to call the machine
  /// noisier than when the baseline was recorded.
  static let noisierFactor = 3.0
  /// A spread (median absolute deviation over the median) that no machine is blamed for.
  static let quietSpread = 0.03

  /// "wall clock inconclusive: the machine was too noisy to tell a 10% change: 5.2% slower
  /// than the baseline (…); the samples rule out only a slowdown above 12.9%; noise: …", the
  /// two sets of samples, and what to do.
  func inconclusiveMessage(
    measure: String, options: MeasureOptions, machine: String, recorded: String
  ) -> String {
    let tolerance = String(format: "%g%%", Self.tolerance(of: metric, options) * 100)
    var why = ""
    if contradictedByThePace, let machinePaceChange {
      why = "; " + paceNote(machinePaceChange, options: options)
    } else if let explainedByThePace, let shift {
      why = String(
        format: "; the machine itself ran %.1f%% slower than then (Assay's reference workload, "
          + "timed after each sample), which leaves the code %.1f%% slower",
        (explainedByThePace - 1) * 100, (shift.ratio / explainedByThePace - 1) * 100)
    } else if slowerOnNoisyMachine {
      // A change shown, on runs far more spread than the baseline's: a busy machine.
      why = String(
        format: "; the runs spread %.0f times as widely as in the baseline, as on a busy machine",
        current.relativeSpread / Swift.max(baseline.relativeSpread, 1e-9))
    } else if slowerThanOneProcessTells {
      why =
        "; another process of the same code may run up to twice as slow: record the baseline "
        + "in several (assay test --record-baselines) to tell a smaller change"
    } else if let interval {
      why = String(
        format: "; the samples rule out only a slowdown above %.1f%%", (interval.upper - 1) * 100)
    }
    if let processRange {
      why += String(
        format: ", counting how much processes differ: as the baseline's %d tell, one may run "
          + "up to %.1f%% slower than another",
        processCount, (processRange.upperBound / processRange.lowerBound - 1) * 100)
      if let paceSpreadOfProcesses {
        why += String(
          format: " at one pace (the machine ran them %.1f%% apart)", paceSpreadOfProcesses * 100)
      }
      why += oddProcessNote
    }
    let cause =
      contradictedByThePace
      ? "the machine ran at another pace than when the baseline was recorded, too far to tell"
      : explainedByThePace != nil
        ? "the machine itself ran slower than when the baseline was recorded, which leaves too "
          + "little to tell"
        : slowerThanOneProcessTells
          ? "a baseline recorded in one process cannot tell" : "the machine was too noisy to tell"
    let noise = String(
      format: "noise: the samples spread %.1f%% around their median now, %.1f%% in the baseline",
      current.relativeSpread * 100, baseline.relativeSpread * 100)
    return """
      measure "\(measure)": \(metric) inconclusive: \(cause) a \(tolerance) change: \
      \(change(options))\(why); \(noise)
      \(samples(machine: machine, recorded: recorded))
      Neither a failure nor a pass: measure .instructions (exact under any load), or run \
      performance tests alone on a quiet machine; ASSAY_FAIL_INCONCLUSIVE=1 makes this a failure.
      """
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
    """
    measure "\(measure)": \(metric) \(change(options))
    \(samples(machine: machine, recorded: recorded))
    """
  }

  /// "31.2% slower than the baseline (99% confidence: 27.0% to 35.1% slower; tolerance 10%)".
  private func change(_ options: MeasureOptions) -> String {
    let (worse, better) = metric.isTime ? ("slower", "faster") : ("higher", "lower")
    let tolerance = String(
      format: "tolerance %g%%", Self.tolerance(of: metric, options) * 100)
    if metric == .instructions, baseline.median > 0 {
      let ratio = current.median / baseline.median
      return String(format: "%.1f%% ", abs(ratio - 1) * 100) + (ratio >= 1 ? worse : better)
        + " than the baseline: \(metric.format(current.median)) against "
        + "\(metric.format(baseline.median)) (exact counts; \(tolerance))"
    }
    guard let shift, let interval else {
      return "\(metric.format(current.median)) against \(metric.format(baseline.median)) in the "
        + "baseline (\(tolerance))"
    }
    func percent(_ ratio: Double) -> String {
      String(format: "%.1f%%", abs(ratio - 1) * 100)
    }
    func direction(_ ratio: Double) -> String { ratio >= 1 ? worse : better }
    let range =
      direction(interval.lower) == direction(interval.upper)
      ? "\(percent(interval.lower)) to \(percent(interval.upper)) \(direction(interval.upper))"
      : "\(percent(interval.lower)) \(direction(interval.lower)) to \(percent(interval.upper)) "
        + direction(interval.upper)
    let processes = processRange == nil ? "" : " with the baseline's processes"
    return "\(percent(shift.ratio)) \(direction(shift.ratio)) than the baseline ("
      + String(format: "%g%%", options.confidence * 100) + " confidence\(processes): \(range); "
      + "\(tolerance))"
  }

  /// The baseline's samples and the current ones, a line each.
  private func samples(machine: String, recorded: String) -> String {
    """
    baseline: \(describe(baseline))\(processCount > 1 ? " in \(processCount) processes" : "") \
    (\(machine), recorded \(recorded))
    now:      \(describe(current))
    """
  }

  private func describe(_ summary: SampleSummary) -> String {
    "median \(metric.format(summary.median)), p10–p90 \(metric.format(summary.percentile(10)))"
      + "–\(metric.format(summary.percentile(90))), MAD "
      + "\(metric.format(summary.medianAbsoluteDeviation)), \(summary.count) samples"
  }
}
