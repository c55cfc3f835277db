import AssayToolSupport
import Foundation

// The build of the mutated copy: compiler errors attributed to mutants, which are left out,
// and the proof of which of several named together do not compile.
extension MutationSession {
  /// Builds the copy; mutants named by the compiler's errors are left out and the copy is
  /// built again, until it builds. Where one error names several mutants (all of a function's,
  /// or of a statement the type checker gave up on), builds then find which of them do not
  /// compile (``UnviableProof``), and the others come back.
  ///
  /// Where the error is one that the switch makes, not the mutant (an `if` among the
  /// components of a result builder without `buildOptional`), the mutant is left out of the
  /// one build too, to be built alone (``runAlone(_:in:schemata:workspace:runner:tests:)``).
  ///
  /// - Parameters:
  ///   - compileAlone: Whether every mutant built is known to compile alone (a build of their
  ///     own, after the one build): the proofs then search only which build together.
  ///   - proven: Told the mutants that a proof's build showed not to compile, as it ends.
  ///   - output: Each line the builds of the tests print (not the proofs').
  /// - Returns: The mutants left out that compile alone but not beside the others, never
  ///   reported unviable; and those that no switch can hold.
  func build(
    _ schemata: inout MutantSchemata, in workspace: MutationWorkspace, compileAlone: Bool = false,
    proven: (Set<Int>) -> Void = { _ in }, output: (String) -> Void = { _ in }
  ) throws(RunError) -> (notTogether: Set<Int>, unswitchable: Set<Int>) {
    var suspects: [[Int]] = []
    var notTogether: Set<Int> = []
    var unswitchable: Set<Int> = []
    for round in 1...20 {
      try schemata.write(into: workspace)
      let (succeeded, errors) = try workspace.buildTests(output: output)
      if !succeeded, schemata.markingClauses, IfConfigMarkers.failedOnAMarker(errors) {
        print(
          "The build treats warnings as errors: the mutants of #if clauses run as the others, "
            + "whether the build compiles their clauses or not")
        schemata.stopMarkingClauses()
        continue
      }
      if succeeded {
        guard !suspects.isEmpty else { return (notTogether, unswitchable) }
        // The proofs build only the mutated targets: the tests build once more after them.
        notTogether.formUnion(
          try prove(
            suspects, in: &schemata, workspace: workspace, compileAlone: compileAlone,
            proven: proven))
        suspects = []
        continue
      }
      var unviable: Set<Int> = []
      for line in errors {
        guard let (path, number, column) = Self.errorLocation(line, under: workspace.copy)
        else { continue }
        if line.contains(Self.switchInResultBuilder) {
          let named = schemata.mutants(atLine: number, column: column, of: path)
          unswitchable.formUnion(named)
          unviable.formUnion(named)
          continue
        }
        let new = Self.mutants(named: line, path: path, line: number, column: column, in: schemata)
          .filter { !unviable.contains($0) }
        if new.count > 1 { suspects.append(new) }
        unviable.formUnion(new)
      }
      if unviable.isEmpty, schemata.markingClauses {
        // An error at no mutant: the markers may be what fails. The build goes on without.
        print(
          "The build failed at no mutant with the markers of #if clauses in: built again "
            + "without them (the mutants of #if clauses run as the others)")
        schemata.stopMarkingClauses()
        continue
      }
      guard !unviable.isEmpty, round < 20 else {
        throw RunError(
          "the package does not build, for reasons other than the mutants:\n"
            + errors.prefix(10).joined(separator: "\n"))
      }
      print("\(unviable.count) mutants do not compile: building again without them")
      schemata.exclude(unviable)
    }
    return (notTogether, unswitchable)
  }

  /// The mutants that the compiler's error `line`, at `line`:`column` of `path`, names: those
  /// of the statement, when the type checker gave up on it; else those at the place.
  static func mutants(
    named error: String, path: String, line: Int, column: Int, in schemata: MutantSchemata
  ) -> [Int] {
    error.contains("unable to type-check this expression in reasonable time")
      ? schemata.mutants(inStatementAtLine: line, column: column, of: path)
      : schemata.mutants(atLine: line, column: column, of: path)
  }

