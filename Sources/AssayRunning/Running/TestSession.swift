import AssayResults
import AssayToolSupport
import Foundation

/// One `assay test`: build once, list the tests, choose, run them (surviving crashes and
/// hangs), print progress and a summary, write the reports and the state the next run reads.
public struct TestSession {
  /// A report to write: `json`, `junit` or `html`, and where.
  public struct ReportRequest: Sendable, Equatable {
    /// The format.
    public enum Format: String, Sendable, CaseIterable {
      case json, junit, html
    }
    /// The format.
    public var format: Format
    /// The file to write.
    public var path: String

    /// Reads `FORMAT:PATH`, such as `junit:results.xml`.
    ///
    /// - Throws: ``RunError`` for another format or no path.
    public init(_ text: String) throws(RunError) {
      let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
      guard parts.count == 2, let format = Format(rawValue: parts[0]), !parts[1].isEmpty else {
        throw RunError(
          "--report \(text): expected FORMAT:PATH with FORMAT json, junit or html "
            + "(such as junit:results.xml)")
      }
      self.format = format
      self.path = parts[1]
    }

    /// Writes `report` in this format; `root`, the package's folder, shortens paths in HTML.
    public func write(_ report: TestReport, root: String? = nil) throws(RunError) {
      let data: Data
      switch format {
      case .json: data = report.json()
      case .junit: data = Data(JUnitReport.xml(report).utf8)
      case .html: data = Data(HTMLReport.html(report, root: root).utf8)
      }
      try AtomicFile.write(data, to: path)
    }
  }

  /// What to run and how.
  public struct Options: Sendable {
    /// Options for `swift build`: `--configuration`, `--scratch-path`, `--sanitize`.
    public var buildOptions: [String] = []
    /// Whether to skip the build (the tests are built already).
    public var skipBuild = false
    /// What to run.
    public var selection = TestSelection()
    /// Only what failed in the last run.
    public var onlyFailed = false
    /// `k/n`.
    public var shard: Shard?
    /// A JSON report of an earlier run whose durations balance the shards (`--timings`).
    /// Every shard must read the same file to split the same way, so the shards never use
    /// the last run kept on this machine.
    public var timingsPath: String?
    /// The per-test timeout, in seconds.
    public var testTimeout: Double = 300
    /// Whether Swift Testing runs tests in parallel.
    public var parallel = true
    /// How many times to run (`--repeat`); with ``untilFailure``, the most.
    public var repetitions = 1
    /// Stop repeating at the first failing run.
    public var untilFailure = false
    /// Reports to write.
    public var reports: [ReportRequest] = []
    /// Print the tests that would run, with their locations, and run nothing (`--list`).
    public var listOnly = false
    /// One live line of progress (a terminal), instead of a line per result.
    public var liveProgress = false
    /// Whether every line the test processes print is printed as it comes (`--show-output`):
    /// the tests' own output, with XCTest's and Swift Testing's lines, as `swift test` shows
    /// it. Otherwise only a crashed or timed-out test's last lines are shown.
    public var showsOutput = false
    /// The package's folder.
    public var packagePath = FileManager.default.currentDirectoryPath
    /// The folder of the build (`--scratch-path`), where `assay/` keeps its state; relative
    /// paths are from the package's folder.
    public var scratchPath = ".build"
    /// Record the baselines of the performance tests that run (`measure`) instead of
    /// comparing with them (`--record-baselines`: `ASSAY_RECORD_BASELINES=1`).
    public var recordsBaselines = false
    /// With ``recordsBaselines``, how many new processes record each measure's baseline
    /// (`--baseline-processes`): processes differ from each other more than runs within one
    /// do, and a baseline of several says by how much. A measure whose processes differ too
    /// much to tell its tolerance records in more, up to twice as many.
    public var baselineProcesses = 5
    /// Variables added to the environment of every test process.
    public var environment: [String: String] = [:]
    /// Files changed since the last run (watch mode): what failed last runs first, then the
    /// tests of the targets that depend on these files' targets, then the rest.
    public var changedFiles: [String]?

    /// Default options.
    public init() {}
  }

  /// The options.
  public var options: Options
  /// Where lines go (standard output).
  public var print: (String) -> Void
  /// Where the live line goes, redrawn in place (standard error on a terminal).
  public var status: (String) -> Void
  /// This session's own name for the files that two sessions on one package must not share
  /// (the requests of instruction counts, Callgrind's files).
  let sessionID = UUID().uuidString

  /// A session.
  public init(
    options: Options, print: @escaping (String) -> Void,
    status: @escaping (String) -> Void = { _ in }
  ) {
    self.options = options
    self.print = print
    self.status = status
  }

