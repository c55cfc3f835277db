import Testing

@testable import Assay

/// When `measure` runs its block: a first run that is never a sample (even with no warm-up
/// runs asked for), then samples until the budget is spent (and five are taken).
struct SamplingPlanTests {
  /// Runs the plan's next run or sample, which took `wall` seconds.
  static func run(_ plan: inout SamplingPlan, wall: Double) -> Int? {
    guard let iterations = plan.nextIterations() else { return nil }
    plan.record([.wallClock: wall / Double(iterations)], wall: wall)
    return iterations
  }

  @Test func theFirstRunIsNoSampleEvenWithoutWarmUpRuns() {
    var plan = SamplingPlan(
      options: MeasureOptions(warmUpRuns: 0, iterationsPerSample: 3), isManual: false)
    #expect(Self.run(&plan, wall: 0.001) == 1)
    #expect(plan.samples.isEmpty)
    // The samples then hold the iterations asked for.
    #expect(Self.run(&plan, wall: 0.003) == 3)
    #expect(plan.samples.count == 1)
  }

  @Test func aBudgetSpentExactlyEndsTheSamples() {
    var plan = SamplingPlan(
      options: MeasureOptions(budget: .seconds(1), warmUpRuns: 0, iterationsPerSample: 1),
      isManual: false)
    // A first run of 0.375 s, then five samples of 0.125 s: 1 s spent in all, exactly.
    #expect(Self.run(&plan, wall: 0.375) == 1)
    for _ in 0..<5 { #expect(Self.run(&plan, wall: 0.125) == 1) }
    #expect(plan.samples.count == 5)
    #expect(plan.nextIterations() == nil)
  }

  /// Only the first run is judged against the budget: a warm-up run after it that takes
  /// longer is the block warming up, and a first run of the budget exactly is within it.
  @Test func onlyAFirstRunLongerThanTheBudgetIsSaid() {
    var warming = SamplingPlan(
      options: MeasureOptions(budget: .seconds(1), warmUpRuns: 2), isManual: false)
    _ = Self.run(&warming, wall: 0.5)
    _ = Self.run(&warming, wall: 2)
    #expect(warming.firstRunOverBudget == nil)
    var exact = SamplingPlan(
      options: MeasureOptions(budget: .seconds(1), warmUpRuns: 1), isManual: false)
    _ = Self.run(&exact, wall: 1)
    #expect(exact.firstRunOverBudget == nil)
    var over = SamplingPlan(
      options: MeasureOptions(budget: .seconds(1), warmUpRuns: 1), isManual: false)
    _ = Self.run(&over, wall: 1.5)
    #expect(over.firstRunOverBudget == 1.5)
  }
}
