import Testing

@testable import AssayMutation

/// The time line says where the workers' time went, by outcome: Ink's 630 mutants took 109 s
/// against a floor of 29, and nothing said that its 50 timed-out mutants took most of it.
struct WorkerTimeTests {
  @Test func theWorkersTimeIsSaidByOutcomeMostFirstWithHowManyMutants() {
    let mutants = MutationReportTests.mutants
    // Mutant 1 survived, 2 was killed, 3 timed out; the fourth did not run.
    let said = MutationSession.workerTime([0: 0.5, 1: 0.25, 2: 2.0], of: mutants)
    #expect(said == "the workers' time: timed out 2.0 s (1), survived 0.5 s (1), killed 0.2 s (1)")
  }

  @Test func aMutantRunTwiceCountsOnceWithBothTimes() {
    let said = MutationSession.workerTime([1: 1.5], of: MutationReportTests.mutants)
    #expect(said == "the workers' time: killed 1.5 s (1)")
  }

  @Test func noMutantRunSaysNothing() {
    #expect(MutationSession.workerTime([:], of: MutationReportTests.mutants) == nil)
  }
}