  /// What the test processes get in their environment for `options`.
  public static func environment(for options: Options) -> [String: String] {
    options.environment.merging(
      options.recordsBaselines ? ["ASSAY_RECORD_BASELINES": "1"] : [:]
    ) { _, assay in assay }
  }

  /// The file of the last run's results.
  public var lastRunPath: String { "\(stateFolder)/last-run.json" }

  /// Where `assay test` keeps its state and scratch files: `.build/assay`.
  var stateFolder: String { "\(scratchFolder)/assay" }

  private var scratchFolder: String {
    options.scratchPath.hasPrefix("/")
      ? options.scratchPath : "\(options.packagePath)/\(options.scratchPath)"
  }

  /// `.build/debug` (or `release`): SwiftPM's link to the platform's products folder.
  private var productsFolder: String? {
    guard let index = options.buildOptions.firstIndex(of: "--configuration") else {
      return "\(scratchFolder)/debug"
    }
    let next = options.buildOptions.index(after: index)
    return next < options.buildOptions.endIndex
      ? "\(scratchFolder)/\(options.buildOptions[next])" : nil
  }

  /// Runs the session.
  ///
  /// - Returns: The exit status: 0 when everything passed, 1 when a test failed.
  /// - Throws: ``RunError`` for a usage or build problem (exit status 2).
  public func run() throws(RunError) -> Int32 {
    try SwiftPackage.requireManifest(at: options.packagePath)
    _ = try Self.folder(stateFolder)
    let package = try SwiftPackage.describe(
      at: options.packagePath, cache: "\(stateFolder)/package.json")
    let build = TestBuild(options: ["--package-path", options.packagePath] + options.buildOptions)
    if !options.skipBuild {
      // Warnings as they come, each once; errors come in the build's RunError.
      var warnings: Set<String> = []
      try build.build(output: { line in
        if line.contains(": warning:"), warnings.insert(line).inserted { print(line) }
      })
    }
    let binary = try build.testBinary(in: productsFolder)
    let sources = Self.testSources(of: package, cache: "\(stateFolder)/test-sources.json")
    let inventory = try TestInventory.list(binary, sources: sources)
    let previous = Self.readReport(at: lastRunPath)
    var selection = options.selection
    selection.shard = options.shard
    if let timingsPath = options.timingsPath {
      guard let timings = FileManager.default.contents(atPath: timingsPath) else {
        throw RunError("--timings \(timingsPath): cannot read this file")
      }
      do {
        selection.durations = Shard.durations(in: try TestReport.read(timings))
      } catch {
        throw RunError("--timings \(timingsPath): \(error.description)")
      }
    }
    if options.onlyFailed {
      guard let previous else {
        throw RunError("--failed: no earlier run recorded in \(lastRunPath)")
      }
      guard previous.results.contains(where: \.outcome.isFailure) else {
        print("Nothing failed in the last run.")
        return 0
      }
      selection.failedIn = previous
    }
    if options.shard != nil {
      // Specs are split example by example: the specs list their examples first.
      let contracts = inventory.contractHosts(sources: sources)
      selection.contractHosts = Set(contracts)
      selection.specExamples = TestInventory.listedCases(
        specs: inventory.specHosts(sources: sources), contracts: contracts, binary: binary,
        scratch: try Self.folder(stateFolder))
    }
    var batches = try selection.batches(from: inventory, sources: sources)
    if let changed = options.changedFiles {
      batches = Self.prioritized(batches, package: package, changed: changed, previous: previous)
    }
    if options.listOnly {
      let locations = Dictionary(
        inventory.tests.map { ($0.id, $0.location) }, uniquingKeysWith: { first, _ in first })
      for batch in batches {
        for test in batch.tests {
          let place = (locations[test] ?? nil).map { "\($0.file):\($0.line): " } ?? ""
          var cases = batch.environment["ASSAY_EXAMPLE"].map { [$0] } ?? [nil]
          if let list = batch.environment["ASSAY_EXAMPLES"] {
            cases = SpecNames.lines(list, for: SpecNames.specName(of: test))
            if cases.isEmpty { cases = SpecNames.lines(list, for: SpecNames.contract) }
          }
          for name in cases {
            print("\(place)\(test)" + (name.map { " [\($0)]" } ?? ""))
          }
        }
      }
      return 0
    }
    var runner = TestRunner(
      binary: binary, testTimeout: options.testTimeout, parallel: options.parallel,
      scratchFolder: try Self.folder(stateFolder),
      xctestRunOrder: inventory.xctestRunOrder)
    runner.environment = Self.environment(for: options)
    runner.forwardsOutput = options.showsOutput
    runner.environment["ASSAY_INSTRUCTIONS_REQUESTS"] = instructionRequestsPath
    runner.environment["ASSAY_TIME_REGRESSIONS"] = timeRegressionsPath
    if options.recordsBaselines {
      runner.environment.merge(recordingEnvironment(continuing: false)) { _, recording in
        recording
      }
    }
    let contractHosts = inventory.contractHosts(sources: sources)
    runner.caseOwners = Dictionary(
      inventory.specHosts(sources: sources).map { ($0, SpecNames.specName(of: $0)) }
        + contractHosts.map { ($0, SpecNames.contract) },
      uniquingKeysWith: { first, _ in first })
    // A whole run measures every `measure`: the baselines none used are found after it.
    let measuresLog = "\(stateFolder)/measures.log"
    let findsStaleBaselines = runsEverything
    if findsStaleBaselines {
      try? FileManager.default.removeItem(atPath: measuresLog)
      runner.environment["ASSAY_MEASURES_LOG"] = measuresLog
    }

    var failuresByTest: [TestIdentifier: Int] = [:]
    let runs = max(1, options.repetitions)
    var rounds: [TestReport] = []
    for round in 1...runs {
      if runs > 1 { print("Run \(round) of \(runs)") }
      try? FileManager.default.removeItem(atPath: instructionRequestsPath)
      try? FileManager.default.removeItem(atPath: timeRegressionsPath)
      var report = execute(batches, runner: runner, previous: previous)
      countInstructions(in: &report, runner: runner, inventory: inventory, sources: sources)
      checkTimeRegressions(in: &report, runner: runner, inventory: inventory, sources: sources)
      if options.recordsBaselines, round == 1 {
        recordInMoreProcesses(into: &report, runner: runner, inventory: inventory, sources: sources)
      }
      let locations = Dictionary(
        inventory.tests.map { ($0.id, $0.location) }, uniquingKeysWith: { first, _ in first })
      for index in report.results.indices {
        if report.results[index].location == nil {
          report.results[index].location = locations[report.results[index].id.withoutCase] ?? nil
        }
        if runs > 1 { report.results[index].round = round }
      }
      for result in report.results {
        failuresByTest[result.id, default: 0] += result.outcome.isFailure ? 1 : 0
      }
      print(TerminalReport.summary(report))
      rounds.append(report)
      if options.untilFailure, !report.passed { break }
    }
    // Every round counts: a failure in any of them fails the run and stays in the report.
    let report = Self.combined(rounds)
    if runs > 1 {
      let flaky = failuresByTest.filter { $0.value > 0 }.sorted { $0.key < $1.key }
      print("")
      print(
        flaky.isEmpty
          ? "No test failed in \(rounds.count) runs."
          : "Failure rates over \(rounds.count) runs:\n"
            + flaky.map { "  failed \($0.value) of \(rounds.count): \($0.key)" }
            .joined(separator: "\n"))
    }
    if findsStaleBaselines, report.passed {
      try reportStaleBaselines(log: measuresLog, root: package.root)
    }
    try save(report, previous: previous, inventory: inventory, root: package.root)
    return report.passed ? 0 : 1
  }

