import AssayResults
import AssayRunning
import AssayToolSupport
import Foundation

/// One `assay mutate`: copy the package, compile every mutant into one build, learn which
/// tests reach which mutant, check the canary, run each mutant against its tests, report.
public struct MutationSession {
  /// The options.
  public var options: Options
  /// Where lines go.
  public var print: @Sendable (String) -> Void

  /// A session.
  public init(options: Options, print: @escaping @Sendable (String) -> Void) {
    self.options = options
    self.print = print
  }

  /// Runs the session.
  ///
  /// - Returns: The mutants with their outcomes, and the exit status: 0, or 1 below the
  ///   threshold.
  /// - Throws: ``RunError`` when the package cannot be mutated (it does not build, its tests
  ///   fail, the canary survived): one clear line, the user's files untouched.
  public func run() throws(RunError) -> (mutants: [Mutant], status: Int32) {
    let root = options.packagePath
    let scratch =
      options.scratchPath.hasPrefix("/") ? options.scratchPath : "\(root)/\(options.scratchPath)"
    let state = "\(scratch)/assay"
    try SwiftPackage.requireManifest(at: root)  // before anything is created there
    let configuration = try MutationConfiguration(packageRoot: root)
    let skipping = try TestSelection.regexes(options.skips + configuration.skipTests)
    try? FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    let package = try SwiftPackage.describe(at: root, cache: "\(state)/package.json")
    let sources = try sourcesToMutate(package, configuration: configuration)
    let operators =
      options.operators
      ?? (configuration.operators ?? Set(MutationOperator.allCases))
      .subtracting(configuration.skipOperators)
    let threshold = options.threshold ?? configuration.threshold
    var schemata = try MutantSchemata(root: root, sources: sources, operators: operators)
    if let since = options.since {
      // Mutants on unchanged lines are not compiled in at all.
      let changed = try ChangedLines(since: since, in: root)
      schemata.exclude(Set(schemata.mutants.filter { !changed.contains($0) }.map(\.id)))
    }
    let found = schemata.mutants.count
    if let shard = options.shard {
      // Every shard finds the same mutants in the same order, and takes every n-th.
      schemata.exclude(
        Set(
          schemata.mutants.enumerated().filter { $0.offset % shard.count != shard.index - 1 }
            .map(\.element.id)))
    }
    let leftOut = schemata.excluded
    let all = schemata.mutants
    // What the compiler runs when it expands a macro: no switch read at run time reaches what
    // it writes into the macro's clients, so these mutants are each built alone, as written.
    let inTheCompiler = Set(
      all.filter { Self.runsInTheCompiler($0.file, of: package) }.map(\.id))
    schemata.exclude(inTheCompiler)
    print(
      "\(found) mutants in \(sources.count) files"
        + (options.shard.map { "; shard \($0) runs \(all.count) of them" } ?? ""))
    guard !all.isEmpty else {
      try write(MutationReport(mutants: [], root: root, shard: options.shard))
      return ([], 0)
    }

    let workspace = MutationWorkspace(
      package: package, folder: "\(state)/mutate", buildOptions: options.buildOptions,
      leavingOut: scratch)
    try workspace.refresh()
    var cache = ResultCache(path: "\(state)/mutate/results.json")
    var knownUnviable: Set<Int> = []
    var knownNotRun: Set<Int> = []
    if options.usesCache {
      // Mutants that did not compile, or not in the one build, in an unchanged file are left
      // out before the first build: each round of finding them costs builds.
      for mutant in all {
        switch cache[ResultCache.key(unviable: mutant, fileDigest: digest(of: mutant))]?.status {
        case .unviable?: knownUnviable.insert(mutant.id)
        case .notRun? where !inTheCompiler.contains(mutant.id): knownNotRun.insert(mutant.id)
        default: break
        }
      }
      if !knownUnviable.isEmpty {
        print(
          "\(knownUnviable.count) mutants did not compile in an earlier run: left out "
            + "(--no-cache tries them again)")
      }
      if !knownNotRun.isEmpty {
        print(
          "\(knownNotRun.count) mutants could not be built beside the others in an earlier run: "
            + "built apart, after the others (--no-cache tries them again)")
      }
      schemata.exclude(knownUnviable.union(knownNotRun))
    }
    let buildStarted = Date()
    compilingMarkedClauses(of: schemata, in: workspace)
    var markers: [String] = []
    let (builtApart, named) = try build(
      &schemata, in: workspace,
      proven: { proven in
        // Each mutant that a proof shows not to compile is kept as the proof goes: its builds
        // may take an hour, and a run stopped before they end goes on from there.
        let kept = all.filter {
          proven.contains($0.id) && !Self.removesAStatementOfAClosure($0, root: root)
        }
        for mutant in kept {
          cache.add([
            ResultCache.key(unviable: mutant, fileDigest: digest(of: mutant)):
              ResultCache.Entry(status: .unviable)
          ])
        }
        if !kept.isEmpty { cache.save() }
      },
      output: { line in if line.contains(IfConfigMarkers.prefix) { markers.append(line) } })
    let notCompiled = notCompiled(saying: markers, schemata: schemata, in: workspace)
    let notTogether = builtApart.union(knownNotRun)
    let buildSeconds = Date().timeIntervalSince(buildStarted)
    let builtAsWritten = inTheCompiler.subtracting(knownUnviable)
    let failed = schemata.excluded.subtracting(leftOut).subtracting(notTogether)
      .subtracting(builtAsWritten)
    // A removed statement of a closure whose switch does not compile is built alone: the
    // closure may be a result builder's, which rejects the switch and not the mutant.
    let unswitchable = named.union(builtAsWritten).union(
      all.filter { failed.contains($0.id) && Self.removesAStatementOfAClosure($0, root: root) }
        .map(\.id))
    let unviable = failed.subtracting(unswitchable)
    let newlyUnviable = unviable.subtracting(knownUnviable).count
    if newlyUnviable > 0 { print("\(newlyUnviable) mutants in all do not compile: left out") }
    // What the builds found is kept at once: a run stopped later starts again without them.
    for mutant in all where unviable.contains(mutant.id) || notTogether.contains(mutant.id) {
      cache.add([
        ResultCache.key(unviable: mutant, fileDigest: digest(of: mutant)):
          ResultCache.Entry(status: unviable.contains(mutant.id) ? .unviable : .notRun)
      ])
    }
    cache.save()

    let binary = try workspace.testBinary()
    let copy = package.at(workspace.copy)
    let testSources = TestSession.testSources(of: copy)
    var inventory = try TestInventory.list(binary, sources: testSources)
    guard !inventory.tests.isEmpty else { throw RunError("\(root): the package has no tests") }
    if !skipping.isEmpty {
      let before = inventory.tests.count
      inventory.tests.removeAll { TestSelection.leavesOut($0.id, skipping) }
      guard !inventory.tests.isEmpty else {
        throw RunError("--skip leaves out every one of the \(before) tests: nothing would run")
      }
      print(
        "\(before - inventory.tests.count) of the \(before) tests left out (--skip, skipTests)")
    }
    guard inventory.xctestListed else {
      throw RunError(
        "this package's test binary takes no test names (its own main): assay mutate needs "
          + "to run tests one by one")
    }
    let print = self.print
    let serial = SerialGroups(tests: inventory.tests.map(\.id), sources: testSources)
    print("Baseline: each of the \(inventory.tests.count) tests alone, to learn what it reaches")
    let baselineStarted = Date()
    let workers = try WorkerFolders(
      showing: workspace.copy, in: "\(state)/mutate/workers", count: options.jobs)
    var firstBaseline = Baseline.run(
      inventory, binary: binary, scratch: "\(state)/mutate", workers: workers, serial: serial)
    reportExclusive(
      firstBaseline.rerunFailuresExclusively(
        inventory, binary: binary, scratch: "\(state)/mutate", workers: workers, serial: serial))
    var changesBehaviour: Set<Int> = []
    if !firstBaseline.failures.isEmpty {
      // Tests that fail with the mutants compiled in but switched off: either they fail
      // anyway, or a mutant's schema changed the code (another overload chosen). Find those.
      changesBehaviour = try mutantsThatChangeBehaviour(
        failing: firstBaseline.failures, schemata: &schemata, unviable: schemata.excluded,
        workspace: workspace, binary: binary, workers: workers, inventory: inventory,
        scratch: "\(state)/mutate")
      print(
        "\(changesBehaviour.count) mutants change the code even when switched off: left out, "
          + "reported as not run")
      firstBaseline = Baseline.run(
        inventory, binary: binary, scratch: "\(state)/mutate", workers: workers, serial: serial)
      reportExclusive(
        firstBaseline.rerunFailuresExclusively(
          inventory, binary: binary, scratch: "\(state)/mutate", workers: workers,
          serial: serial))
    }
    let baseline = firstBaseline
    guard baseline.failures.isEmpty else { throw Self.failingTests(baseline.failures) }
    let baselineSeconds = Date().timeIntervalSince(baselineStarted)
    var runner = MutantRunner(
      binary: binary, inventory: inventory, baseline: baseline, scratch: "\(state)/mutate",
      switchVariable: options.switchVariable, workers: workers)
    runner.serial = serial
    let covering = Array(Set(baseline.coverage.values.flatMap { $0 }))
    if !covering.isEmpty {
      // The canary stops the process at the first mutant reached: if the tests that reach
      // mutants still pass, the switch is not compiled in or not read, and a score would lie.
      let canary = runner.outcome(of: "canary", tests: covering)
      guard canary.0.isDetected else {
        throw RunError(
          "the canary survived: the \(covering.count) tests that reach mutants passed with the "
            + "canary on, so the mutants are not running; no score reported")
      }
    }

    var mutants = all
    let declarations = DeclarationReach(
      mutants: all, coverage: baseline.coverage, entered: baseline.entered)
    for index in mutants.indices {
      if notCompiled.contains(mutants[index].id) {
        mutants[index].status = .notRun
        mutants[index].statusReason = IfConfigMarkers.notCompiledReason
      } else if unviable.contains(mutants[index].id) {
        mutants[index].status = .unviable
      } else if unswitchable.contains(mutants[index].id) {
        continue  // built alone, after the others
      } else if changesBehaviour.contains(mutants[index].id) {
        mutants[index].status = .notRun
      } else if notTogether.contains(mutants[index].id) {
        continue  // in builds of their own, after the others
      } else if let tests = baseline.coverage[mutants[index].id] {
        mutants[index].coveredBy = tests.map(\.description).sorted()
      } else if declarations[mutants[index]].isEmpty {
        mutants[index].status = .noCoverage
      }
    }
    let keys = cacheKeys(
      mutants, baseline: baseline, declarations: declarations, inventory: inventory,
      package: package, byEveryTest: inTheCompiler)
    // Mutants that no switch of the one build held run with every test that entered their
    // declaration, or every test when none is known.
    let apart = unswitchable.union(notTogether)
    let everyTest = inventory.tests.map(\.id)
    let entering: @Sendable (Mutant) -> [TestIdentifier] = { mutant in
      let entered = declarations[mutant]
      return entered.isEmpty || inTheCompiler.contains(mutant.id) ? everyTest : entered
    }
    if options.usesCache {
      var reused = 0
      for index in mutants.indices where mutants[index].status == .pending {
        guard let entry = keys.reusable(mutants[index].id, in: cache) else { continue }
        mutants[index].status = entry.status
        mutants[index].killedBy = entry.killedBy
        if apart.contains(mutants[index].id) {
          mutants[index].coveredBy = entering(mutants[index]).map(\.description).sorted()
        }
        reused += 1
      }
      if reused > 0 {
        print(
          "\(reused) outcomes reused from earlier runs (neither the code nor its tests "
            + "changed; --no-cache runs them again)")
      }
    }
    let pending = mutants.indices.filter {
      mutants[$0].status == .pending && !apart.contains(mutants[$0].id)
    }
    let results = Results(mutants)
    let keeper = OutcomeKeeper(cache, keys: keys, interval: options.cacheSavingInterval)
    let started = Date()
    try Interruption.undoing(
      keepOnInterruption(keeper, of: pending.count + apart.count, known: mutants)
    ) {
      () throws(RunError) in
      // Said once an interruption keeps what the run knows: from here, Ctrl-C shows it.
      print("Running \(pending.count) mutants, \(options.jobs) at a time")
      // A survivor is final here when no other test enters its function.
      let final: @Sendable (Mutant) -> Void = { mutant in
        keeper.keep(mutant, final: mutant.status.isDetected || declarations[mutant].isEmpty)
      }
      run(pending, of: results, with: runner, showingProgress: true, finished: final) {
        baseline.coverage[$0.id] ?? []
      }
      // Before a mutant is reported survived, the tests that reached its declaration but not
      // it in the baseline run too: a test's reach can change from run to run.
      let survivors = pending.filter {
        results.mutant(at: $0).status == .survived && !declarations[results.mutant(at: $0)].isEmpty
      }
      if !survivors.isEmpty {
        run(survivors, of: results, with: runner, showingProgress: false) { mutant in
          keeper.keep(mutant, final: true)
        } tests: {
          declarations[$0]
        }
        let noticed = survivors.filter { results.mutant(at: $0).status.isDetected }.count
        print(
          "\(survivors.count) mutants ran again with the other tests that enter their functions "
            + "(what a test reaches can change from run to run): \(noticed) noticed")
      }
      mutants = results.all
      for index in mutants.indices
      where mutants[index].status == .survived && mutants[index].coveredBy.isEmpty
        && !apart.contains(mutants[index].id)
      {
        mutants[index].status = .noCoverage
      }
      let alone = Set(
        mutants.filter { unswitchable.contains($0.id) && $0.status == .pending }.map(\.id))
      try runAlone(
        alone, in: &mutants, schemata: schemata, workspace: workspace, runner: runner,
        keeper: keeper, tests: entering)
      runInBuildsOfTheirOwn(
        Set(mutants.filter { notTogether.contains($0.id) && $0.status == .pending }.map(\.id)),
        in: &mutants, schemata: schemata, workspace: workspace, runner: runner, keeper: keeper,
        tests: entering)
    }
    cache = keeper.kept
    var entries: [String: ResultCache.Entry] = [:]
    // A mutant not covered is remembered only when it ran with its declaration's tests: it
    // has a key then.
    for mutant in mutants
    where [.killed, .survived, .timedOut, .crashed, .noCoverage].contains(mutant.status) {
      if let key = keys.key(for: mutant) {
        entries[key] = ResultCache.Entry(status: mutant.status, killedBy: mutant.killedBy)
      }
    }
    // A mutant whose clause this build does not compile is found again by every build.
    for mutant in mutants
    where mutant.status == .unviable || mutant.status == .notRun && !notCompiled.contains(mutant.id)
    {
      entries[ResultCache.key(unviable: mutant, fileDigest: digest(of: mutant))] =
        ResultCache.Entry(status: mutant.status)
    }
    cache.add(entries)
    cache.save()
    let report = MutationReport(mutants: mutants, root: root, shard: options.shard)
    for mutant in mutants where mutant.status == .survived {
      print("\(root)/\(mutant.location): warning: mutant survived: \(mutant.change)")
    }
    print(report.summary)
    // The floor: one build, then for each mutant its tests up to the first that fails, shared
    // by the workers; what the run costs above it is process starts, the baseline and waiting.
    let testSeconds = mutants.reduce(0.0) { sum, mutant in
      let tests = (baseline.coverage[mutant.id] ?? []).sorted {
        (baseline.durations[$0] ?? 0, $0) < (baseline.durations[$1] ?? 0, $1)
      }
      var seconds = 0.0
      for test in tests {
        seconds += baseline.durations[test] ?? 0
        if test.description == mutant.killedBy { break }
      }
      return sum + seconds
    }
    let mutantSeconds = Date().timeIntervalSince(started)
    let workerTime = Self.workerTime(results.workerSeconds, of: mutants).map { "; \($0)" } ?? ""
    print(
      String(
        format: "Time: build %.1f s, baseline %.1f s, mutants %.1f s (%.0f a minute); "
          + "floor %.1f s", buildSeconds, baselineSeconds, mutantSeconds,
        Double(pending.count) / max(mutantSeconds, 0.001) * 60,
        buildSeconds + testSeconds / Double(max(1, options.jobs))) + workerTime)
    try write(report)
    if let threshold, report.score < threshold {
      print("The mutation score \(report.scoreText) is below the threshold \(threshold)%.")
      return (mutants, 1)
    }
    return (mutants, 0)
  }

