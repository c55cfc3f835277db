import Assay
import Foundation
import Testing

/// Cases run in parallel: a case after the crashing one waits for the crash, so that it is
/// still running when the process stops, unless `assay test` runs it again by name
/// (`ASSAY_EXAMPLES`). It waits without holding a thread, so the crashing case always runs.
let neverOpens = AsyncStream<Void>.makeStream()

func waitForTheCrashUnlessRunByName() async {
  guard ProcessInfo.processInfo.environment["ASSAY_EXAMPLES"] == nil else { return }
  for await _ in neverOpens.stream {}
}

/// Stops the process as an out-of-range index does.
func crash() {
  let list: [Int] = []
  _ = list[list.count]
}

/// A spec whose second example stops the process, between examples that pass.
@Suite struct CrashingSpec: Spec {
  static func spec() {
    describe("a list") {
      it("starts empty") { assertEqual([Int]().count, 0) }
      it("crashes") { crash() }
      it("grows") {
        await waitForTheCrashUnlessRunByName()
        assertEqual([1].count, 1)
      }
      it("shrinks") {
        await waitForTheCrashUnlessRunByName()
        assertEqual([1, 2].dropLast().count, 1)
      }
    }
  }

  @Test(arguments: examples) func example(_ example: SpecExample) async throws {
    try await example.run()
  }
}

/// A contract whose second check stops the process.
func counterContract() -> Contract {
  Contract("Counter", for: Int.self) {
    ContractCheck("counts up") { assertEqual(1 + 1, 2) }
    ContractCheck("crashes") { crash() }
    ContractCheck("counts down") {
      await waitForTheCrashUnlessRunByName()
      assertEqual(2 - 1, 1)
    }
  }
}

@Suite struct CounterContractTests {
  @Test(arguments: Contract.checks(counterContract()))
  func counter(_ check: ContractCheck) async throws {
    try await check.run()
  }
}

/// A parameterized test that is neither: its cases cannot run one alone.
@Test(arguments: [1, 2, 3]) func plainCases(_ value: Int) async {
  if value == 2 { crash() }
  if value == 3 { await waitForTheCrashUnlessRunByName() }
  #expect(value > 0)
}
