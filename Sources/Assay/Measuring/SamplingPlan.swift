/// When `measure` runs its block and how many times per sample: a first run, warm-up runs,
/// then samples of about `sampleDuration` each until the budget is spent (and at least
/// ``MeasureOptions/minimumSamples`` are taken) or enough samples are taken.
struct SamplingPlan {
  let options: MeasureOptions
  /// Whether the block starts and stops measuring itself: one run per sample.
  let isManual: Bool
  private(set) var samples: [[Metric: Double]] = []
  private var runsBeforeSampling = 0
  private var spent = 0.0
  private var lastRun = 0.0
  private var iterations = 1
  /// How long the first run took, when it took longer than the whole budget: only the fewest
  /// samples are taken then, and a warning says so.
  private(set) var firstRunOverBudget: Double?

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
  mutating func record(_ reading: [Metric: Double], wall: Double) {
    spent += wall
    if runsBeforeSampling < max(1, options.warmUpRuns) {
      if runsBeforeSampling == 0, wall > options.budget.seconds {
        firstRunOverBudget = wall
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
