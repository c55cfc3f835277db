import AssayResults
import AssayRunning
import AssayToolSupport

// The mutants whose schema changes what the code does with every mutant off, found by
// bisection on the tests that fail in the baseline.
extension MutationSession {
  /// The mutants whose schema changes what the code does with every mutant off, found by
  /// bisection on the tests that failed in the baseline; throws when those tests fail
  /// without any mutant too. `unviable` is every mutant left out so far.
  func mutantsThatChangeBehaviour(
    failing: [TestResult], schemata: inout MutantSchemata, unviable: Set<Int>,
    workspace: MutationWorkspace, binary: TestBinary, workers: WorkerFolders,
    inventory: TestInventory, scratch: String
  ) throws(RunError) -> Set<Int> {
    let tests = Array(Set(failing.map(\.id.withoutCase))).sorted()
    let viable = schemata.mutants.map(\.id).filter { !unviable.contains($0) }.sorted()
    var runner = TestRunner(
      binary: workers.binary(binary, worker: 0), testTimeout: 300, scratchFolder: scratch,
      xctestRunOrder: inventory.xctestRunOrder)
    runner.environment = workers.environment(worker: 0)
    runner.stopsAtFirstFailure = true
    /// Whether the failing tests pass with only `included` of the viable mutants compiled in.
    func passes(with included: [Int]) throws(RunError) -> Bool {
      schemata.setExcluded(unviable.union(Set(viable).subtracting(included)))
      try schemata.write(into: workspace)
      guard try workspace.buildTests().succeeded else {
        throw RunError("the copy of the package stopped building while looking for mutants")
      }
      return [TestIdentifier.Library.xctest, .swiftTesting].allSatisfy { library in
        let mine = tests.filter { $0.library == library }
        return mine.isEmpty
          || !runner.run(TestBatch(library: library, tests: mine)).contains {
            $0.outcome.isFailure
          }
      }
    }
    guard try passes(with: []) else { throw Self.failingTests(failing) }
    let culprits = try Self.culprits(among: viable, passes: passes)
    schemata.setExcluded(unviable.union(culprits))
    try schemata.write(into: workspace)
    guard try workspace.buildTests().succeeded else {
      throw RunError("the copy of the package stopped building while looking for mutants")
    }
    return Set(culprits)
  }

  /// The candidates without which `passes` holds, found by bisection: the shortest prefix of
  /// the candidates that fails ends with one of them; it goes, and the search starts again.
  static func culprits<Failure: Error>(
    among candidates: [Int], limit: Int = 20, passes: ([Int]) throws(Failure) -> Bool
  ) throws(Failure) -> [Int] {
    var culprits: [Int] = []
    var candidates = candidates
    while culprits.count < limit, !candidates.isEmpty {
      if try passes(candidates) { break }
      var passing = 0
      var failing = candidates.count
      while failing - passing > 1 {
        let middle = (passing + failing) / 2
        if try passes(Array(candidates.prefix(middle))) {
          passing = middle
        } else {
          failing = middle
        }
      }
      culprits.append(candidates[failing - 1])
      candidates.remove(at: failing - 1)
    }
    return culprits
  }
}
