import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation

/// On a real package (Fixtures/IfConfigFixture), mutants in `#if` clauses that this build does
/// not compile (`os(Windows)` on Linux, a flag the package does not set) were reported "not
/// covered": a test missing, and a lower score, for code no test here can run. The compiler
/// says which clauses it compiles; their mutants are not run and not in the score.
@Suite struct IfConfigEndToEndTests {
  @Test func mutantsOfClausesThisBuildDoesNotCompileAreNotRun() async throws {
    let (mutants, lines) = try await mutateFixture("IfConfigFixture")
    let byLine = Dictionary(grouping: mutants, by: \.start.line)
    func statuses(_ line: Int) -> Set<Mutant.Status> {
      Set(byLine[line, default: []].map(\.status))
    }
    // `#if os(Windows)` and `#if CALC_EXTRA`, in a function, at member level and at the top.
    for line in [4, 13, 25, 37] {
      #expect(statuses(line) == [.notRun], "line \(line): \(byLine[line, default: []])")
      #expect(
        byLine[line, default: []].allSatisfy {
          $0.statusReason == "in an #if clause that this build does not compile"
        })
    }
    // The clauses it compiles run as any code does.
    #expect(statuses(6) == [.killed])
    #expect(statuses(28) == [.killed])
    #expect(statuses(15) == [.survived, .killed])
    // Code that no test reaches is still not covered.
    #expect(statuses(32) == [.noCoverage])
    #expect(
      lines.contains(
        "15 mutants are in #if clauses that this build does not compile (another platform, a "
          + "flag not set): not run, and not in the score"), "\(lines)")
    #expect(
      lines.contains { $0.hasPrefix("36 mutants: ") && $0.contains("15 not run") }, "\(lines)")
  }

  /// A package that treats warnings as errors fails on the markers: the files are written
  /// without them, and those mutants run as before (no mutant is called unviable for it).
  @Test func aPackageThatTreatsWarningsAsErrorsIsMutatedWithoutMarkers() async throws {
    let (mutants, lines) = try await mutateFixture("IfConfigFixture", runs: [{ _ in }]) { copy in
      let manifest = copy.appendingPathComponent("Package.swift")
      let text = try String(contentsOf: manifest, encoding: .utf8)
      try text.replacingOccurrences(
        of: ".target(name: \"Calc\")",
        with: ".target(name: \"Calc\", swiftSettings: [.unsafeFlags([\"-warnings-as-errors\"])])"
      ).write(to: manifest, atomically: true, encoding: .utf8)
    }[0]
    #expect(
      lines.contains(
        "The build treats warnings as errors: the mutants of #if clauses run as the others, "
          + "whether the build compiles their clauses or not"), "\(lines)")
    #expect(
      !mutants.contains { $0.status == .unviable }, "\(mutants.filter { $0.status == .unviable })")
    #expect(Set(mutants.filter { $0.start.line == 4 }.map(\.status)) == [.noCoverage])
    #expect(Set(mutants.filter { $0.start.line == 6 }.map(\.status)) == [.killed])
  }
}
