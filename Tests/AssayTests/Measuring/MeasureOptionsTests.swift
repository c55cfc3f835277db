import Testing

@testable import Assay

/// Options that cannot measure are a failure that names the option, before the block runs:
/// `iterationsPerSample: -1` stopped the test's process ("Range requires lowerBound <=
/// upperBound"), and `0` measured nothing, never running the block, and passed (found by
/// `assay mutate` on Assay's own `Measuring`: the meters' guard against no iterations
/// survived, since no test could reach it).
@Suite struct MeasureOptionsTests {
  static let cases: [(MeasureOptions, String)] = [
    (
      .init(iterationsPerSample: 0),
      "iterationsPerSample is 0: a sample runs the block at least once (nil chooses the "
        + "iterations from sampleDuration)"
    ),
    (
      .init(iterationsPerSample: -3),
      "iterationsPerSample is -3: a sample runs the block at least once (nil chooses the "
        + "iterations from sampleDuration)"
    ),
    (.init(warmUpRuns: -1), "warmUpRuns is -1: it is 0 or more"),
    (.init(maximumSamples: 0), "maximumSamples is 0: it is 1 or more"),
    (.init(tolerance: -0.1), "tolerance is -0.1: it is a fraction, 0 or more (0.1 is 10%)"),
    (
      .init(instructionTolerance: -1),
      "instructionTolerance is -1.0: it is a fraction, 0 or more (0.02 is 2%)"
    ),
    (.init(confidence: 99), "confidence is 99.0: it is a fraction between 0 and 1 (0.99)"),
    (.init(confidence: 0), "confidence is 0.0: it is a fraction between 0 and 1 (0.99)"),
    (.init(confidence: 1), "confidence is 1.0: it is a fraction between 0 and 1 (0.99)"),
  ]

  /// The bounds themselves can measure: no warm-up run, one sample, no tolerance at all.
  @Test func theLeastOptionsThatCanMeasureHaveNoProblem() {
    let least = MeasureOptions(
      warmUpRuns: 0, maximumSamples: 1, iterationsPerSample: 1, tolerance: 0,
      instructionTolerance: 0)
    #expect(least.problem == nil)
  }

  @Test(arguments: cases)
  func optionsThatCannotMeasureFailNamingTheOption(options: MeasureOptions, problem: String)
    throws
  {
    try MeasuringFixtures.withBaselines { _ in
      let ran = Locked(0)
      let line = #line + 2
      let issues = try recordedIssues {
        measure("work", options: options) { ran.withLock { $0 += 1 } }
      }
      #expect(issues.map(\.message) == ["measure \"work\": \(problem)"])
      #expect(issues.map(\.line) == [line])
      #expect(ran.withLock { $0 } == 0)
    }
  }

  @Test func optionsThatCannotMeasureFailAnAsynchronousMeasureToo() async throws {
    try await MeasuringFixtures.withBaselines { _ in
      let issues = try await recordedIssues {
        await measure("work", options: .init(iterationsPerSample: 0)) { await Task.yield() }
      }
      #expect(
        issues.map(\.message) == [
          "measure \"work\": iterationsPerSample is 0: a sample runs the block at least once "
            + "(nil chooses the iterations from sampleDuration)"
        ])
    }
  }
}
