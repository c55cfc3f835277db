/// When `measure` runs its block and how many times per sample: a first run that must fit
/// in the budget, warm-up runs, then samples of about `sampleDuration` each until the budget
/// is spent or enough samples are taken.
struct SamplingPlan {
  enum Problem: Error, Equatable {
    /// The first run took longer than the whole budget.
    case firstRunTooSlow
  }

  let options: MeasureOptions
  /// Whether the block starts and stops measuring itself: one run per sample.
  let isManual: Bool
  private(set) var samples: [[Metric: Double]] = []
  private var runsBeforeSampling = 0
  private var spent = 0.0
  private var lastRun = 0.0
  private var iterations = 1

  init(options: MeasureOptions, isManual: Bool) {
    self.options = options
    self.isManual = isManual
  }

  /// How many runs the next sample holds; `nil` when the samples are taken.
  mutating func nextIterations() -> Int? {
    if runsBeforeSampling < max(1, options.warmUpRuns) { return 1 }
    let budget = options.budget.seconds
    let enough = samples.count >= options.maximumSamples
    let spentBudget = spent >= budget && samples.count >= MeasureOptions.minimumSamples
    return enough || spentBudget ? nil : iterations
  }

  /// Takes in a run (or a sample's runs) and what it read; `wall` is the whole run's time,
  /// measured part or not.
  mutating func record(_ reading: [Metric: Double], wall: Double) throws(Problem) {
    spent += wall
    if runsBeforeSampling < max(1, options.warmUpRuns) {
      if runsBeforeSampling == 0, wall > options.budget.seconds {
        throw .firstRunTooSlow
      }
      runsBeforeSampling += 1
      lastRun = reading[.wallClock] ?? wall
      if runsBeforeSampling == max(1, options.warmUpRuns) {
        iterations =
          isManual
          ? 1
          : options.iterationsPerSample
            ?? max(1, Int((options.sampleDuration.seconds / max(lastRun, 1e-9)).rounded(.down)))
      }
      return
    }
    samples.append(reading)
  }
}
