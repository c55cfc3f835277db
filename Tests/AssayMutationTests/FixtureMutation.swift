import AssayTestSupport
import Foundation

@testable import AssayMutation

/// Runs `assay mutate` (without its cache) on a copy of the package `Fixtures/NAME`, deleted
/// after: the mutants with their outcomes, and the lines the run printed.
///
/// - Parameters:
///   - name: The fixture's folder under `Fixtures`.
///   - configure: Changes to the session's options beyond the package and the cache.
func mutateFixture(
  _ name: String, _ configure: (inout MutationSession.Options) -> Void = { _ in }
) async throws -> (mutants: [Mutant], lines: [String]) {
  let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/\(name)")
  let copy = FileManager.default.temporaryDirectory
    .appendingPathComponent("assay-\(name)-\(UUID().uuidString)")
  try FileManager.default.copyItem(at: source, to: copy)
  defer { try? FileManager.default.removeItem(at: copy) }
  var options = MutationSession.Options()
  options.packagePath = copy.path
  options.usesCache = false
  configure(&options)
  let lines = PrintedLines()
  let chosen = options
  let (mutants, _) = try await offThePool {
    try MutationSession(options: chosen, print: lines.append).run()
  }
  return (mutants, lines.all)
}
