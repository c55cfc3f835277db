import AssayRunning
import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation

/// On a real package (Fixtures/OrderDependentFixture), a test that fails only after another
/// test in its process kills no mutant: a mutant's tests run together, and a failure of one
/// that did not run first counts only when it fails alone with the mutant too. Found on
/// swift-log, whose `LocalLoggerTest.traceAndAbove` fails after other tests set the global
/// logging system up: every mutant it reached was reported killed, one in code that Linux
/// never compiles (`#if os(Windows)`), which rebuilding with it and running the suite
/// showed surviving.
@Suite struct OrderDependentEndToEndTests {
  @Test func aFailureThatOnlyAnotherTestCausesKillsNoMutant() async throws {
    let (mutants, lines) = try await mutateFixture("OrderDependentFixture") {
      $0.operators = [.stringLiteral]
    }
    // `"counted"` made `""`: no test reads it. Both tests reach it; run together, the second
    // fails because the first ran, not because of the mutant.
    let note = mutants.filter { $0.start.line == 4 }
    #expect(note.map(\.status) == [.survived], "\(mutants.map(\.change)) \(lines)")
    #expect(note.first?.killedBy == nil)
    // `" items"` made `""`: the first test notices it, alone or not.
    let items = mutants.filter { $0.start.line == 6 }
    #expect(items.map(\.status).allSatisfy { $0 == .killed }, "\(items)")
    #expect(!items.isEmpty)
  }
}
