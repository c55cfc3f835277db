import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation

/// On a real package (Fixtures/ApartFixture), a statement whose mutants each compile alone but
/// not all side by side: Assay's own sources left 221 such mutants out, not run.
@Suite struct ApartEndToEndTests {
  /// Every mutant of the statement runs, in the one build or in builds of their own, and the
  /// tests, which check two values of `score`, notice each one.
  @Test func everyMutantThatCompilesAloneRuns() async throws {
    let (mutants, lines) = try await mutateFixture("ApartFixture")
    #expect(mutants.count == 9, "\(mutants.map(\.change))")
    let outcomes = Dictionary(grouping: mutants, by: \.status).mapValues(\.count)
    #expect(outcomes == [.killed: 9], "\(lines)")
    #expect(
      lines.contains {
        $0.hasPrefix("7 mutants compile alone but not beside the others: a build of their own")
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
