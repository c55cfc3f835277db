import AssayRunning
import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayMutation

/// On a real package (Fixtures/UnsteadyReachFixture), a test that did not reach a mutant in
/// the baseline but reaches its function runs for it before the mutant is reported survived:
/// which lines a test reaches can change from run to run (a race, a cache on disk), and
/// rebuilding with the mutant and running every test would notice it. Also in a shard that
/// holds that mutant alone, where no other mutant of the function shows which tests enter it.
@Suite struct UnsteadyReachEndToEndTests {
  @Test(arguments: [nil, "1/6"])
  func aTestThatEntersTheFunctionRunsBeforeAMutantIsReportedSurvived(shard: String?)
    async throws
  {
    let parsed = try shard.map { text throws(RunError) in try Shard(text) }
    let (mutants, lines) = try await mutateFixture("UnsteadyReachFixture") {
      $0.shard = parsed
    }
    // `return cents` on the saved path, made `return 0`: only `pricesAreNeverNegative`
    // reached it in the baseline, and it does not notice; `teaCostsThreeEuros` does, now that
    // the baseline saved tea's price.
    let savedReturn = mutants.filter {
      $0.start.line == 9 && $0.mutationOperator == .returnDefault
    }
    #expect(savedReturn.map(\.status) == [.killed], "\(mutants.map(\.change)) \(lines)")
    #expect(savedReturn.first?.killedBy == "PricesTests.teaCostsThreeEuros()")
    #expect(
      savedReturn.first?.coveredBy == ["PricesTests.pricesAreNeverNegative()"],
      "the baseline's reach is what the report says covers it")
  }
}
