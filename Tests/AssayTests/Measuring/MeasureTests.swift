import Foundation
import Testing

@testable import Assay

/// What `measure` does besides failing: recording baselines, warnings, names, concurrency.
@Suite struct MeasureTests {
  let options = MeasuringFixtures.options

  private func read(_ file: String) throws -> [String: Any] {
    let data = try #require(FileManager.default.contents(atPath: file))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func withoutABaselineOneIsRecordedWithAWarning() throws {
    try MeasuringFixtures.withBaselines { file in
      let issues = try recordedIssues {
        measure("first time", metrics: [.wallClock, .cpuTime], options: options) {
          MeasuringFixtures.allocate(1)
        }
      }
      #expect(issues.count == 1)
      #expect(issues.first?.line == #line - 5)
      let message = try #require(issues.first?.message)
      #expect(
        message.hasPrefix(
          "measure \"first time\": no baseline of wall clock, CPU time for machine \"test "
            + "machine\": recorded one in Baselines/AssayTests.json (wall clock median "),
        "\(message)")
      #expect(message.hasSuffix("; commit it to catch regressions from now on"))
      #expect(try MeasuringFixtures.samples(file, "first time", "wallClock").count == 20)
      #expect(try MeasuringFixtures.samples(file, "first time", "cpuTime").count == 20)
      #expect(try read(file)["schemaVersion"] as? Int == 1)
    }
  }

  @Test func aWarningIsNotAFailure() {
    MeasuringFixtures.withBaselines { _ in
      let severities = Locked<[Issue.Severity]>([])
      withKnownIssue {
        measure("warned", options: options) {}
      } matching: { issue in
        severities.withLock { $0.append(issue.severity) }
        return true
      }
      #expect(severities.withLock { $0 } == [.warning])
    }
  }

  #if os(Linux)
    @Test func fewerAllocationsThanTheBaselineIsANoteToRecordAgain() throws {
      try MeasuringFixtures.withBaselines(
        MeasuringFixtures.baseline("improved", allocations: 4)
      ) { _ in
        let issues = try recordedIssues {
          measure("improved", metrics: [.allocations], options: options) {
            MeasuringFixtures.allocate(2)
          }
        }
        #expect(issues.map(\.line) == [#line - 4])
        #expect(
          issues.first?.message.hasPrefix(
            "measure \"improved\": allocations 50.0% lower than the baseline (99% confidence: "
              + "50.0% to 50.0% lower; tolerance 10%)") == true, "\(issues)")
        #expect(
          issues.first?.message.contains(
            "Better than the tolerance: record the baseline again to catch regressions from "
              + "here") == true)
      }
    }

    @Test func theSameAllocationsAsTheBaselinePassSilently() {
      MeasuringFixtures.withBaselines(
        MeasuringFixtures.baseline("steady", allocations: 2)
      ) { _ in
        measure("steady", metrics: [.allocations], options: options) {
          MeasuringFixtures.allocate(2)
        }
      }
    }
  #endif

  @Test func recordingReplacesTheBaselineAndKeepsTheOthers() throws {
    let existing = MeasuringFixtures.baseline("other", allocations: 7)
    try MeasuringFixtures.withBaselines(existing, records: true) { file throws in
      measure("recorded", options: options) {}
      #expect(try MeasuringFixtures.samples(file, "recorded", "wallClock").count == 20)
      #expect(
        try MeasuringFixtures.samples(file, "other", "allocations")
          == Array(repeating: 7, count: 20))
    }
  }

  /// Forty measures recording into one file at once: none loses another's entry.
  @Test func measuresRecordingAtOnceKeepEachOthersEntries() async throws {
    let options = MeasureOptions(budget: .seconds(60), maximumSamples: 5, iterationsPerSample: 1)
    try await MeasuringFixtures.withBaselines(records: true) { file async throws in
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<40 {
          group.addTask { measure("concurrent \(index)", options: options) {} }
        }
      }
      let measures = try #require(try read(file)["measures"] as? [String: Any])
      #expect(Set(measures.keys) == Set((0..<40).map { "concurrent \($0)" }))
    }
  }

  /// `assay test` finds the baselines no measure uses from this log.
  @Test func eachMeasureIsLoggedWithItsBaselinesFileAndMachine() throws {
    try MeasuringFixtures.withBaselines(records: true) { file throws in
      measure("first", options: options) {}
      measure("second", options: options) {}
      let log = (file as NSString).deletingLastPathComponent + "/measures.log"
      let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
      #expect(
        lines
          == [
            #"{"baselines":"\#(file)","machine":"test machine","measure":"first"}"#,
            #"{"baselines":"\#(file)","machine":"test machine","measure":"second"}"#,
          ].map { Substring($0.replacingOccurrences(of: "/", with: "\\/")) })
    }
  }

  @Test func aTestsTwoUnnamedMeasuresAreAnError() throws {
    // Recording: the repeated call of the first measure compares nothing.
    try MeasuringFixtures.withBaselines(records: true) { _ in
      let firstLine = #line + 2
      let issues = try recordedIssues {
        for _ in 0..<2 { measure(options: options) {} }  // one call site: one measure
        measure(options: options) {}
      }
      #expect(issues.map(\.line) == [firstLine + 1], "\(issues)")
      #expect(
        issues.map(\.message) == [
          "measure in MeasureTests/aTestsTwoUnnamedMeasuresAreAnError(): another measure of "
            + "this test (at AssayTests/MeasureTests.swift:\(firstLine)) has no name either, "
            + "and the baselines need one per measure: name each, as in "
            + "measure(\"sorting\") { ... }"
        ])
    }
  }

  /// Two tests that measure under one name shared one baseline: the second was judged
  /// against the first's samples (`allocations 4900.0% higher` on its first run) and recorded
  /// over them. A name is one measure's in its baselines file.
  @Test func twoTestsMeasuringUnderOneNameAreAnError() throws {
    try MeasuringFixtures.withBaselines(records: true) { _ in
      let first = MeasureRun(
        name: "work", testName: "SortingTests/sortsSmall()", metrics: [.wallClock],
        options: options, site: CallSite(fileID: "AssayTests/SortingTests.swift", line: 6),
        isAsync: false)
      #expect(first != nil)
      let line = #line + 2
      let issues = try recordedIssues {
        measure("work", options: options) {}
      }
      #expect(issues.map(\.line) == [line])
      #expect(
        issues.map(\.message) == [
          "measure \"work\" in MeasureTests/twoTestsMeasuringUnderOneNameAreAnError(): "
            + "SortingTests/sortsSmall() measures under this name too (at "
            + "AssayTests/SortingTests.swift:6), and the two would share one baseline: give each "
            + "measure a name of its own"
        ])
    }
  }

  /// A parameterized test measuring under one name in every case: the cases shared one
  /// baseline, each judged against the samples of another.
  @Test func casesOfAParameterizedTestMeasuringUnderOneNameAreAnError() throws {
    var made: [Bool] = []
    let issues = try recordedIssues {
      MeasuringFixtures.withBaselines(records: true) { _ in
        // The first case again (a loop, a repetition) is no clash.
        made = [1, 2, 1].map { argument in
          MeasureRun(
            name: "sorts", testName: "SortingTests/sorts(count:)", testCase: "count: \(argument)",
            metrics: [.wallClock], options: options,
            site: CallSite(fileID: "AssayTests/SortingTests.swift", line: 12), isAsync: false)
            != nil
        }
      }
    }
    #expect(made == [true, false, true])
    #expect(
      issues.map(\.message) == [
        "measure \"sorts\" in SortingTests/sorts(count:): another case of this parameterized "
          + "test measures under this name too, and the cases would share one baseline: put the "
          + "case's arguments in the name, as in measure(\"sorting \\(count)\") { ... }"
      ])
  }

  /// The case that tells the cases of a parameterized test apart: Swift Testing gives it only
  /// as its description, which holds the case's arguments.
  @Test(arguments: [7, 8]) func eachCaseOfAParameterizedTestIsToldApart(argument: Int) {
    let description = MeasureRun.swiftTestingCase
    #expect(
      description?.contains("value: \(argument),") == true, "\(String(describing: description))")
    #expect(description?.contains("value: \(15 - argument),") == false)
  }

  @Test func aTestThatIsNotParameterizedHasNoCase() {
    #expect(MeasureRun.swiftTestingCase == nil)
  }

  /// One test measuring twice under one name, at two places.
  @Test func aTestsTwoMeasuresOfOneNameAreAnError() throws {
    try MeasuringFixtures.withBaselines(records: true) { _ in
      let firstLine = #line + 2
      let issues = try recordedIssues {
        for _ in 0..<2 { measure("twice", options: options) {} }  // one call site: one measure
        measure("twice", options: options) {}
      }
      #expect(issues.map(\.line) == [firstLine + 1], "\(issues)")
      #expect(
        issues.map(\.message) == [
          "measure \"twice\" in MeasureTests/aTestsTwoMeasuresOfOneNameAreAnError(): another "
            + "measure of this test (at AssayTests/MeasureTests.swift:\(firstLine)) has this name "
            + "too, and the baselines need one name per measure: name each of its own"
        ])
    }
  }

  /// A baseline of 1 ms whose thread had the processor 98% of the time, and the same
  /// measure now 3 ms, its thread having the processor `share` of the time.
  private func judgeSlowerRun(share: Double, isAsync: Bool = false) throws -> [(
    severity: Issue.Severity, message: String
  )] {
    let twenty = MeasuringFixtures.twenty
    let json = """
      {"schemaVersion": 1, "measures": {"busy": {"test machine": {"recorded": "2026-01-02",
        "metrics": {"wallClock": {"samples": [\(twenty(0.001))]},
                    "processorShare": {"samples": [\(twenty(0.98))]}}}}}}
      """
    let found = Locked<[(Issue.Severity, String)]>([])
    MeasuringFixtures.withBaselines(json) { _ in
      let run = MeasureRun(
        name: "busy", testName: nil, metrics: [.wallClock], options: options, site: CallSite(),
        isAsync: isAsync)
      let samples = (0..<20).map { index -> [Metric: Double] in
        [.wallClock: 0.003 + Double(index) * 1e-6, .processorShare: share]
      }
      withKnownIssue {
        run?.judge(samples)
      } matching: { issue in
        found.withLock { $0.append((issue.severity, issue.comments.map(\.rawValue).joined())) }
        return true
      }
    }
    return found.withLock { $0.map { (severity: $0.0, message: $0.1) } }
  }

  /// A machine so busy that the test's thread waited most of the time: the slower wall clock
  /// is the machine's, a warning that says so, not a failure.
  @Test func aSlowerWallClockOnABusyMachineIsAWarning() throws {
    let issues = try judgeSlowerRun(share: 0.4)
    #expect(issues.map(\.severity) == [.warning])
    #expect(
      issues.first?.message.contains(
        "Not counted as a regression: the test had the processor only 40% of that time "
          + "(usually 98%), so the machine was busy") == true, "\(issues)")
  }

  /// Matrix cell "asynchronous, `@Test`" beside two processor burners: the block's child task
  /// had the processor half the time and ran twice as slow, and the verdict was a regression
  /// (the share was read for synchronous blocks only). An asynchronous block's share is the
  /// process's CPU time over the wall clock.
  @Test func aSlowerAsynchronousBlockOnABusyMachineIsAWarning() throws {
    let issues = try judgeSlowerRun(share: 0.45, isAsync: true)
    #expect(issues.map(\.severity) == [.warning])
    #expect(
      issues.first?.message.contains("the test had the processor only 45% of that time") == true,
      "\(issues)")
    #expect(try judgeSlowerRun(share: 0.97, isAsync: true).map(\.severity) == [.error])
  }

  /// Every block's readings hold its share of the processor, asynchronous ones too.
  @Test(arguments: [false, true])
  func theMetersReadTheShareOfEveryBlock(isAsync: Bool) {
    let meters = Meters(metrics: [.wallClock], isAsync: isAsync)
    let start = meters.start()
    var total = 0
    for index in 0..<200_000 { total = total &+ index &* index }
    let reading = meters.stop(start, iterations: 1)
    #expect(total != 1)
    let share = reading[.processorShare]
    #expect(share.map { $0 > 0 && $0 <= 1 } == true, "\(reading)")
  }

  /// Each reading is of one iteration and within the time around it: the end-to-end tests
  /// judge a measure against a baseline recorded with the same meters, so meters that read
  /// every time wrong the same way passed them (the dogfood's `Meters.swift:81` to `:84`).
  @Test(arguments: [false, true])
  func theMetersReadEachIterationWithinTheTimeAroundIt(isAsync: Bool) {
    let meters = Meters(metrics: [.wallClock, .cpuTime], isAsync: isAsync)
    let outside = ContinuousClock.now
    let start = meters.start()
    var total = 0
    for index in 0..<200_000 { total = total &+ index &* index }
    let reading = meters.stop(start, iterations: 4)
    let around = outside.duration(to: .now)
    let seconds = Double(around.components.seconds) + Double(around.components.attoseconds) / 1e18
    #expect(total != 1)
    let wall = reading[.wallClock] ?? -1
    #expect(wall > 0 && wall <= seconds / 4, "\(reading), \(seconds) s around it")
    let cpu = reading[.cpuTime] ?? -1
    // An asynchronous block's CPU time is the process's, which other tests' threads add to.
    #expect(cpu > 0 && (isAsync || cpu <= seconds / 4), "\(reading), \(seconds) s around it")
  }

  /// The share of the processor a run had is its CPU time over its wall time, which tells a
  /// busy machine: a run that had the processor one second in two reads one half (`cpu * wall`
  /// survived `assay mutate` on `Measuring`: every other test read a share near 1).
  @Test(arguments: [false, true])
  func theProcessorShareIsTheCPUTimeOverTheWallTime(isAsync: Bool) {
    let meters = Meters(metrics: [.wallClock], isAsync: isAsync)
    let start = Meters.Start(
      wall: Meters.seconds(CLOCK_MONOTONIC) - 2, cpu: Meters.cpuSeconds(isAsync: isAsync) - 1)
    let share = meters.stop(start, iterations: 1)[.processorShare] ?? -1
    #expect(share > 0.45 && share < 0.55, "\(share)")
  }

  #if os(Linux)
    /// Each run's peak memory is its own: the meters set the process's peak to its resident
    /// memory as a run starts, so a larger peak before the run is not read as the run's
    /// (never setting it survived `assay mutate` on `Measuring`).
    @Test func aRunsPeakMemoryIsNotAnEarlierPeak() throws {
      let size = 256 << 20
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
      memset(buffer, 1, size)
      buffer.deallocate()
      let before = try #require(PeakMemory.read())
      let meters = Meters(metrics: [.peakMemory], isAsync: false)
      let peak = meters.stop(meters.start(), iterations: 1)[.peakMemory] ?? -1
      #expect(peak > 0 && peak < Double(before) - Double(size / 2), "\(peak) after \(before)")
    }
  #endif

  /// The same slowdown with the thread running as usual is a regression.
  @Test func aSlowerWallClockOnAQuietMachineFails() throws {
    let issues = try judgeSlowerRun(share: 0.97)
    #expect(issues.map(\.severity) == [.error])
    #expect(
      issues.first?.message.hasPrefix("measure \"busy\": wall clock 200.") == true, "\(issues)")
  }

  /// Times too noisy to tell the tolerance: a warning that says so and what to do, neither a
  /// failure nor a silent pass (ASSAY_FAIL_INCONCLUSIVE=1 fails: see MeasuringFailureCases).
  @Test func anInconclusiveTimeIsAWarning() {
    let found = Locked<[(Issue.Severity, String)]>([])
    withKnownIssue {
      MeasuringFixtures.judgeNoisyWallClock("noisy", failing: false, at: CallSite())
    } matching: { issue in
      found.withLock { $0.append((issue.severity, issue.comments.map(\.rawValue).joined())) }
      return true
    }
    let issues = found.withLock { $0 }
    #expect(issues.map(\.0) == [.warning], "\(issues)")
    #expect(
      issues.first?.1.hasPrefix(
        "measure \"noisy\": wall clock inconclusive: the machine was too noisy to tell a 10% "
          + "change: 5.2% slower") == true, "\(issues)")
    #expect(issues.first?.1.contains("(A failure because") == false)
  }

  /// A metric that no run could read (a processor's counter that stops answering gives no
  /// count): a warning naming it, not a comparison with nothing that passes.
  @Test func aMetricNoRunCouldReadIsAWarningNotASilentPass() throws {
    let json = """
      {"schemaVersion": 1, "measures": {"unread": {"test machine": {"recorded": "2026-01-02",
        "metrics": {"wallClock": {"samples": [0.001, 0.001, 0.001, 0.001, 0.001]}}}}}}
      """
    for records in [false, true] {
      let found = Locked<[(Issue.Severity, String)]>([])
      var written = ""
      MeasuringFixtures.withBaselines(json, records: records) { file in
        let run = MeasureRun(
          name: "unread", testName: nil, metrics: [.wallClock], options: options,
          site: CallSite(), isAsync: false)
        withKnownIssue {
          run?.judge(Array(repeating: [.processorShare: 0.9], count: 5))
        } matching: { issue in
          found.withLock { $0.append((issue.severity, issue.comments.map(\.rawValue).joined())) }
          return true
        }
        written = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
      }
      let issues = found.withLock { $0 }
      #expect(issues.map(\.0) == [.warning], "\(issues)")
      #expect(
        issues.map(\.1) == [
          "measure \"unread\": wall clock could not be read in any of its 5 runs, so it is "
            + "neither judged nor recorded"
        ])
      // Recording keeps the baseline of what was not read: the file is not touched.
      #expect(written == json, "\(written)")
    }
  }

  @Test func anAsynchronousBlockIsMeasured() async throws {
    try await MeasuringFixtures.withBaselines(records: true) { file async throws in
      await measure("awaiting", metrics: [.wallClock, .cpuTime], options: options) {
        await Task.yield()
      }
      #expect(try MeasuringFixtures.samples(file, "awaiting", "wallClock").count == 20)
      #expect(try MeasuringFixtures.samples(file, "awaiting", "cpuTime").count == 20)
    }
  }

  @Test func allocationsOfAnAsynchronousBlockAreAWarningNotASilentPass() async throws {
    try await MeasuringFixtures.withBaselines(records: true) { file async throws in
      let issues = try await recordedIssues {
        await measure("async allocations", metrics: [.allocations], options: options) {
          await Task.yield()
        }
      }
      #expect(issues.map(\.line) == [#line - 4])
      #expect(
        issues.first?.message.hasPrefix("measure \"async allocations\": allocations not measured: ")
          == true, "\(issues)")
      #expect(!FileManager.default.fileExists(atPath: file), "nothing was measured")
    }
  }

  /// Only the measured part is measured; a block that starts it and never stops it is
  /// measured to its end.
  @Test(arguments: [true, false])
  func setUpOutsideTheMeasuredPartIsNotMeasured(stops: Bool) throws {
    try MeasuringFixtures.withBaselines(records: true) { file throws in
      // An issue here would fail this test.
      measure("manual", metrics: [.allocations], options: options) { iteration in
        MeasuringFixtures.allocate(5)  // preparing: not measured
        iteration.startMeasuring()
        MeasuringFixtures.allocate(1)
        if stops {
          iteration.stopMeasuring()
          MeasuringFixtures.allocate(5)  // cleaning up: not measured
        }
      }
      #if os(Linux)
        #expect(
          try MeasuringFixtures.samples(file, "manual", "allocations")
            == Array(repeating: 1, count: 20))
      #endif
    }
  }

  /// XCTest's `measure` runs ten times however long a run takes; a migrated suite must not
  /// start failing because its block is slower than the default budget (vapor/leaf-kit's
  /// `TagTests/testPerformance`, in the real-world harness).
  @Test func aFirstRunOverTheBudgetIsAWarningAndTheFewestSamplesAreTaken() throws {
    try MeasuringFixtures.withBaselines(records: true) { file throws in
      let budget = MeasureOptions(budget: .nanoseconds(1))
      let issues = try recordedIssues {
        measure("slow", metrics: [.allocations], options: budget) { MeasuringFixtures.allocate(1) }
      }
      #expect(issues.map(\.line) == [#line - 2])
      let message = issues.first?.message ?? ""
      #expect(message.hasPrefix("measure \"slow\": its first run took "), "\(message)")
      #expect(
        message.hasSuffix(
          ", longer than the whole budget of 1 ns, so only the fewest samples (5) were taken: "
            + "give it a larger budget, as in options: MeasureOptions(budget: .seconds(30)), or "
            + "measure less"), "\(message)")
      #if os(Linux)
        #expect(try MeasuringFixtures.samples(file, "slow", "allocations") == [1, 1, 1, 1, 1])
      #endif
    }
  }

  // MARK: Instructions

  /// Whether this machine gives the processor's instruction counter to this process.
  private static let hasInstructionCounter: Bool = {
    if case .success = HardwareInstructionCounter.open() { return true }
    return false
  }()

  /// An asynchronous block may run on several threads, so its instructions are never counted
  /// on one, not even under Callgrind, which counts every thread.
  @Test func anAsynchronousBlocksInstructionsAreNeverCounted() {
    let underCallgrind = MeasureEnvironment(
      machine: "test machine", records: false, isCI: false, allowsNewBaselines: false,
      callgrindDumps: "/tmp/dumps")
    guard case .unavailable(let why) = InstructionCounting.choose(in: underCallgrind, isAsync: true)
    else {
      Issue.record("an asynchronous block's instructions were to be counted")
      return
    }
    #expect(why.contains("an asynchronous block may run on several"), "\(why)")
    guard case .callgrind = InstructionCounting.choose(in: underCallgrind, isAsync: false) else {
      Issue.record("a block under Callgrind is counted there")
      return
    }
  }

  /// Where the processor's counter cannot be opened, the reason is the system's own words.
  @Test func aCounterThatCannotBeOpenedSaysWhy() {
    guard case .failure(let failure) = HardwareInstructionCounter.open() else { return }
    #expect(failure.text.hasPrefix("perf_event_open: "), "\(failure.text)")
    #expect(!failure.text.contains("Unknown error"), "\(failure.text)")
  }

  @Test func instructionsThatNothingCanCountAreAWarningNotASilentPass() throws {
    try MeasuringFixtures.withBaselines(records: true) { file throws in
      let issues = try recordedIssues {
        measure("uncounted", metrics: [.instructions, .allocations], options: options) {}
      }
      if Self.hasInstructionCounter {
        #expect(issues.isEmpty, "\(issues)")
        #expect(try MeasuringFixtures.samples(file, "uncounted", "instructions").count == 20)
        return
      }
      #expect(issues.map(\.line) == [#line - 7])
      #expect(
        issues.first?.message.hasPrefix(
          "measure \"uncounted\": instructions not measured: this machine gives no instruction "
            + "counter to this process (perf_event_open: ") == true, "\(issues)")
      #expect(
        issues.first?.message.hasSuffix(
          "); assay test counts them by running the test again under Valgrind's Callgrind; the "
            + "other metrics are") == true, "\(issues)")
      #if os(Linux)
        #expect(try MeasuringFixtures.samples(file, "uncounted", "allocations").count == 20)
      #endif
    }
  }

  @Test func underAssayTestAMachineWithoutACounterAsksForARunUnderCallgrind() throws {
    try MeasuringFixtures.withBaselines(records: true, instructions: .requestedFromAssayTest) {
      file throws in
      // No warning: an issue here would fail this test.
      measure("requested", metrics: [.instructions, .wallClock], options: options) {}
      #expect(try MeasuringFixtures.samples(file, "requested", "wallClock").count == 20)
      let requests = (file as NSString).deletingLastPathComponent + "/requests.jsonl"
      let text = (try? String(contentsOfFile: requests, encoding: .utf8)) ?? ""
      if Self.hasInstructionCounter {
        #expect(text.isEmpty, "counted here: \(text)")
        return
      }
      let request = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      #expect(request?["file"] as? String == "\(#filePath)")
      #expect(request?["line"] as? Int == #line - 10)
      #expect(request?["measure"] as? String == "requested")
      #expect(text.filter { $0 == "\n" }.count == 1, "one line: \(text)")
    }
  }

  @Test func underCallgrindOnlyInstructionsAreReadAndTheOtherBaselinesAreKept() throws {
    let json = MeasuringFixtures.baseline("both", metric: "wallClock", value: 2, samples: 20)
    try MeasuringFixtures.withBaselines(json, records: true, instructions: .underCallgrind) {
      file throws in
      var runs = 0
      measure("both", metrics: [.wallClock, .instructions], options: options) {
        runs += 1
        MeasuringFixtures.callgrindCounts(500)
      }
      // One run that is not counted, then five counted ones.
      #expect(runs == 6)
      #expect(
        try MeasuringFixtures.samples(file, "both", "instructions") == [500, 500, 500, 500, 500])
      #expect(
        try MeasuringFixtures.samples(file, "both", "wallClock") == Array(repeating: 2, count: 20))
      var ranUncounted = false
      measure("timed only", options: options) { ranUncounted = true }
      #expect(!ranUncounted, "time under Valgrind says nothing: judged in the first run")
    }
  }

  @Test func instructionsWithinTheToleranceAreUnchanged() {
    let json = MeasuringFixtures.baseline("steady", metric: "instructions", value: 1000, samples: 5)
    MeasuringFixtures.withBaselines(json, instructions: .underCallgrind) { _ in
      // 1.9% more: within the 2% tolerance, so no issue (which would fail this test).
      measure("steady", metrics: [.instructions]) { MeasuringFixtures.callgrindCounts(1019) }
    }
  }

  @Test func underCallgrindAMissingCountFailsAndSaysWhy() throws {
    try MeasuringFixtures.withBaselines(records: true, instructions: .underCallgrind) { _ throws in
      let issues = try recordedIssues {
        measure("no count", metrics: [.instructions]) {}
      }
      #expect(issues.map(\.line) == [#line - 2])
      #expect(
        issues.first?.message.hasPrefix("measure \"no count\": Callgrind wrote no count in ")
          == true, "\(issues)")
    }
  }

  @Test func underCallgrindABlockThatStartsMeasuringItselfIsAWarning() throws {
    try MeasuringFixtures.withBaselines(records: true, instructions: .underCallgrind) {
      file throws in
      let issues = try recordedIssues {
        measure("manual count", metrics: [.instructions]) { iteration in
          iteration.startMeasuring()
        }
      }
      #expect(
        issues.map(\.message) == [
          "measure \"manual count\": instructions not measured: Callgrind counts whole runs of "
            + "a block, and this one starts and stops measuring itself; measure the part to "
            + "count in a block of its own"
        ])
      #expect(!FileManager.default.fileExists(atPath: file))
    }
  }

  @Test func callgrindsTotalIsRead() throws {
    let dump = "version: 1\nevents: Ir\nsummary: 26890\nfn=(1) work\n3 26890\ntotals: 26890\n"
    #expect(try CallgrindDumps.total(in: dump, path: "d") == 26890)
    #expect(try CallgrindDumps.total(in: "events: Ir\nsummary: 12\n", path: "d") == 12)
    #expect(throws: CallgrindDumps.Problem.self) {
      try CallgrindDumps.total(in: "not a dump", path: "d")
    }
  }
}
