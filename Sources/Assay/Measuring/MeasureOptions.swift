/// How `measure` runs its block and judges the result. Options that cannot measure (no run
/// per sample, a negative tolerance, a confidence outside 0 to 1) fail the test, naming the
/// option, before the block runs.
///
/// ```swift
/// measure("parses the feed", options: .init(budget: .seconds(3), tolerance: 0.2)) {
///   _ = try Feed(parsing: data)
/// }
/// ```
public struct MeasureOptions: Sendable {
  /// How long the measurement may take in all, warm-up included: samples are taken until it
  /// is spent (or ``maximumSamples`` are taken). One second by default.
  public var budget: Duration
  /// Runs before any sample, to fill caches and finish lazy work (0 or more). 1 by default.
  public var warmUpRuns: Int
  /// The most samples to take (1 or more). 100 by default.
  public var maximumSamples: Int
  /// Runs of the block per sample (1 or more), or `nil` to choose them so that a sample takes
  /// about ``sampleDuration`` (short samples are seldom interrupted by other work).
  public var iterationsPerSample: Int?
  /// How long a sample should take when the iterations are chosen automatically: 2 ms.
  public var sampleDuration: Duration
  /// The change that counts as a regression, as a fraction: 0.1 (10%) by default. A slowdown
  /// is reported only when it is larger than this *and* statistically significant.
  public var tolerance: Double
  /// The change in ``Metric/instructions`` that counts as a regression, as a fraction: 0.02
  /// (2%) by default. Counts are exact, so no statistics are needed: any count more than this
  /// above the baseline's is a regression.
  public var instructionTolerance: Double
  /// The confidence of the interval given for the change, and so of the significance test
  /// (between 0 and 1): 0.99 by default.
  public var confidence: Double

  /// Options; every parameter has its default.
  public init(
    budget: Duration = .seconds(1),
    warmUpRuns: Int = 1,
    maximumSamples: Int = 100,
    iterationsPerSample: Int? = nil,
    sampleDuration: Duration = .milliseconds(2),
    tolerance: Double = 0.1,
    instructionTolerance: Double = 0.02,
    confidence: Double = 0.99
  ) {
    self.budget = budget
    self.warmUpRuns = warmUpRuns
    self.maximumSamples = maximumSamples
    self.iterationsPerSample = iterationsPerSample
    self.sampleDuration = sampleDuration
    self.tolerance = tolerance
    self.instructionTolerance = instructionTolerance
    self.confidence = confidence
  }

  /// The defaults.
  public static let `default` = MeasureOptions()

  /// The fewest samples a decision needs.
  static let minimumSamples = 5

  /// What makes these options unable to measure, naming the option; `nil` when they can.
  var problem: String? {
    if let iterations = iterationsPerSample, iterations < 1 {
      return "iterationsPerSample is \(iterations): a sample runs the block at least once (nil "
        + "chooses the iterations from sampleDuration)"
    }
    if warmUpRuns < 0 { return "warmUpRuns is \(warmUpRuns): it is 0 or more" }
    if maximumSamples < 1 { return "maximumSamples is \(maximumSamples): it is 1 or more" }
    if !(tolerance >= 0) {
      return "tolerance is \(tolerance): it is a fraction, 0 or more (0.1 is 10%)"
    }
    if !(instructionTolerance >= 0) {
      return "instructionTolerance is \(instructionTolerance): it is a fraction, 0 or more "
        + "(0.02 is 2%)"
    }
    if !(confidence > 0 && confidence < 1) {
      return "confidence is \(confidence): it is a fraction between 0 and 1 (0.99)"
    }
    return nil
  }
}
