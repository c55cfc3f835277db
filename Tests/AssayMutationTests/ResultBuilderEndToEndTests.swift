import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation

/// On a real package (Fixtures/ResultBuilderFixture), a call removed from the closure of a
/// result builder without `buildOptional` runs, and is never reported as not compiling: the
/// one build cannot switch it (`if __assayKeep(id) { … }` is control flow such a builder
/// rejects), but the mutant itself compiles, so it is built alone and its tests run against
/// that build; unviable only when that build fails. Where overloaded initializers take the
/// closure, the compiler names the call instead ("no exact matches in call to initializer"), so
/// a removed statement of a closure that does not compile is built alone too. Found on Graphiti, whose `Type { Field("edges", at: \.edges) … }` lost a field
/// that rebuilding with the line removed and running the suite showed killed.
@Suite struct ResultBuilderEndToEndTests {
  @Test func aCallRemovedFromAResultBuilderWithoutOptionalsIsBuiltAloneAndRun() async throws {
    let (mutants, lines) = try await mutateFixture("ResultBuilderFixture") {
      $0.operators = [.removeCall]
    }
    let removals = mutants.filter {
      $0.file.hasSuffix("Fields.swift") && [21, 22].contains($0.start.line)
    }
    #expect(removals.count == 2, "\(mutants.map { "\($0.location) \($0.change)" })")
    #expect(removals.allSatisfy { $0.status == .killed }, "\(removals.map(\.status)) \(lines)")
    #expect(
      removals.allSatisfy { $0.killedBy == "FieldsTests.FieldsTests/testAPageHasEdgesAndPageInfo" },
      "\(removals.map(\.killedBy))")
    // A builder of exactly two: without one, the mutant itself does not compile.
    let edge = mutants.filter {
      $0.file.hasSuffix("Fields.swift") && [39, 40].contains($0.start.line)
    }
    #expect(edge.count == 2 && edge.allSatisfy { $0.status == .unviable }, "\(edge) \(lines)")
    // Overloaded initializers that take the closure: the error names the call, not the `if`.
    let connection = mutants.filter {
      $0.file.hasSuffix("Fields.swift") && [69, 70].contains($0.start.line)
    }
    #expect(connection.count == 2, "\(mutants.map { "\($0.location) \($0.change)" })")
    #expect(
      connection.allSatisfy {
        $0.status == .killed
          && $0.killedBy == "FieldsTests.FieldsTests/testAConnectionHasEdgesAndPageInfo"
      }, "\(connection.map { "\($0.status) \($0.killedBy ?? "-")" }) \(lines)")
    #expect(
      lines.contains { $0.hasPrefix("6 mutants cannot be switched in the one build") },
      "\(lines)")
  }
}
