import AssayResults
import AssayToolSupport
import Foundation

// Mutants that compile alone but not beside the others: run in builds of their own.
extension MutationSession {
  /// The most builds of their own that the mutants left out of the one build get.
  static let mostBuildsOfTheirOwn = 8

  /// Runs the mutants of `ids`, which compile alone but not beside the others in the one
  /// build (a statement whose many switches side by side are too much for the type checker),
  /// in builds of their own: each holds as many of those left as build together
  /// (``build(_:in:compileAlone:)``), and runs each with `tests`, since no switch held it in
  /// the baseline. Those that no build holds stay not run, and are said to be. The copy is
  /// left with the last build's sources.
  ///
  /// - Parameters:
  ///   - ids: The mutants left out of the one build that compile alone.
  ///   - mutants: Every mutant of the run; those of `ids` get their outcomes.
  ///   - schemata: The one build's sources.
  ///   - workspace: The copy of the package.
  ///   - runner: Runs a mutant's tests against the copy's test binary.
  ///   - keeper: Keeps each outcome as it comes.
  ///   - tests: The tests to run for a mutant: those that enter its declaration.
  func runInBuildsOfTheirOwn(
    _ ids: Set<Int>, in mutants: inout [Mutant], schemata: MutantSchemata,
    workspace: MutationWorkspace, runner: MutantRunner, keeper: OutcomeKeeper,
    tests: @escaping @Sendable (Mutant) -> [TestIdentifier]
  ) {
    guard !ids.isEmpty else { return }
    let every = Set(1..<(schemata.highestID + 1))
    var left = ids
    var builds = 0
    while !left.isEmpty, builds < Self.mostBuildsOfTheirOwn {
      builds += 1
      print(
        "\(left.count) mutants compile alone but not beside the others: a build of their own "
          + "(\(builds) of at most \(Self.mostBuildsOfTheirOwn))")
      var layer = schemata
      let apart: Set<Int>
      do throws(RunError) {
        let placed = try placeTogether(left, every: every, in: &layer, workspace: workspace)
        apart = placed.union(try build(&layer, in: workspace, compileAlone: true).notTogether)
      } catch {
        print("That build failed, so they are not run: \(error.description)")
        break
      }
      let held = left.subtracting(layer.excluded)
      guard !held.isEmpty else { break }
      left = left.intersection(apart)
      let indices = mutants.indices.filter { held.contains(mutants[$0].id) }
      // Switched off, the build must pass the tests it runs: a switch can change the code
      // (another overload chosen).
      let needed = Array(Set(indices.flatMap { tests(mutants[$0]) }))
      if runner.outcome(of: "0", tests: needed).0.isDetected {
        print(
          "\(held.count) mutants not run: with them compiled in and switched off, their "
            + "tests fail")
        continue
      }
      let results = Results(mutants)
      // Each ran with every test that enters its function: its outcome is final.
      run(indices, of: results, with: runner, showingProgress: true) { mutant in
        keeper.keep(mutant, final: true)
      } tests: {
        tests($0)
      }
      mutants = results.all
      for index in indices {
        mutants[index].coveredBy = tests(mutants[index]).map(\.description).sorted()
      }
    }
    for index in mutants.indices
    where ids.contains(mutants[index].id) && mutants[index].status == .pending {
      mutants[index].status = .notRun
    }
    if !left.isEmpty {
      print(
        "\(left.count) mutants compile alone but found no build beside the others in "
          + "\(builds) builds: not run")
    }
  }

  /// Leaves in as many of `left` (mutants known to compile alone) as build together, the
  /// others of `every` out, from builds of the targets that hold them: a place that the first
  /// build's errors name keeps the longest run of its mutants that builds
  /// (``UnviableProof/keepTogether(_:base:named:limit:builds:)``). The tests build once, after.
  ///
  /// - Returns: The mutants of `left` left out; none when the targets build with all of them,
  ///   or when the errors name no place (the build of the tests then tells).
  func placeTogether(
    _ left: Set<Int>, every: Set<Int>, in layer: inout MutantSchemata,
    workspace: MutationWorkspace
  ) throws(RunError) -> Set<Int> {
    let files = layer.paths
    let base = every.subtracting(left)
    let first = try buildTargets(excluding: base, of: &layer, in: workspace, files: files)
    guard !first.build.succeeded else { return [] }
    var failure: RunError?
    let placed = UnviableProof.keepTogether(
      first.places, base: base, named: first.build.named
    ) { excluded in
      do throws(RunError) {
        return try buildTargets(excluding: excluded, of: &layer, in: workspace, files: files)
          .build
      } catch {
        failure = failure ?? error
        return UnviableProof.Build(succeeded: false)
      }
    }
    if let failure { throw failure }
    guard let (apart, builds) = placed else {
      layer.setExcluded(base)
      return []
    }
    print(
      "\(left.count - apart.count) of them build together, \(apart.count) wait for the next "
        + "(\(builds + 1) builds of the targets that hold them)")
    return apart
  }
}
