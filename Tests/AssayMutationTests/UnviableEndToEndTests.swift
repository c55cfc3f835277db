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
}
