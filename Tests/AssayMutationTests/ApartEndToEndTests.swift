import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation

/// On a real package (Fixtures/ApartFixture), a statement whose mutants each compile alone but
/// not all side by side: Assay's own sources left 221 such mutants out, not run.
@Suite struct ApartEndToEndTests {
  /// Every mutant of the statement runs, in the one build or in builds of their own, and the
  /// tests, which check three values of `score`, notice each one. One of them records the
  /// value it saw into its own file when it fails, as an inline snapshot does: each mutant it
  /// kills in the one build rewrites the copy's test file, and the builds of their own, which
  /// compiled it, left 4 mutants not run (their tests failed with every mutant off).
  @Test func everyMutantThatCompilesAloneRuns() async throws {
    let (mutants, lines) = try await mutateFixture("ApartFixture")
    #expect(mutants.count == 9, "\(mutants.map(\.change))")
    let outcomes = Dictionary(grouping: mutants, by: \.status).mapValues(\.count)
    #expect(outcomes == [.killed: 9], "\(lines)")
    #expect(
      lines.contains {
        $0.hasPrefix("3 mutants compile alone but not beside the others: a build of their own")
      }, "\(lines)")
    #expect(!lines.contains { $0.contains("not run") }, "\(lines)")
    // Where each build of their own holds them is learned from builds of the targets only:
    // the tests build once for each (each build of the tests that failed cost Assay's own run
    // minutes).
    #expect(
      lines.filter { $0.hasSuffix("do not compile: building again without them") }.count == 1,
      "\(lines)")
  }
}
