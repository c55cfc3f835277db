import Foundation

// Mutants in `#if` clauses that the build does not compile (``IfConfigMarkers``).
extension MutationSession {
  /// Makes the next build compile every file with marked `#if` clauses, whatever the last one
  /// did: their markers say which clauses it compiles only when it compiles them.
  func compilingMarkedClauses(of schemata: MutantSchemata, in workspace: MutationWorkspace) {
    for file in schemata.markedClauses {
      try? FileManager.default.removeItem(atPath: workspace.object(of: file.path) ?? "")
    }
  }

  /// The mutants of the clauses that the build did not compile, from the marker lines it
  /// printed (`markers`), and says how many; none when the files were written without markers.
  func notCompiled(
    saying markers: [String], schemata: MutantSchemata, in workspace: MutationWorkspace
  ) -> Set<Int> {
    guard schemata.markingClauses else { return [] }
    let found = IfConfigMarkers.notCompiled(
      in: markers,
      files: schemata.markedClauses.map { ("\(workspace.copy)/\($0.path)", $0.marked) })
    if !found.isEmpty {
      print(
        "\(found.count) mutants are in #if clauses that this build does not compile "
          + "(another platform, a flag not set): not run, and not in the score")
    }
    return found
  }
}
