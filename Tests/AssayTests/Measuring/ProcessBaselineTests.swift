import Foundation
import Testing

@testable import Assay

/// Baselines recorded in several processes (`assay test --record-baselines`): processes differ
/// from each other more than runs within one do, and a verdict counts that.
struct ProcessBaselineTests {
  let options = MeasureOptions(tolerance: 0.1)

  /// Forty samples around `level` milliseconds, spread half a percent apart, as one quiet
  /// process gives.
  static func process(_ level: Double) -> [Double] {
    (0..<40).map { 1.0e-3 * level * (1 + Double($0 % 9) * 0.005) }
  }

  /// The typical value of each process, as recording keeps it.
  static func typical(_ processes: [[Double]]) -> [Double] {
    processes.map { RegressionVerdict.typical(of: $0, metric: .wallClock) }
  }

  /// Matrix cell "arithmetic, `@Test`": the process that recorded the baseline ran the block
  /// in 1 ms, most later processes in 1.5 ms, with the code unchanged. Judged against that one
  /// process, every such process was a regression (7 false alarms in 10); against five
  /// processes that include slow ones, it is not.
  @Test func aProcessAsSlowAsTheBaselinesSlowestIsNoRegression() {
    let processes = [1.0, 1.5, 1.0, 1.48, 1.5].map(Self.process)
    let current = Self.process(1.5)
    let againstOne = RegressionVerdict(
      metric: .wallClock, baseline: processes[0], current: current, options: options)
    #expect(againstOne.kind == .regressed)
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: processes.flatMap { $0 }, current: current, options: options,
      processes: Self.typical(processes))
    #expect(verdict.kind == .inconclusive, "\(String(describing: verdict.interval))")
    #expect(verdict.processRange.map { $0.upperBound / $0.lowerBound > 1.45 } == true)
  }

  /// A slowdown beyond the slowest process by more than the tolerance is a regression; one
  /// within the tolerance of every process is none; a speed-up beyond the fastest is an
  /// improvement.
  @Test(arguments: [(1.35, RegressionVerdict.Kind.regressed), (1.01, .unchanged), (0.7, .improved)])
  func processesThatAgreeLeaveTheVerdictsAsTheyWere(level: Double, kind: RegressionVerdict.Kind) {
    let processes = [1.0, 1.02, 0.99, 1.01, 1.0].map(Self.process)
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: processes.flatMap { $0 }, current: Self.process(level),
      options: options, processes: Self.typical(processes))
    #expect(verdict.kind == kind, "\(String(describing: verdict.interval))")
  }

  /// Matrix cell "sorting, `XCTestCase`": five processes that recorded the baseline spread 17%
  /// apart, and a later process of the same code ran 13% slower than their slowest. Judged
  /// against the slowest of five, that was a regression (2 false alarms in 5 rounds): a sixth
  /// process falls outside five others one time in three. Judged against where another process
  /// may fall, as the five tell at the verdict's confidence, it is inconclusive.
  @Test func aProcessJustBeyondTheSlowestOfFiveIsNoFalseAlarm() {
    let processes = [1.0, 1.17, 1.05, 1.1, 1.02].map(Self.process)
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: processes.flatMap { $0 }, current: Self.process(1.32),
      options: options, processes: Self.typical(processes))
    #expect(verdict.kind == .inconclusive, "\(String(describing: verdict.interval))")
    // Far beyond where the processes could reach, it is still a regression.
    let slower = RegressionVerdict(
      metric: .wallClock, baseline: processes.flatMap { $0 }, current: Self.process(2.0),
      options: options, processes: Self.typical(processes))
    #expect(slower.kind == .regressed, "\(String(describing: slower.interval))")
  }

  /// Where processes differ by more than the tolerance, no single process can rule out a
  /// slowdown of the tolerance's size: a process as fast as the fastest recorded one, 25%
  /// slower, would look like the slowest. Inconclusive, never "no regression"; the warning says
  /// how far apart five such processes say two may run (at 99%, five tell little: 153%).
  @Test func aSlowdownHiddenByTheSpreadBetweenProcessesIsInconclusive() {
    let processes = [1.0, 1.2, 1.1, 1.25, 1.05].map(Self.process)
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: processes.flatMap { $0 }, current: Self.process(1.25),
      options: options, processes: Self.typical(processes))
    #expect(verdict.kind == .inconclusive)
    let message = verdict.inconclusiveMessage(
      measure: "spread", options: options, machine: "test machine", recorded: "2026-01-02")
    #expect(
      message.contains(
        "counting how much processes differ: as the baseline's 5 tell, one may run up to 153.3% "
          + "slower than another; noise:"), "\(message)")
  }

  /// Matrix cell "arithmetic, `@Test`", quiet machine: five processes ran the block in 3.80,
  /// 4.07, 3.90, 4.07 and 4.07 µs (the same code), and a process of the block made 25% slower
  /// was inconclusive in 49 rounds of 50: the rule asked for this process to be slower than the
  /// slowest another process could be *by more than the tolerance*. As within one process, it
  /// asks for the change beyond doubt (beyond where another process may fall) and its estimate
  /// beyond the tolerance; a process of unchanged code in the slower step is none.
  @Test func aSlowdownBeyondEveryProcessAndTheToleranceIsARegression() {
    let processes = [3.795, 4.066, 3.903, 4.066, 4.066].map { Self.process($0 / 4) }
    func judge(_ level: Double) -> RegressionVerdict {
      RegressionVerdict(
        metric: .wallClock, baseline: processes.flatMap { $0 },
        current: Self.process(level / 4), options: options,
        processes: Self.typical(processes))
    }
    let slower = judge(4.066 * 1.25)
    #expect(slower.kind == .regressed, "\(String(describing: slower.interval))")
    // From the faster step, 25% slower still falls where five such processes say another may.
    #expect(judge(3.796 * 1.25).kind == .inconclusive)
    #expect(judge(4.066).kind != .regressed)
    #expect(judge(4.369).kind != .regressed)
  }

  /// CPU-time matrix, cell "arithmetic, `@Test`": one of the five processes that recorded the
  /// baseline ran the block 39% slower than the other four, which agreed within 0.03%
  /// (37.99, 37.98, 52.76, 37.99 and 37.98, as the baseline file keeps them), and a 25%
  /// slowdown was inconclusive in every round. The verdict stays inconclusive (such a process
  /// may come back), and its warning says which process widened it and what to do.
  @Test func aBaselineProcessFarSlowerThanTheOthersIsNamedInTheWarning() {
    let levels = [37.99, 37.98, 52.76, 37.99, 37.98]
    let processes = levels.map { Self.process($0 / 38) }
    let verdict = RegressionVerdict(
      metric: .cpuTime, baseline: processes.flatMap { $0 }, current: Self.process(1.25),
      options: options, processes: Self.typical(processes))
    #expect(verdict.kind == .inconclusive)
    let message = verdict.inconclusiveMessage(
      measure: "arithmetic", options: options, machine: "test machine", recorded: "2026-01-02")
    #expect(
      message.contains(
        "; one of them ran 38.9% slower than the other 4, which ran within 0.0% of each other: "
          + "if it was disturbed, record the baseline again (assay test --record-baselines); "
          + "noise:"), "\(message)")
  }

  /// Processes that spread evenly (the steps of a tight block) or a slowest one within the
  /// tolerance have no odd one: the warning says nothing of it.
  @Test(arguments: [
    [1.0, 1.17, 1.05, 1.1, 1.02], [1.0, 1.0, 1.08, 1.0], [1.0, 1.5, 1.0, 1.48, 1.5],
  ])
  func processesWithoutAnOddOneSayNothingOfIt(levels: [Double]) {
    let processes = levels.map(Self.process)
    let verdict = RegressionVerdict(
      metric: .wallClock, baseline: processes.flatMap { $0 }, current: Self.process(1.25),
      options: options, processes: Self.typical(processes))
    #expect(verdict.oddProcess == nil)
    let message = verdict.inconclusiveMessage(
      measure: "spread", options: options, machine: "test machine", recorded: "2026-01-02")
    #expect(!message.contains("one of them ran"), "\(message)")
  }

  /// Three processes are the fewest with an odd one: two that agree beside the third; of two,
  /// neither is odd.
  @Test func threeProcessesAreTheFewestWithAnOddOne() {
    let odd = RegressionVerdict.oddProcess(of: [1.0, 1.0001, 2.0], tolerance: 0.1)
    #expect(odd?.others == 2)
    #expect(odd.map { abs($0.slower - (2.0 / 1.0001 - 1)) < 1e-9 } == true)
    #expect(RegressionVerdict.oddProcess(of: [1.0, 2.0], tolerance: 0.1) == nil)
  }

  /// Counts are not judged against the processes: an allocation count does not depend on the
  /// process.
  @Test func countsIgnoreTheProcesses() {
    let verdict = RegressionVerdict(
      metric: .allocations, baseline: [10, 10, 20, 20], current: [20, 20], options: options,
      processes: [10, 20])
    #expect(verdict.processRange == nil)
  }

  // MARK: Recording

  let old = BaselineFile.Entry(
    samples: [.wallClock: [1, 2], .allocations: [5]], recorded: "2026-01-01",
    processes: [.wallClock: [1.5], .allocations: [5]], session: "A")

  @Test func aProcessOfTheSameRecordingRunAddsToTheEntry() {
    let entry = MeasureRun.recorded(
      [.wallClock: [3, 4], .processorShare: [0.9]], over: old, keeping: [], session: "A",
      today: "2026-01-02")
    #expect(entry.samples[.wallClock] == [1, 2, 3, 4])
    #expect(entry.processes[.wallClock] == [1.5, 3])
    #expect(entry.processes[.processorShare] == nil)
    #expect(entry.samples[.allocations] == nil)
    #expect(entry.session == "A" && entry.recorded == "2026-01-02")
  }

  @Test(arguments: ["B", nil])
  func anyOtherRecordingStartsTheEntryAgain(session: String?) {
    let entry = MeasureRun.recorded(
      [.wallClock: [3, 4]], over: old, keeping: [.allocations], session: session,
      today: "2026-01-02")
    #expect(entry.samples[.wallClock] == [3, 4])
    #expect(entry.processes[.wallClock] == [3])
    // What this process did not read keeps what it had.
    #expect(entry.samples[.allocations] == [5] && entry.processes[.allocations] == [5])
    #expect(entry.session == session)
  }

  @Test func theFileKeepsTheProcessesAndTheSession() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-processes-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = BaselineFile(path: "\(folder)/T.json", shownPath: "Baselines/T.json")
    try file.write(old, measure: "m", machine: "test machine")
    #expect(try file.entry(measure: "m", machine: "test machine") == old)
    let text = try String(contentsOfFile: "\(folder)/T.json", encoding: .utf8)
    #expect(text.contains("\"processes\" : [") && text.contains("\"session\" : \"A\""), "\(text)")
  }

  /// A block that allocates nothing records samples of 0, which read back as they are; the
  /// summary beside them (median, 10th and 90th percentiles, deviation) is written for the
  /// people who read the file.
  @Test func samplesOfZeroReadBackAndTheSummaryIsWrittenBesideThem() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-processes-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = BaselineFile(path: "\(folder)/T.json", shownPath: "Baselines/T.json")
    var entry = old
    entry.samples[.allocations] = [0, 0, 0]
    entry.processes[.allocations] = [0]
    try file.write(entry, measure: "m", machine: "test machine")
    #expect(try file.entry(measure: "m", machine: "test machine") == entry)
    let data = try #require(FileManager.default.contents(atPath: "\(folder)/T.json"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let metrics =
      ((root["measures"] as? [String: Any])?["m"] as? [String: Any])?["test machine"]
      as? [String: Any]
    let allocations = (metrics?["metrics"] as? [String: Any])?["allocations"] as? [String: Any]
    let wallClock = (metrics?["metrics"] as? [String: Any])?["wallClock"] as? [String: Any]
    // The samples 1 and 2: their 10th and 90th percentiles, between them.
    #expect(wallClock?["p10"] as? Double == 1.1, "\(wallClock ?? [:])")
    #expect(wallClock?["p90"] as? Double == 1.9, "\(wallClock ?? [:])")
    let keys = Set((allocations ?? [:]).keys)
    #expect(
      keys.isSuperset(of: ["median", "p10", "p90", "mad", "samples", "processes"]), "\(keys)")
  }

  /// The file people commit and review: times kept to four significant digits, counts
  /// exact, a measure recorded in one process without a list of processes, and a last
  /// newline, as text files end.
  @Test func timesAreKeptToFourDigitsCountsExactlyAndTheFileEndsWithANewline() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-processes-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = BaselineFile(path: "\(folder)/T.json", shownPath: "Baselines/T.json")
    let entry = BaselineFile.Entry(
      samples: [.wallClock: [0.000123456, 0.000123456], .allocations: [123_456, 123_456]],
      recorded: "2026-01-01", processes: [.wallClock: [], .allocations: [123_456]])
    try file.write(entry, measure: "m", machine: "test machine")
    let data = try #require(FileManager.default.contents(atPath: "\(folder)/T.json"))
    #expect(data.last == UInt8(ascii: "\n"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let metrics =
      (((root["measures"] as? [String: Any])?["m"] as? [String: Any])?["test machine"]
      as? [String: Any])?["metrics"] as? [String: Any]
    let wallClock = try #require(metrics?["wallClock"] as? [String: Any])
    let allocations = try #require(metrics?["allocations"] as? [String: Any])
    #expect(wallClock["samples"] as? [Double] == [0.0001235, 0.0001235])
    #expect(wallClock["processes"] == nil, "\(wallClock)")
    #expect(allocations["samples"] as? [Double] == [123_456, 123_456])
    #expect(allocations["processes"] as? [Double] == [123_456])
  }

  @Test func processesThatAreNotNumbersAreAnErrorNamingThePlace() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-processes-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    {"schemaVersion": 1, "measures": {"m": {"test machine": {"recorded": "2026-01-02",
      "metrics": {"wallClock": {"samples": [1], "processes": ["fast"]}}}}}}
    """.write(toFile: "\(folder)/T.json", atomically: true, encoding: .utf8)
    let file = BaselineFile(path: "\(folder)/T.json", shownPath: "Baselines/T.json")
    #expect(
      throws: BaselineFile.Problem(
        message: "Baselines/T.json: measures.\"m\".\"test machine\".metrics.wallClock.processes: "
          + "expected a list of numbers that are not negative")
    ) {
      try file.entry(measure: "m", machine: "test machine")
    }
  }
}