  /// The rounds of a run as one report: every round's results (each with its round when there
  /// are several), from the first round's start to the last one's end.
  static func combined(_ rounds: [TestReport]) -> TestReport {
    guard let first = rounds.first, let last = rounds.last, rounds.count > 1 else {
      return rounds.first ?? TestReport(started: 0, duration: 0, results: [])
    }
    return TestReport(
      started: first.started, duration: last.started + last.duration - first.started,
      shard: first.shard, results: rounds.flatMap(\.results))
  }

  /// Whether the options run every test of the package once: no selection, shard or
  /// `--failed`.
  var runsEverything: Bool {
    let selection = options.selection
    return selection.locations.isEmpty && selection.names.isEmpty && selection.filters.isEmpty
      && selection.skips.isEmpty && !options.onlyFailed && options.shard == nil
      && options.changedFiles == nil
  }

  /// Warns of the baselines no measure used in a whole run that passed, or removes them when
  /// recording.
  func reportStaleBaselines(log: String, root: String) throws(RunError) {
    let stale = try StaleBaselines.find(log: log)
    let shown = { (file: String) in
      file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
    }
    if options.recordsBaselines {
      try StaleBaselines.remove(stale)
      for entry in stale {
        print(
          "\(shown(entry.file)): removed the baseline of \"\(entry.measure)\" on machine "
            + "\"\(entry.machine)\": no test measures it any more")
      }
      return
    }
    for entry in stale {
      print(
        "warning: \(shown(entry.file)): no test measures \"\(entry.measure)\" any more, but it has "
          + "a baseline on machine \"\(entry.machine)\": delete the entry, or run "
          + "assay test --record-baselines to drop it")
    }
  }

