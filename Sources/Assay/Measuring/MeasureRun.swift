import Foundation
import Testing

/// One call of `measure`: names it, samples the block, judges the samples against the
/// baseline, records baselines, and reports to the framework running the test.
struct MeasureRun {
  let name: String
  let metrics: [Metric]
  let options: MeasureOptions
  let site: CallSite
  let meters: Meters
  /// Where Callgrind writes its counts, when this run of the test counts instructions under
  /// it (`assay test` ran it again for them): only instructions are read then.
  let callgrindDumps: String?
  /// Metrics asked for and read in another run of the test, whose baselines recording keeps:
  /// instructions, when `assay test` counts them under Callgrind; the rest, in that run.
  let measuredElsewhere: Set<Metric>

  /// Why a run gave no samples to judge.
  enum Problem: Error {
    case misuse(String)
    case neverStarted
  }

  /// A run of `measure`; `nil` (the failure reported) when its options cannot measure
  /// (``MeasureOptions/problem``) or its name clashes with another measure's in its baselines
  /// file (``MeasureNameClaims``). `testName` is the running test's,
  /// when known, and `testCase` its case's; Swift Testing's are found here.
  init?(
    name explicitName: String?, testName: String?, testCase: String? = nil, metrics: [Metric],
    options: MeasureOptions, site: CallSite, isAsync: Bool
  ) {
    self.site = site
    self.options = options
    let testName = testName ?? Self.swiftTestingName
    name = explicitName ?? testName ?? "\(site.fileID):\(site.line)"
    if let problem = options.problem {
      FailureReporter.record("measure \"\(name)\": \(problem)", at: site)
      return nil
    }
    let environment = MeasureEnvironment.current
    let mine = MeasureNameClaims.Claim(
      test: testName, testCase: testCase ?? Self.swiftTestingCase,
      site: "\(site.fileID):\(site.line)")
    let file = environment.baselinesFile(for: site)?.path ?? site.fileID
    if let other = Self.names.claim(name, in: file, mine) {
      FailureReporter.record(
        MeasureNameClaims.clash(name, named: explicitName != nil, mine: mine, other: other),
        at: site)
      return nil
    }
    var chosen: [Metric] = []
    for metric in metrics where !chosen.contains(metric) { chosen.append(metric) }
    var elsewhere: Set<Metric> = []
    if environment.callgrindDumps != nil {
      // The run that counts instructions: the other metrics were judged in the first run (and
      // time under Valgrind says nothing), so a measure without instructions does nothing.
      guard chosen.contains(.instructions) else { return nil }
      elsewhere = Set(Metric.all + [.processorShare, .machinePace]).subtracting([.instructions])
      chosen = [.instructions]
    }
    var unreadable = Meters.unreadable(chosen, isAsync: isAsync)
    var counter: HardwareInstructionCounter?
    var dumps: String?
    if chosen.contains(.instructions) {
      switch InstructionCounting.choose(in: environment, isAsync: isAsync) {
      case .hardware(let opened): counter = opened
      case .callgrind(let path): dumps = path
      case .deferred(let requests):
        MeasureEnvironment.requestInstructions(name, at: site, requests: requests)
        elsewhere.insert(.instructions)
      case .unavailable(let why): unreadable.append((.instructions, why))
      }
    }
    for (metric, why) in unreadable {
      WarningReporter.record(
        "measure \"\(name)\": \(metric) not measured: \(why); the other metrics are", at: site)
    }
    self.metrics = chosen.filter { metric in
      !unreadable.contains { $0.0 == metric } && !elsewhere.contains(metric)
    }
    callgrindDumps = dumps
    measuredElsewhere = elsewhere
    meters = Meters(metrics: self.metrics, isAsync: isAsync, instructionCounter: counter)
    // Nothing left to read: the warnings say so, or another run reads it; nothing is run.
    if self.metrics.isEmpty { return nil }
  }

