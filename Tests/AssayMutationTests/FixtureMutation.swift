import AssayTestSupport
import Foundation

@testable import AssayMutation

/// Runs `assay mutate` (without its cache) on a copy of the package `Fixtures/NAME`, deleted
/// after: the mutants with their outcomes, and the lines the run printed.
///
/// - Parameters:
///   - name: The fixture's folder under `Fixtures`.
///   - configure: Changes to the session's options beyond the package and the cache.
///   - watching: Sees each line as the run prints it, with the copy's path, while it runs.
func mutateFixture(
  _ name: String, _ configure: @escaping (inout MutationSession.Options) -> Void = { _ in },
  watching: @escaping @Sendable (_ line: String, _ package: String) -> Void = { _, _ in }
) async throws -> (mutants: [Mutant], lines: [String]) {
  try await mutateFixture(name, runs: [configure], watching: watching)[0]
}

/// Runs `assay mutate` (without its cache) once for each of `runs`, in turn, on one copy of
/// the package `Fixtures/NAME` (deleted after), so that each run builds on the copy that the
/// run before built: what each run found and printed.
///
/// - Parameters:
///   - name: The fixture's folder under `Fixtures`.
///   - runs: For each run, its changes to the session's options beyond the package and the
///     cache.
///   - preparing: Changes the copy (its root) before the first run.
///   - watching: Sees each line as a run prints it, with the copy's path, while it runs.
func mutateFixture(
  _ name: String, runs: [(inout MutationSession.Options) -> Void],
  preparing: (URL) throws -> Void = { _ in },
  watching: @escaping @Sendable (_ line: String, _ package: String) -> Void = { _, _ in }
) async throws -> [(mutants: [Mutant], lines: [String])] {
  let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/\(name)")
  let copy = FileManager.default.temporaryDirectory
    .appendingPathComponent("assay-\(name)-\(UUID().uuidString)")
  try FileManager.default.copyItem(at: source, to: copy)
  defer { try? FileManager.default.removeItem(at: copy) }
  try preparing(copy)
  var results: [(mutants: [Mutant], lines: [String])] = []
  for configure in runs {
    var options = MutationSession.Options()
    options.packagePath = copy.path
    options.usesCache = false
    configure(&options)
    let lines = PrintedLines()
    let chosen = options
    let package = copy.path
    let (mutants, _) = try await offThePool {
      try MutationSession(options: chosen) { line in
        lines.append(line)
        watching(line, package)
      }.run()
    }
    results.append((mutants, lines.all))
  }
  return results
}
