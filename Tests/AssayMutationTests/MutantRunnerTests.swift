import AssayResults
import AssayRunning
import Foundation
import Testing

@testable import AssayMutation

/// What a mutant's covering tests make of it, from scripted runs of its test processes: a
/// test that runs out of time while its process waited for a processor (or where the system
/// does not say) counts only when it does again, alone, with twice as long (on a busy machine
/// a test runs out of time as in an endless loop: swift-atomics' survivor beside other builds
/// was reported timed out), and one that fails after others only when it fails alone.
@Suite struct MutantRunnerTests {
  static func id(_ name: String) -> TestIdentifier {
    TestIdentifier(library: .swiftTesting, target: "T", suite: "S", test: name)
  }

  /// The batches a run asked for, with the time limit of each of their tests.
  final class Script: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [[(String, TestOutcome)]]
    private(set) var asked: [[(String, Double)]] = []
    /// The processor limit of each test of each batch asked for.
    private(set) var processorLimits: [[Double?]] = []
    /// The limit a timed-out test ran past.
    let timeout: Timeout

    init(_ replies: [[(String, TestOutcome)]], timeout: Timeout) {
      self.replies = replies
      self.timeout = timeout
    }

    func run(_ runner: TestRunner, _ batch: TestBatch) -> [TestResult] {
      lock.withLock {
        asked.append(batch.tests.map { ($0.test, runner.testTimeouts[$0] ?? runner.testTimeout) })
        processorLimits.append(batch.tests.map { runner.processorLimits[$0] })
        let reply = replies.isEmpty ? [] : replies.removeFirst()
        return reply.map {
          var result = TestResult(id: MutantRunnerTests.id($0.0), outcome: $0.1)
          if $0.1 == .timedOut { result.timeout = timeout }
          return result
        }
      }
    }
  }

  /// The mutant's status and killer, and the batches run, for covering tests `a()`, `b()`
  /// and `c()` (baseline 0.1 s, 0.3 s and 0.5 s: limits of 2 s, 2.5 s and 3.5 s).
  static func outcome(
    _ replies: [[(String, TestOutcome)]], timeout: Timeout = .wallClock(processorWait: nil)
  ) throws -> (Mutant.Status, String?, [[(String, Double)]]) {
    let (status, killer, script) = try run(replies, timeout: timeout)
    return (status, killer, script.asked)
  }

  /// The batches a run asked for, as ``outcome(_:timeout:)`` runs them.
  static func script(_ replies: [[(String, TestOutcome)]]) throws -> Script {
    try run(replies, timeout: .wallClock(processorWait: nil)).2
  }

  static func run(
    _ replies: [[(String, TestOutcome)]], timeout: Timeout,
    processorTimes: [String: Double] = [:], more: [String: Double] = [:], first: String? = nil
  ) throws -> (Mutant.Status, String?, Script) {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-mutant-runner-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(
      atPath: "\(root)/copy", withIntermediateDirectories: true)
    var baseline = Baseline()
    baseline.durations = [id("a()"): 0.1, id("b()"): 0.3, id("c()"): 0.5]
    for (test, seconds) in processorTimes { baseline.processorTimes[id(test)] = seconds }
    for (test, seconds) in more { baseline.durations[id(test)] = seconds }
    let script = Script(replies, timeout: timeout)
    var runner = MutantRunner(
      binary: TestBinary(path: "/nonexistent"), inventory: TestInventory(tests: []),
      baseline: baseline, scratch: root, switchVariable: "ASSAY_MUTANT",
      workers: try WorkerFolders(showing: "\(root)/copy", in: "\(root)/workers", count: 1))
    runner.runBatch = { script.run($0, $1) }
    let tests = ["c()", "a()", "b()"] + more.keys.sorted()
    let (status, killer, _) = runner.outcome(of: "7", tests: tests.map(id), first: first.map(id))
    return (status, killer, script)
  }

  @Test func aTestThatRunsOutOfTimeButNotOfTwiceAsLongAloneLetsTheOthersRun() throws {
    let (status, killer, asked) = try Self.outcome([
      [("a()", .passed), ("b()", .timedOut)], [("b()", .passed)], [("c()", .passed)],
    ])
    #expect(status == .survived)
    #expect(killer == nil)
    try #require(asked.map { $0.map(\.0) } == [["a()", "b()", "c()"], ["b()"], ["c()"]])
    #expect(asked[1][0].1 == 2 * asked[0][1].1, "twice its own limit: \(asked)")
  }

  @Test func aTestThatRunsOutOfTwiceAsLongAloneTimesTheMutantOut() throws {
    let (status, killer, asked) = try Self.outcome([
      [("a()", .timedOut)], [("a()", .timedOut)],
    ])
    #expect(status == .timedOut)
    #expect(killer == Self.id("a()").description)
    try #require(asked.map { $0.map(\.0) } == [["a()", "b()", "c()"], ["a()"]])
    #expect(asked[1][0].1 == 2 * asked[0][0].1)
  }

  /// Ink's parsing loops: 50 of its 630 mutants time out, and each confirmation alone took
  /// twice as long again, the whole of its mutants' phase. A process that was not kept waiting
  /// for a processor ran out of time by itself.
  @Test func aTestThatRunsOutOfTimeUnhinderedTimesTheMutantOutWithoutRunningAgain() throws {
    let (status, killer, asked) = try Self.outcome(
      [[("a()", .passed), ("b()", .timedOut)]], timeout: .wallClock(processorWait: 0.2))
    #expect(status == .timedOut)
    #expect(killer == Self.id("b()").description)
    #expect(asked.map { $0.map(\.0) } == [["a()", "b()", "c()"]])
  }

  /// Each test may compute five times its baseline and half a second: past that it loops,
  /// however busy the machine, and nothing runs it again.
  @Test func aTestThatComputedPastItsProcessorLimitTimesTheMutantOutWithoutRunningAgain() throws {
    let (status, killer, asked) = try Self.outcome(
      [[("a()", .passed), ("b()", .timedOut)]], timeout: .processorTime)
    #expect(status == .timedOut)
    #expect(killer == Self.id("b()").description)
    #expect(asked.map { $0.map(\.0) } == [["a()", "b()", "c()"]])
  }

  @Test func eachTestMayComputeFiveTimesItsBaselineAndHalfASecond() throws {
    let script = try Self.script([[("a()", .passed), ("b()", .passed), ("c()", .passed)]])
    #expect(script.processorLimits == [[1.0, 2.0, 3.0]])
  }

  /// A test that computed on several processors in the baseline (a task group's work on a
  /// machine of many cores) used more processor time than its time on the clock: its limit is
  /// five times the larger, or it would be killed as looping while it only works.
  @Test func aTestThatComputedOnSeveralProcessorsMayComputeFiveTimesThat() throws {
    let script = try Self.run(
      [[("a()", .passed), ("b()", .passed), ("c()", .passed)]],
      timeout: .wallClock(processorWait: nil), processorTimes: ["b()": 2.0, "c()": 0.2]
    ).2
    #expect(script.processorLimits == [[1.0, 10.5, 3.0]])
  }

  @Test func aTestKeptWaitingForAProcessorRunsAgainAloneWithTwiceAsLong() throws {
    let (status, _, asked) = try Self.outcome(
      [[("a()", .passed), ("b()", .timedOut)], [("b()", .passed)], [("c()", .passed)]],
      timeout: .wallClock(processorWait: 0.3))
    #expect(status == .survived)
    try #require(asked.map { $0.map(\.0) } == [["a()", "b()", "c()"], ["b()"], ["c()"]])
    #expect(asked[1][0].1 == 2 * asked[0][1].1)
  }

  @Test func aTestThatFailsWhenRunAgainWithMoreTimeKillsTheMutant() throws {
    let (status, killer, _) = try Self.outcome([
      [("a()", .passed), ("b()", .timedOut)], [("b()", .failed)],
    ])
    #expect(status == .killed)
    #expect(killer == Self.id("b()").description)
  }

  @Test func aTestThatFailsAfterOthersButNotAloneLetsTheOthersRun() throws {
    let (status, _, asked) = try Self.outcome([
      [("a()", .passed), ("b()", .failed)], [("b()", .passed)], [("c()", .failed)],
    ])
    #expect(status == .killed)
    try #require(asked.map { $0.map(\.0) } == [["a()", "b()", "c()"], ["b()"], ["c()"]])
    #expect(asked[1][0].1 == asked[0][1].1, "a failure alone gets its own limit")
  }

  /// The test library runs a process's tests in its own order (XCTest: the binary's), so a
  /// slow test ran before the quick one that kills the mutant (XMLCoder's `BenchmarkTests`,
  /// seconds of `measure` each, cover most of its code: 392 s of its workers' time went to
  /// killed mutants). Tests go in processes of a second of the baseline's time, then two,
  /// four: the slow ones run only when the quick ones passed.
  @Test func slowTestsRunInProcessesOfTheirOwnAfterTheQuickOnesPassed() throws {
    let more = ["slow()": 3.0, "slower()": 5.0, "slowest()": 9.0]
    let (killedStatus, killer, killing) = try Self.run(
      [[("a()", .passed), ("b()", .failed)], [("b()", .failed)]],
      timeout: .wallClock(processorWait: nil), more: more)
    #expect(killedStatus == .killed)
    #expect(killer == Self.id("b()").description)
    #expect(killing.asked.map { $0.map(\.0) } == [["a()", "b()", "c()"], ["b()"]])
    let (survived, _, passing) = try Self.run(
      [
        [("a()", .passed), ("b()", .passed), ("c()", .passed)], [("slow()", .passed)],
        [("slower()", .passed)], [("slowest()", .passed)],
      ], timeout: .wallClock(processorWait: nil), more: more)
    #expect(survived == .survived)
    #expect(
      passing.asked.map { $0.map(\.0) } == [
        ["a()", "b()", "c()"], ["slow()"], ["slower()"], ["slowest()"],
      ])
  }

  @Test func aTestThatFailsFirstKillsTheMutantWithoutRunningAgain() throws {
    let (status, killer, asked) = try Self.outcome([[("a()", .failed)]])
    #expect(status == .killed)
    #expect(killer == Self.id("a()").description)
    #expect(asked.count == 1)
  }

  /// The test that killed a mutant of the same declaration runs first, alone: its failure is
  /// the verdict, with no run alone to confirm it (swift-log: a killed mutant took about two
  /// processes, the tests up to a second's and its killer again alone).
  @Test func aLikelyKillerRunsFirstAloneAndItsFailureNeedsNoRunAgain() throws {
    let (status, killer, script) = try Self.run(
      [[("b()", .failed)]], timeout: .wallClock(processorWait: nil), first: "b()")
    #expect(status == .killed)
    #expect(killer == Self.id("b()").description)
    #expect(script.asked.map { $0.map(\.0) } == [["b()"]])
  }

  @Test func aLikelyKillerThatPassesLeavesTheOthersToRunAsBefore() throws {
    let (status, _, script) = try Self.run(
      [[("b()", .passed)], [("a()", .passed), ("c()", .failed)], [("c()", .failed)]],
      timeout: .wallClock(processorWait: nil), first: "b()")
    #expect(status == .killed)
    #expect(script.asked.map { $0.map(\.0) } == [["b()"], ["a()", "c()"], ["c()"]])
    let (survived, _, passing) = try Self.run(
      [[("b()", .passed)], [("a()", .passed), ("c()", .passed)]],
      timeout: .wallClock(processorWait: nil), first: "b()")
    #expect(survived == .survived)
    #expect(passing.asked.map { $0.map(\.0) } == [["b()"], ["a()", "c()"]])
  }

  @Test func aLikelyKillerThatDoesNotReachTheMutantIsNotRun() throws {
    let (status, _, script) = try Self.run(
      [[("a()", .passed), ("b()", .passed), ("c()", .passed)]],
      timeout: .wallClock(processorWait: nil), first: "elsewhere()")
    #expect(status == .survived)
    #expect(script.asked.map { $0.map(\.0) } == [["a()", "b()", "c()"]])
  }

  /// Two tests failed in one process (the runner stops it at the first failure it reads, and
  /// others can end before): the first passes alone, the second still has its say. swift-log:
  /// `return 2` made `return 3` in `Logger.Level`'s order, which `logLevelOrdering()` fails
  /// every time, was reported surviving in one run of two.
  @Test func aSecondFailureInAProcessIsJudgedWhenTheFirstPassesAlone() throws {
    let (status, killer, asked) = try Self.outcome([
      [("a()", .passed), ("b()", .failed), ("c()", .failed)], [("b()", .passed)],
      [("c()", .failed)],
    ])
    #expect(status == .killed)
    #expect(killer == Self.id("c()").description)
    #expect(asked.map { $0.map(\.0) } == [["a()", "b()", "c()"], ["b()"], ["c()"]])
  }
}