  /// "PeopleListTests/sortsByBirthday()", inside a Swift Testing test.
  static var swiftTestingName: String? {
    Test.current.map { $0.id.nameComponents.joined(separator: "/") }
  }

  /// The case of the running Swift Testing test, when it is parameterized: its description,
  /// which holds its arguments (Swift Testing makes public nothing else that tells its cases
  /// apart); `nil` outside a parameterized test.
  static var swiftTestingCase: String? {
    guard let current = Test.Case.current, current.isParameterized else { return nil }
    return String(describing: current)
  }

  /// The measure that took each name of each baselines file first.
  private static let names = MeasureNameClaims()

  // MARK: Sampling

  /// Samples `block`, run `iterations` times per sample.
  func measureBlock(_ block: () throws -> Void) {
    if let callgrindDumps { return countUnderCallgrind(block, dumps: callgrindDumps) }
    sample { meters, iterations, runs in
      let start = meters.start()
      try Self.repeating(block, iterations, counting: &runs)
      return meters.stop(start, iterations: iterations)
    }
  }

  /// Samples a block that starts and stops measuring itself, once per sample.
  func measureSelfMeasuringBlock(_ block: (MeasureIteration) throws -> Void) {
    if callgrindDumps != nil {
      return WarningReporter.record(
        "measure \"\(name)\": instructions not measured: Callgrind counts whole runs of a "
          + "block, and this one starts and stops measuring itself; measure the part to count "
          + "in a block of its own",
        at: site)
    }
    sample { meters, _, runs in
      runs += 1
      let iteration = MeasureIteration(meters: meters)
      try block(iteration)
      return try Self.finish(iteration)
    }
  }

  /// Samples an asynchronous `block`.
  func measureAsynchronousBlock(
    isolation: isolated (any Actor)? = #isolation, _ block: () async throws -> Void
  ) async {
    await sample { meters, iterations, runs in
      let start = meters.start()
      try await Self.repeating(block, iterations, counting: &runs)
      return meters.stop(start, iterations: iterations)
    }
  }

  /// Runs `block` `iterations` times, adding to `runs` the runs made, the one that threw
  /// included; nothing but the loop itself is added to the measured runs.
  private static func repeating(
    _ block: () throws -> Void, _ iterations: Int, counting runs: inout Int
  ) throws {
    for index in 0..<iterations {
      do { try block() } catch {
        runs += index + 1
        throw error
      }
    }
    runs += iterations
  }

  /// The asynchronous form of ``repeating(_:_:counting:)``.
  private static func repeating(
    isolation: isolated (any Actor)? = #isolation,
    _ block: () async throws -> Void, _ iterations: Int, counting runs: inout Int
  ) async throws {
    for index in 0..<iterations {
      do { try await block() } catch {
        runs += index + 1
        throw error
      }
    }
    runs += iterations
  }

  /// Samples `body` (one sample: `iterations` runs, read by the meters given, added to `runs`
  /// with the one that threw, so that an error names it) and judges.
  func sample(_ body: (Meters, Int, inout Int) throws -> [Metric: Double]) {
    var plan = SamplingPlan(options: options, isManual: false)
    var runs = 0
    do {
      while let iterations = plan.nextIterations() {
        let started = Meters.seconds(CLOCK_MONOTONIC)
        let reading = try body(meters, iterations, &runs)
        plan.record(withPace(reading), wall: Meters.seconds(CLOCK_MONOTONIC) - started)
      }
    } catch {
      return report(error, runs: runs)
    }
    warnOfASlowFirstRun(plan)
    judge(plan.samples)
  }