  /// Finds, for each group of mutants left out together for one compiler error, which of
  /// them do not compile, and builds the others back in
  /// (``UnviableProof/verdict(of:excluded:compileAlone:builds:)``). Each proof builds only the
  /// targets that hold mutants, not the tests.
  ///
  /// - Parameters:
  ///   - compileAlone: Whether every suspect is known to compile alone: only which of them
  ///     build together is searched.
  ///   - proven: Told the suspects that a build showed not to compile, as it ends.
  /// - Returns: The suspects that compile alone but not beside the others.
  func prove(
    _ groups: [[Int]], in schemata: inout MutantSchemata, workspace: MutationWorkspace,
    compileAlone: Bool = false, proven: (Set<Int>) -> Void = { _ in }
  ) throws(RunError) -> Set<Int> {
    guard !groups.isEmpty else { return [] }
    let before = schemata.excluded
    let files = schemata.paths
    var failure: RunError?
    let named = groups.joined().count
    var builds = 0
    var shown = Date()
    let verdict = UnviableProof.verdict(
      of: groups, excluded: before, compileAlone: compileAlone,
      builds: { excluded in
        // A long proof says that it goes on, once a minute.
        if Date().timeIntervalSince(shown) >= 60 {
          print(
            "Proving which of \(named) mutants named together by compiler errors compile: "
              + "\(builds) builds so far")
          shown = Date()
        }
        builds += 1
        do throws(RunError) {
          return try buildTargets(excluding: excluded, of: &schemata, in: workspace, files: files)
            .build
        } catch {
          failure = failure ?? error
          return UnviableProof.Build(succeeded: false)
        }
      },
      // A build that could not run proves nothing: the run ends with its error.
      proven: { if failure == nil { proven($0) } })
    if let failure { throw failure }
    let back = before.count - verdict.excluded.count
    if !verdict.notTogether.isEmpty {
      print(
        "\(named) mutants named together by compiler errors: \(verdict.notTogether.count) "
          + "compile alone but not together: built apart, after the others; \(back) "
          + "back in (\(verdict.builds) builds)")
    } else if back > 0 {
      print(
        "\(back) of \(named) mutants named together by compiler errors compile alone: back "
          + "in (\(verdict.builds) builds proved which do not)")
    } else {
      print(
        "\(named) mutants named together by compiler errors: none compiles alone "
          + "(\(verdict.builds) builds proved it)")
    }
    return verdict.notTogether
  }

  /// Builds the targets that hold `files` with exactly the mutants of `excluded` left out.
  ///
  /// - Returns: How it went, and the places its errors name: each error's mutants, in order,
  ///   each mutant in one place only.
  func buildTargets(
    excluding excluded: Set<Int>, of schemata: inout MutantSchemata,
    in workspace: MutationWorkspace, files: [String]
  ) throws(RunError) -> (build: UnviableProof.Build, places: [[Int]]) {
    schemata.setExcluded(excluded)
    try schemata.write(into: workspace)
    let (succeeded, errors) = try workspace.buildTargets(holding: files)
    var named: Set<Int> = []
    var places: [[Int]] = []
    for line in errors {
      guard let (path, number, column) = Self.errorLocation(line, under: workspace.copy)
      else { continue }
      let place = Self.mutants(named: line, path: path, line: number, column: column, in: schemata)
        .filter { !named.contains($0) }
      named.formUnion(place)
      if !place.isEmpty { places.append(place) }
    }
    return (UnviableProof.Build(succeeded: succeeded, named: named), places)
  }

  /// The error of an `if` (a mutant's switch) among the components of a result builder
  /// that has no `buildOptional`: the switch's, not the mutant's.
  static let switchInResultBuilder =
    "closure containing control flow statement cannot be used with result builder"

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
