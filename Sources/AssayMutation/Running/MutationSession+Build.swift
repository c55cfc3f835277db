import AssayToolSupport

// The build of the mutated copy: compiler errors attributed to mutants, which are left out,
// and the proof of which of several named together do not compile.
extension MutationSession {
  /// Builds the copy; mutants named by the compiler's errors are left out and the copy is
  /// built again, until it builds. Where one error names several mutants (all of a function's,
  /// or of a statement the type checker gave up on), builds then find which of them do not
  /// compile (``UnviableProof``), and the others come back.
  func build(_ schemata: inout MutantSchemata, in workspace: MutationWorkspace) throws(RunError) {
    var suspects: [[Int]] = []
    for round in 1...20 {
      try schemata.write(into: workspace)
      let (succeeded, errors) = try workspace.buildTests()
      if succeeded {
        try prove(suspects, in: &schemata, workspace: workspace)
        return
      }
      var unviable: Set<Int> = []
      for line in errors {
        guard let (path, number, column) = Self.errorLocation(line, under: workspace.copy)
        else { continue }
        let named =
          line.contains("unable to type-check this expression in reasonable time")
          ? schemata.mutants(inStatementAtLine: number, column: column, of: path)
          : schemata.mutants(atLine: number, column: column, of: path)
        let new = named.filter { !unviable.contains($0) }
        if new.count > 1 { suspects.append(new) }
        unviable.formUnion(named)
      }
      guard !unviable.isEmpty, round < 20 else {
        throw RunError(
          "the package does not build, for reasons other than the mutants:\n"
            + errors.prefix(10).joined(separator: "\n"))
      }
      print("\(unviable.count) mutants do not compile: building again without them")
      schemata.exclude(unviable)
    }
  }

  /// Finds, for each group of mutants left out together for one error, which of them do not
  /// compile, each by a build of its own or a halving that isolates it; the others are built
  /// back in. When they do not build together (two mutants that compile alone but not side by
  /// side), every suspect stays out, as before.
  func prove(
    _ groups: [[Int]], in schemata: inout MutantSchemata, workspace: MutationWorkspace
  ) throws(RunError) {
    guard !groups.isEmpty else { return }
    let before = schemata.excluded
    var excluded = before
    var builds = 0
    var failure: RunError?
    for group in groups {
      let others = excluded.subtracting(group)
      let (unviable, count) = UnviableProof.culprits(among: group) { included in
        schemata.setExcluded(others.union(Set(group).subtracting(included)))
        do throws(RunError) {
          try schemata.write(into: workspace)
          return try workspace.buildTests().succeeded
        } catch {
          failure = failure ?? error
          return false
        }
      }
      builds += count
      excluded = others.union(unviable)
    }
    if let failure { throw failure }
    let back = before.count - excluded.count
    let named = groups.joined().count
    schemata.setExcluded(excluded)
    try schemata.write(into: workspace)
    builds += 1
    if try workspace.buildTests().succeeded {
      print(
        back > 0
          ? "\(back) of \(named) mutants named together by compiler errors compile alone: back "
            + "in (\(builds) builds proved which do not)"
          : "\(named) mutants named together by compiler errors: none compiles alone (\(builds) "
            + "builds proved it)")
      return
    }
    // Those that compile alone do not compile side by side: all stay out, as they were.
    schemata.setExcluded(before)
    try schemata.write(into: workspace)
    _ = try workspace.buildTests()
    print(
      "\(named) mutants named together by compiler errors: \(back) compile alone but not "
        + "together, so all stay out (\(builds + 1) builds)")
  }

  /// The file (relative), line and column of an error in the copy:
  /// `/copy/Sources/X/File.swift:12:5: error: ...`.
  static func errorLocation(_ line: String, under copy: String) -> (String, Int, Int)? {
    guard line.hasPrefix(copy + "/") else { return nil }
    let parts = line.dropFirst(copy.count + 1).split(separator: ":", maxSplits: 3)
    guard parts.count >= 3, let number = Int(parts[1]), let column = Int(parts[2]) else {
      return nil
    }
    return (String(parts[0]), number, column)
  }
}