  /// The asynchronous form of ``sample(_:)``.
  func sample(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Meters, Int, inout Int) async throws -> [Metric: Double]
  ) async {
    var plan = SamplingPlan(options: options, isManual: false)
    var runs = 0
    do {
      while let iterations = plan.nextIterations() {
        let started = Meters.seconds(CLOCK_MONOTONIC)
        let reading = try await body(meters, iterations, &runs)
        plan.record(withPace(reading), wall: Meters.seconds(CLOCK_MONOTONIC) - started)
      }
    } catch {
      return report(error, runs: runs)
    }
    warnOfASlowFirstRun(plan)
    judge(plan.samples)
  }

  /// `reading`, and for a measure of time the machine's pace right after it
  /// (``MachinePace``): a time judged against a baseline recorded while the machine ran at
  /// another pace is judged against that pace too.
  private func withPace(_ reading: [Metric: Double]) -> [Metric: Double] {
    guard metrics.contains(where: \.isTime) else { return reading }
    var reading = reading
    reading[.machinePace] = MachinePace.read()
    return reading
  }

  /// Counts the instructions of `block` under Callgrind: a first run that is not counted
  /// (lazy work, caches), then ``MeasureOptions/minimumSamples`` runs, each inside the counted
  /// region, whose counts Callgrind writes under `dumps`.
  func countUnderCallgrind(_ block: () throws -> Void, dumps: String) {
    var samples: [[Metric: Double]] = []
    var runs = 1
    do {
      try block()
      for _ in 0..<MeasureOptions.minimumSamples {
        runs += 1
        var thrown: (any Error)?
        InstructionCounting.countedRegion {
          do { try block() } catch { thrown = error }
        }
        if let thrown { throw thrown }
        samples.append([.instructions: try CallgrindDumps(pattern: dumps).takeNewest()])
      }
    } catch let problem as CallgrindDumps.Problem {
      return FailureReporter.record("measure \"\(name)\": \(problem.message)", at: site)
    } catch {
      return report(error, runs: runs)
    }
    judge(samples)
  }

  /// A first run longer than the whole budget is no failure (XCTest's `measure` runs ten
  /// times, however long): the fewest samples are taken, and a warning says what it cost.
  private func warnOfASlowFirstRun(_ plan: SamplingPlan) {
    guard let first = plan.firstRunOverBudget else { return }
    WarningReporter.record(
      "measure \"\(name)\": its first run took \(Metric.formatSeconds(first)), longer than the "
        + "whole budget of \(Metric.formatSeconds(options.budget.seconds)), so only the fewest "
        + "samples (\(plan.samples.count)) were taken: give it a larger budget, as in options: "
        + "MeasureOptions(budget: .seconds(30)), or measure less",
      at: site)
  }

  private func report(_ error: any Error, runs: Int) {
    let message: String
    switch error {
    case Problem.neverStarted:
      message =
        "the block never called startMeasuring(): call it where the measured part begins"
    case Problem.misuse(let why):
      message = why
    default:
      message = "the block threw an error on run \(runs): \(error); nothing was judged"
    }
    FailureReporter.record("measure \"\(name)\": \(message)", at: site)
  }

  // MARK: Judging

  /// Compares `samples` with the baseline (or records it) and reports.
  func judge(_ samples: [[Metric: Double]]) {
    let environment = MeasureEnvironment.current
    guard let (path, root) = environment.baselinesFile(for: site) else {
      return FailureReporter.record(
        "measure \"\(name)\": no package holds \(site.filePath), so there is no place for its "
          + "baseline: set ASSAY_BASELINES to a folder for the baselines files",
        at: site)
    }
    let shown =
      root.map { path.hasPrefix($0 + "/") ? String(path.dropFirst($0.count + 1)) : path }
      ?? environment.shownBaselinesFolder.map { "\($0)/\((path as NSString).lastPathComponent)" }
    let file = BaselineFile(path: path, shownPath: shown ?? path)
    var current: [Metric: [Double]] = [:]
    for metric in metrics { current[metric] = samples.compactMap { $0[metric] } }
    // A metric no run could read (the processor's counter stopped answering) has nothing to
    // judge or record: a warning says so, never a silent pass or an empty baseline.
    let unread = metrics.filter { current[$0]?.isEmpty ?? true }
    if !unread.isEmpty {
      let what = unread.map(\.description).joined(separator: ", ")
      WarningReporter.record(
        "measure \"\(name)\": \(what) could not be read in any of its \(samples.count) runs, so "
          + "\(unread.count == 1 ? "it is" : "they are") neither judged nor recorded",
        at: site)
      for metric in unread { current[metric] = nil }
    }
    let metrics = metrics.filter { !unread.contains($0) }
    // Kept with the baseline: how much of the time the block's thread runs when all is well.
    let shares = samples.compactMap { $0[.processorShare] }
    if !shares.isEmpty { current[.processorShare] = shares }
    // Kept with the baseline too: how fast the machine ran beside each sample of a time.
    let paces = samples.compactMap { $0[.machinePace] }
    if paces.count == samples.count, !paces.isEmpty { current[.machinePace] = paces }
    let today = Self.today()
    let machine = environment.machine
    environment.logMeasured(name, at: site, baselines: path, machine: machine)
    if metrics.isEmpty { return }
    do {
      if environment.records {
        var processes = 0
        var unsettled = false
        try file.update(measure: name, machine: machine) { old in
          let entry = Self.recorded(
            current, over: old, keeping: measuredElsewhere.union(unread),
            session: environment.recordSession, today: today)
          processes = entry.processes.values.map(\.count).max() ?? 1
          unsettled = metrics.contains { !Self.settled(entry, metric: $0, options: options) }
          return entry
        }
        // Only times differ from one process to the next: they are recorded in several.
        if metrics.contains(where: \.isTime) {
          environment.logRecorded(name, at: site, unsettled: unsettled)
        }
        print(
          "measure \"\(name)\": baseline recorded in \(file.shownPath) (\(machine))"
            + (processes > 1 ? ", \(processes) processes so far" : ""))
        return
      }
      let entry = try file.entry(measure: name, machine: machine)
      let missing = metrics.filter { entry?.samples[$0] == nil }
      if !missing.isEmpty {
        let what = missing.map(\.description).joined(separator: ", ")
        if environment.isCI && !environment.allowsNewBaselines {
          return FailureReporter.record(
            "measure \"\(name)\": no baseline of \(what) for machine \"\(machine)\" in "
              + "\(file.shownPath). Record one on a machine of this class with "
              + "ASSAY_RECORD_BASELINES=1 (or assay test --record-baselines) and commit it, or "
              + "set ASSAY_ALLOW_NEW_BASELINES=1 to let CI record it",
            at: site)
        }
        var recorded = entry ?? BaselineFile.Entry(samples: [:], recorded: today)
        recorded.recorded = today
        // The machine's pace goes with the times it was read beside, when this run records
        // them all.
        let pace: [Metric] =
          metrics.allSatisfy { !$0.isTime || missing.contains($0) } ? [.machinePace] : []
        for metric in missing + [.processorShare] + pace {
          guard let read = current[metric] else { continue }
          recorded.samples[metric] = read
          recorded.processes[metric] =
            metric == .processorShare
            ? nil : [RegressionVerdict.typical(of: read, metric: metric)]
        }
        try file.write(recorded, measure: name, machine: machine)
        let medians = missing.map { metric in
          "\(metric) median \(metric.format(SampleSummary(current[metric] ?? []).median))"
        }
        WarningReporter.record(
          "measure \"\(name)\": no baseline of \(what) for machine \"\(machine)\": recorded one "
            + "in \(file.shownPath) (\(medians.joined(separator: ", "))); commit it to catch "
            + "regressions from now on",
          at: site)
      }
      guard let entry else { return }
      var regressions: [String] = []
      var regressedOtherThanTime = false
      // Slower beyond the tolerance beyond doubt, on a machine too busy or noisy to call it a
      // regression.
      var slowerOnABusyMachine = false
      // A time that could not be judged, either way.
      var judgedInconclusive = false
      // A block that had the processor much less of the time than when its baseline
      // was recorded waited for a busy machine (a block that waits by nature keeps its share).
      // Judged like the wall clock: on the faster half of the samples.
      let fasterHalf = samples.filter { $0[.processorShare] != nil }
        .sorted { ($0[.wallClock] ?? 0) < ($1[.wallClock] ?? 0) }
      let share = SampleSummary(
        fasterHalf.prefix((fasterHalf.count + 1) / 2).compactMap { $0[.processorShare] }
      ).median
      // A baseline older than the share had it for synchronous blocks only, nearly always 1.
      let usualShare =
        entry.samples[.processorShare].map { SampleSummary($0).median } ?? (meters.isAsync ? 0 : 1)
      let busy = !shares.isEmpty && share < usualShare * Self.busyShare
      for metric in metrics where !missing.contains(metric) {
        guard let baseline = entry.samples[metric], let now = current[metric] else { continue }
        let verdict = RegressionVerdict(
          metric: metric, baseline: baseline, current: now, options: options,
          // A baseline that does not say how many processes recorded it had one.
          processes: entry.processes[metric] ?? [
            RegressionVerdict.typical(of: baseline, metric: metric)
          ],
          pace: Self.pace(of: entry, now: current))
        let text = verdict.message(
          measure: name, options: options, machine: machine, recorded: entry.recorded)
        switch verdict.kind {
        case .regressed where metric == .wallClock && busy:
          // Waiting for the processor is the machine's, not the code's: inconclusive.
          slowerOnABusyMachine = slowerOnABusyMachine || verdict.slowerBeyondTheTolerance
          judgedInconclusive = true
          inconclusive(
            text + "\nNot counted as a regression: the test had the processor only "
              + String(format: "%.0f%%", share * 100) + " of that time (usually "
              + String(format: "%.0f%%", usualShare * 100) + "), so the machine "
              + "was busy (tests running in parallel?). Measure CPU time too (metrics: "
              + "[.wallClock, .cpuTime]), or run performance tests alone.",
            fails: environment.failsInconclusive)
        case .regressed:
          regressions.append(text)
          regressedOtherThanTime = regressedOtherThanTime || !metric.isTime
        case .inconclusive:
          slowerOnABusyMachine =
            slowerOnABusyMachine
            || (verdict.slowerOnNoisyMachine && verdict.slowerBeyondTheTolerance)
          judgedInconclusive = true
          inconclusive(
            verdict.inconclusiveMessage(
              measure: name, options: options, machine: machine, recorded: entry.recorded),
            fails: environment.failsInconclusive)
        case .improved:
          WarningReporter.record(
            text + "\nBetter than the tolerance: record the baseline again to catch "
              + "regressions from here (\(rerecord(shown: file.shownPath)))",
            at: site)
        case .unchanged: break
        }
      }
      if environment.secondLook, regressions.isEmpty, slowerOnABusyMachine {
        // A second look that finds the measure slower beyond the tolerance beyond doubt, but
        // cannot call it a regression for the machine, has not shown the first run's
        // regression wrong: it stands.
        environment.logTimeRegression(name, at: site)
      } else if environment.secondLook, regressions.isEmpty, judgedInconclusive {
        // Nor has one that could not judge it: the first run's regression is not counted, and
        // says why.
        environment.logTimeRegression(name, at: site, inconclusive: true)
      }
      if !regressions.isEmpty {
        // One process can run slower than another with the code unchanged, more than the
        // baseline's processes showed: `assay test` runs the test again to see.
        if !regressedOtherThanTime { environment.logTimeRegression(name, at: site) }
        FailureReporter.record(
          regressions.joined(separator: "\n")
            + "\nIf the change is expected, record the baseline again: "
            + rerecord(shown: file.shownPath),
          at: site)
      }
    } catch {
      FailureReporter.record("measure \"\(name)\": \(error.message)", at: site)
    }
  }

  /// The entry that recording `current` makes of `old`: a process of the recording run that
  /// made `old` (`session`) adds its samples and its typical values to it; any other recording
  /// starts the entry again. The metrics in `keeping`, which this process did not read, keep
  /// the samples they had.
  static func recorded(
    _ current: [Metric: [Double]], over old: BaselineFile.Entry?, keeping: Set<Metric>,
    session: String?, today: String
  ) -> BaselineFile.Entry {
    let continued = session != nil && old?.session == session ? old : nil
    var entry = BaselineFile.Entry(samples: [:], recorded: today, session: session)
    for (metric, samples) in current {
      entry.samples[metric] = (continued?.samples[metric] ?? []) + samples
      guard metric != .processorShare else { continue }
      entry.processes[metric] =
        (continued?.processes[metric] ?? [])
        + [RegressionVerdict.typical(of: samples, metric: metric)]
    }
    for metric in keeping where current[metric] == nil {
      entry.samples[metric] = old?.samples[metric]
      entry.processes[metric] = old?.processes[metric]
    }
    return entry
  }

  /// Whether the processes that recorded `entry`'s `metric` tell where another process of
  /// the same code may fall within the tolerance: at most that much slower than all of them
  /// together (``RegressionVerdict/newProcessRange(_:confidence:)``). Always for what is not a
  /// time; never from one process.
  static func settled(_ entry: BaselineFile.Entry, metric: Metric, options: MeasureOptions)
    -> Bool
  {
    guard metric.isTime else { return true }
    guard let processes = entry.processes[metric], processes.count >= 2,
      let samples = entry.samples[metric]
    else { return false }
    let whole = RegressionVerdict.typical(of: samples, metric: metric)
    guard whole > 0 else { return false }
    let range = RegressionVerdict.newProcessRange(
      processes.map { $0 / whole }, confidence: options.confidence)
    return range.upperBound <= 1 + RegressionVerdict.tolerance(of: metric, options)
  }

  /// The machine's pace beside the baseline's samples and beside `current`'s, and each
  /// recording process's; `nil` when either was recorded without it.
  private static func pace(of entry: BaselineFile.Entry, now current: [Metric: [Double]])
    -> RegressionVerdict.Pace?
  {
    guard let baseline = entry.samples[.machinePace], let now = current[.machinePace] else {
      return nil
    }
    return RegressionVerdict.Pace(
      baseline: baseline,
      baselineProcesses: entry.processes[.machinePace]
        ?? [RegressionVerdict.typical(of: baseline, metric: .machinePace)],
      current: now)
  }

  /// Reports a verdict that can neither fail nor pass the code: a warning, or a failure where
  /// `ASSAY_FAIL_INCONCLUSIVE=1` asks for one.
  private func inconclusive(_ text: String, fails: Bool) {
    if fails {
      FailureReporter.record(text + "\n(A failure because ASSAY_FAIL_INCONCLUSIVE=1.)", at: site)
    } else {
      WarningReporter.record(text, at: site)
    }
  }

  /// Below this part of its usual share of the processor (thread CPU time over wall clock),
  /// a block's wall clock is not judged: it waited for the processor.
  static let busyShare = 0.75

  private func rerecord(shown: String) -> String {
    let file = site.fileID.split(separator: "/").last.map(String.init) ?? site.fileID
    return "assay test --record-baselines \(file):\(site.line), or ASSAY_RECORD_BASELINES=1 "
      + "swift test; it is kept in \(shown)"
  }

  static func today() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date())
  }
}

/// Default measure names and the call site that took each first.
extension MeasureRun {
  /// What a self-measuring run read, or why it read nothing.
  static func finish(_ iteration: MeasureIteration) throws(Problem) -> [Metric: Double] {
    let reading = iteration.finish()
    if let misuse = iteration.misuse { throw .misuse(misuse) }
    guard let reading else { throw .neverStarted }
    return reading
  }
}