  /// Runs the batches once, with progress.
  func execute(_ batches: [TestBatch], runner: TestRunner, previous: TestReport?) -> TestReport {
    let started = Date()
    let known = previous.map(Shard.durations) ?? [:]
    let planned = batches.flatMap(\.tests)
    var expectedLeft = planned.reduce(0) { $0 + (known[$1] ?? 0) }
    var done = 0
    var failed = 0
    var results: [TestResult] = []
    for batch in batches {
      results += runner.run(batch) { event in
        switch event {
        case .started:
          break
        case .printed(let line):
          if options.liveProgress { status("") }
          print(line)
        case .finished(let result):
          done += 1
          if result.outcome.isFailure { failed += 1 }
          expectedLeft -= min(expectedLeft, result.duration)
          if options.liveProgress {
            if result.outcome.isFailure {
              status("")
              print(TerminalReport.line(for: result))
            }
          } else {
            print(TerminalReport.line(for: result))
          }
        case .restarting(let reason, let left):
          if options.liveProgress { status("") }
          print("↻ \(reason): starting the tests again for the \(left) left")
        }
        if options.liveProgress {
          status(
            TerminalReport.progress(
              done: done, total: max(done, planned.count), failed: failed,
              elapsed: Date().timeIntervalSince(started),
              left: known.isEmpty ? nil : expectedLeft))
        }
      }
    }
    if options.liveProgress { status("") }
    return TestReport(
      started: started.timeIntervalSince1970, duration: Date().timeIntervalSince(started),
      shard: options.shard?.description, results: results)
  }

  /// Writes the reports asked for, and the state for `--failed`, timings and shards.
  func save(_ report: TestReport, previous: TestReport?, inventory: TestInventory, root: String)
    throws(RunError)
  {
    for request in options.reports {
      try request.write(report, root: root)
    }
    // The state keeps every test's latest result, so a partial run does not forget the rest.
    let current = Set(inventory.tests.map(\.id))
    // A test failed in any round stays failed for `--failed`: failures are merged last.
    var latest = report
    latest.results =
      report.results.filter { !$0.outcome.isFailure }
      + report.results.filter(\.outcome.isFailure)
    for index in latest.results.indices { latest.results[index].round = nil }
    var state = TestReport.merge([previous, latest].compactMap { $0 })
    state.results.removeAll { !current.contains($0.id.withoutCase) }
    state.started = report.started
    state.duration = report.duration
    _ = try Self.folder(stateFolder)
    try AtomicFile.write(state.json(), to: lastRunPath)
  }

  /// The batches split so that what failed last runs first, then the tests of the targets
  /// that depend on the changed files, then the rest.
  static func prioritized(
    _ batches: [TestBatch], package: SwiftPackage, changed: [String], previous: TestReport?
  ) -> [TestBatch] {
    let failed = Set((previous?.results ?? []).filter(\.outcome.isFailure).map(\.id.withoutCase))
    let changedTargets = package.targets.filter { target in
      changed.contains { $0.hasPrefix("\(package.root)/\(target.path)/") }
    }
    let affected = Set(
      changedTargets.flatMap { package.testTargets(dependingOn: $0.name) }.map(\.c99name))
    var first: [TestBatch] = []
    var second: [TestBatch] = []
    var rest: [TestBatch] = []
    for batch in batches {
      let groups = [
        batch.tests.filter { failed.contains($0) },
        batch.tests.filter { !failed.contains($0) && affected.contains($0.target) },
        batch.tests.filter { !failed.contains($0) && !affected.contains($0.target) },
      ]
      for (index, tests) in groups.enumerated() where !tests.isEmpty {
        var part = batch
        part.tests = tests
        part.isEverything = batch.isEverything && tests.count == batch.tests.count
        switch index {
        case 0: first.append(part)
        case 1: second.append(part)
        default: rest.append(part)
        }
      }
    }
    return first + second + rest
  }

  /// The source files of the package's test targets, parsed; with `cache`, a file of the
  /// build folder, only the files changed since the last run are parsed again.
  public static func testSources(of package: SwiftPackage, cache: String? = nil) -> [TestSource] {
    let files = package.testTargets.flatMap { target in
      package.sourceFiles(of: target).map { (path: $0, target: target.c99name) }
    }
    return TestSourceCache(path: cache).sources(of: files)
  }

  static func readReport(at path: String) -> TestReport? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return try? TestReport.read(data)
  }

  static func folder(_ path: String) throws(RunError) -> String {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw RunError("cannot create \(path): \(error.localizedDescription)")
    }
    return path
  }
}
