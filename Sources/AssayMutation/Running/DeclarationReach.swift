import AssayResults

/// For each mutant, the tests that entered its declaration in the baseline (the function,
/// initializer, subscript or variable around it) but did not reach the mutant itself.
///
/// Which lines a test reaches can change from run to run: a race between tasks, a timer, a
/// cache on disk. A test that reached a function's other lines in the baseline may reach the
/// mutant in its own run, and rebuilding with the mutant and running every test would see it
/// fail. So a mutant that survives the tests that reached it runs with these before it is
/// reported survived (or not covered).
struct DeclarationReach {
  /// The tests of each mutant's declaration that the baseline did not see reach it, by id;
  /// absent when there are none.
  let others: [Int: [TestIdentifier]]

  /// The reach of `mutants`' declarations: the tests that entered each (`entered`, by the id
  /// of its first mutant) and those that reached any of its mutants (`coverage`, by id).
  init(
    mutants: [Mutant], coverage: [Int: [TestIdentifier]], entered: [Int: [TestIdentifier]]
  ) {
    var reach: [Int: Set<TestIdentifier>] = [:]
    for mutant in mutants {
      guard let declaration = mutant.declaration else { continue }
      reach[declaration, default: Set(entered[declaration] ?? [])]
        .formUnion(coverage[mutant.id] ?? [])
    }
    var others: [Int: [TestIdentifier]] = [:]
    for mutant in mutants {
      guard let declaration = mutant.declaration, let tests = reach[declaration] else { continue }
      let rest = tests.subtracting(coverage[mutant.id] ?? [])
      if !rest.isEmpty { others[mutant.id] = rest.sorted() }
    }
    self.others = others
  }

  /// The tests of `mutant`'s declaration that did not reach it in the baseline.
  subscript(mutant: Mutant) -> [TestIdentifier] { others[mutant.id] ?? [] }
}
