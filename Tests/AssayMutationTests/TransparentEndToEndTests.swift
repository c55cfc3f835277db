import AssayRunning
import AssayToolSupport
import Foundation
import Testing

@testable import AssayMutation

/// On a real package (Fixtures/TransparentFixture) whose functions are `@_transparent`, so
/// that Swift copies their bodies, switches and all, into the tests' module: a run builds on
/// the copy that the run before built, with other mutants in those bodies, and its tests must
/// run this run's mutants. Before, the tests' module was not compiled again and held the
/// other shard's switches: every mutant of the second shard was reported not covered.
@Suite struct TransparentEndToEndTests {
  @Test func theTestsRunThisRunsMutantsWhereTheRunBeforeBuiltOthers() async throws {
    let shards = try ["1/2", "2/2"].map { text throws(RunError) in try Shard(text) }
    let runs = try await mutateFixture(
      "TransparentFixture", runs: shards.map { shard in { $0.shard = shard } })
    for (shard, run) in zip(shards, runs) {
      let outcomes = run.mutants.map { "\($0.change): \($0.status)" }
      #expect(!run.mutants.isEmpty, "shard \(shard): \(run.lines)")
      #expect(
        run.mutants.allSatisfy { $0.status == .killed },
        "shard \(shard): \(outcomes) \(run.lines)")
    }
  }
}
