import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation

/// On a real package (Fixtures/UnviableFixture), a compiler error that names several mutants
/// together leaves out only the one that does not compile alone.
@Suite struct UnviableEndToEndTests {
  @Test func onlyTheMutantThatDoesNotCompileAloneIsUnviable() async throws {
    let (mutants, lines) = try await mutateFixture("UnviableFixture")
    let removals = Dictionary(
      uniqueKeysWithValues: mutants.filter { $0.mutationOperator == .removeCall }
        .map { ($0.original, $0.status) })
    #expect(removals["fail(\"negative\")"] == .unviable, "\(removals)")
    #expect(removals["record(x)"] == .killed, "\(removals)")
    #expect(
      lines.contains(
        "1 of 2 mutants named together by compiler errors compile alone: back in (3 builds "
          + "proved which do not)"), "\(lines)")
  }

  /// A run stopped halfway (Ctrl-C, a CI job's time limit) lost all it had learned: the cache
  /// was written at the end only, and Assay's own run, stopped after its builds, had to find
  /// its 122 unviable mutants again (an hour of builds). The builds' verdicts are on disk when
  /// the baseline starts, and each mutant's outcome as soon as it is final: a detected one's
  /// at once, a survivor's when no other test enters its function (the fixture's three
  /// survivors; its fourth mutant, which no test reached, runs again with its function's
  /// tests first). Survivors were kept only at the end before. A mutant that a proof's build
  /// shows not to compile is kept when that build ends, not when all the proofs have: those
  /// of Assay's own run took 71 builds.
  @Test func whatARunLearnsIsKeptAsItGoes() async throws {
    let seen = PrintedLines()
    _ = try await mutateFixture(
      "UnviableFixture", { $0.cacheSavingInterval = 0 },
      watching: { line, package in
        guard
          line.hasPrefix("Baseline:") || line.hasPrefix("[7/7]")
            || line.hasPrefix("1 of 2 mutants named together")
        else { return }
        let path = "\(package)/.build/assay/mutate/results.json"
        let entries =
          FileManager.default.contents(atPath: path).flatMap {
            try? JSONDecoder().decode([String: ResultCache.Entry].self, from: $0)
          } ?? [:]
        let statuses = entries.values.map(\.status.rawValue).sorted()
        seen.append("\(line.prefix(5)): \(statuses.joined(separator: ", "))")
      })
    #expect(
      seen.all == [
        "1 of : unviable", "Basel: unviable",
        "[7/7]: crashed, killed, killed, survived, survived, survived, unviable",
      ])
  }
}
