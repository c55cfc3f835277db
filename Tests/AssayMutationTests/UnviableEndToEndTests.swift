import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation

/// On a real package (Fixtures/UnviableFixture), a compiler error that names several mutants
/// together leaves out only the one that does not compile alone.
@Suite struct UnviableEndToEndTests {
  @Test func onlyTheMutantThatDoesNotCompileAloneIsUnviable() async throws {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/UnviableFixture")
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-unviable-fixture-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: source, to: copy)
    var options = MutationSession.Options()
    options.packagePath = copy.path
    options.usesCache = false
    let lines = PrintedLines()
    let chosen = options
    let (mutants, _) = try await offThePool {
      try MutationSession(options: chosen, print: lines.append).run()
    }
    let removals = Dictionary(
      uniqueKeysWithValues: mutants.filter { $0.mutationOperator == .removeCall }
        .map { ($0.original, $0.status) })
    #expect(removals["fail(\"negative\")"] == .unviable, "\(removals)")
    #expect(removals["record(x)"] == .killed, "\(removals)")
    #expect(
      lines.all.contains(
        "1 of 2 mutants named together by compiler errors compile alone: back in (3 builds "
          + "proved which do not)"), "\(lines.all)")
  }
}
