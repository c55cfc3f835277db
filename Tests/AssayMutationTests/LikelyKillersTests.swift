import AssayResults
import Testing

@testable import AssayMutation

/// The test a mutant runs first: the one that killed the most mutants of its declaration,
/// among those that reach it.
@Suite struct LikelyKillersTests {
  static func test(_ name: String) -> TestIdentifier {
    TestIdentifier(library: .swiftTesting, target: "T", suite: "S", test: name)
  }

  static func mutant(_ id: Int, file: String = "Sources/A/A.swift", declaration: Int?) -> Mutant {
    Mutant(
      id: id, mutationOperator: .relationalBoundary, file: file, start: .init(line: 1, column: 1),
      end: .init(line: 1, column: 2), declaration: declaration, original: "<",
      replacement: "<=")
  }

  @Test func theTestThatKilledMostMutantsOfTheDeclarationGoesFirst() {
    let killers = LikelyKillers()
    let (a, b, c) = (Self.test("a()"), Self.test("b()"), Self.test("c()"))
    killers.record(a, killed: Self.mutant(1, declaration: 1))
    killers.record(b, killed: Self.mutant(2, declaration: 1))
    killers.record(b, killed: Self.mutant(3, declaration: 1))
    let next = Self.mutant(4, declaration: 1)
    #expect(killers.likelyKiller(of: next, among: [a, b, c]) == b)
    // Only a test that reaches the mutant.
    #expect(killers.likelyKiller(of: next, among: [a, c]) == a)
    #expect(killers.likelyKiller(of: next, among: [c]) == nil)
  }

  @Test func killsElsewhereSayNothing() {
    let killers = LikelyKillers()
    let a = Self.test("a()")
    killers.record(a, killed: Self.mutant(1, declaration: 1))
    killers.record(a, killed: Self.mutant(2, declaration: nil))
    #expect(killers.likelyKiller(of: Self.mutant(3, declaration: 5), among: [a]) == nil)
    #expect(
      killers.likelyKiller(
        of: Self.mutant(4, file: "Sources/A/B.swift", declaration: 1), among: [a])
        == nil)
    // Outside any declaration, the file is the place.
    #expect(killers.likelyKiller(of: Self.mutant(6, declaration: nil), among: [a]) == a)
  }

  @Test func killersOfAsManyGoByName() {
    let killers = LikelyKillers()
    let (a, b) = (Self.test("a()"), Self.test("b()"))
    killers.record(b, killed: Self.mutant(1, declaration: 1))
    killers.record(a, killed: Self.mutant(2, declaration: 1))
    #expect(killers.likelyKiller(of: Self.mutant(3, declaration: 1), among: [b, a]) == a)
  }
}