  /// Says which tests failed beside other test processes and passed with none: they run so
  /// from now on.
  func reportExclusive(_ tests: [TestIdentifier]) {
    if let notice = Self.exclusiveNotice(tests) { print(notice) }
  }

  /// "Tests that failed beside other test processes and passed with none beside them (...)
  /// run with no other test process from now on: T.S/testA, T.S/testB, T.S/testC and 1 more",
  /// or `nil` for no test.
  static func exclusiveNotice(_ tests: [TestIdentifier]) -> String? {
    guard !tests.isEmpty else { return nil }
    let names = tests.sorted().prefix(3).map(\.description).joined(separator: ", ")
    let more = tests.count > 3 ? " and \(tests.count - 3) more" : ""
    return "Tests that failed beside other test processes and passed with none beside them "
      + "(they share something outside their folders: a database, a port, files) run with no "
      + "other test process from now on: \(names)\(more)"
  }

  /// Writes the reports asked for.
  func write(_ report: MutationReport) throws(RunError) {
    for request in options.reports { try request.write(report) }
  }

  /// "the tests fail before any mutation: ...; fix them first, or leave them out: --skip ...".
  static func failingTests(_ failures: [TestResult]) -> RunError {
    let sorted = failures.sorted { $0.id < $1.id }
    let named = sorted.prefix(10).map { result in
      let why =
        result.issues.first?.message.split(separator: "\n").first.map(String.init)
        ?? result.reason ?? result.outcome.rawValue
      return "\(result.id) (\(why))"
    }
    let more = sorted.count > 10 ? " and \(sorted.count - 10) more" : ""
    // The patterns to copy, when there are few enough to copy: each test's own, anchored.
    var patterns: [String] = []
    for result in sorted {
      let pattern = "--skip '\(TestSelection.skipPattern(for: result.id.withoutCase))'"
      if !patterns.contains(pattern) { patterns.append(pattern) }
    }
    let remedy =
      patterns.count <= 20
      ? "fix them first, or leave them out: \(patterns.joined(separator: " "))" : "fix them first"
    // Alone is how they run for mutants: a test that passes in the whole suite only after
    // others ran (swift-system's IORingTests read what an earlier test left in memory) fails
    // here, and the message says how they ran.
    // Those that failed only beside other test processes ran again with none beside them
    // (`Baseline.rerunFailuresExclusively`) and passed: these failed so too.
    return RunError(
      "the tests fail before any mutation, each run alone in a process of its own as assay "
        + "mutate runs them: \(named.joined(separator: ", "))\(more); \(remedy)")
  }
}
