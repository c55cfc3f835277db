import Foundation
import Testing

@testable import Assay

/// A verdict on a time against the machine's own change of pace (``ReferenceLoop``'s times
/// then and now): on a virtual machine, everything can run a fifth slower for seconds while
/// the host is busy.
struct MachinePaceTests {
  let options = MeasureOptions(tolerance: 0.1)

  /// Forty samples around `level` (milliseconds), spread half a percent apart.
  static func samples(_ level: Double) -> [Double] {
    ProcessBaselineTests.process(level)
  }

  /// Forty times of the reference loop around `level` × 15 µs.
  static func loop(_ level: Double) -> [Double] {
    (0..<40).map { 15e-6 * level * (1 + Double($0 % 7) * 0.004) }
  }

  /// Five processes that agree within 3%, as the matrix's quiet baselines did.
  let processes = [1.0, 1.01, 0.99, 1.02, 1.0].map(ProcessBaselineTests.process)

  func verdict(level: Double, loop: Double?) -> RegressionVerdict {
    RegressionVerdict(
      metric: .wallClock, baseline: processes.flatMap { $0 }, current: Self.samples(level),
      options: options, processes: ProcessBaselineTests.typical(processes),
      referenceLoop: loop.map { (Self.loop(1), Self.loop($0)) } ?? ([], []))
  }

  /// Matrix cell "sorting, `@Test`", quiet machine, round 40: the code unchanged, every block
  /// of two processes in a row ran 18.5% slower (the asynchronous block too), and the verdict
  /// was a regression. With the reference loop 19% slower as well, it is inconclusive.
  @Test func aMachineRunningSlowerIsNoRegression() {
    #expect(verdict(level: 1.185, loop: nil).kind == .regressed)
    let slowMachine = verdict(level: 1.185, loop: 1.19)
    #expect(slowMachine.kind == .inconclusive, "\(String(describing: slowMachine.interval))")
    let message = slowMachine.inconclusiveMessage(
      measure: "sorting", options: options, machine: "ci", recorded: "2026-11-29")
    #expect(
      message.contains(
        "wall clock inconclusive: the machine's own pace changed too much to tell a 10% change"),
      "\(message)")
    #expect(
      message.contains("the machine itself ran 19.")
        && message.contains(
          "slower than when the baseline was recorded (a reference loop timed after every "
            + "sample: "),
      "\(message)")
    #expect(message.contains("which could account for the change"), "\(message)")
  }

  /// A slowdown well beyond the machine's stays a regression: the loop never hides one that
  /// both judgements see.
  @Test func aSlowdownBeyondTheMachinesIsStillARegression() {
    let verdict = verdict(level: 1.6, loop: 1.19)
    #expect(verdict.kind == .regressed, "\(String(describing: verdict.interval))")
  }

  /// A machine faster than at recording can hide a slowdown: a block 15% slower on a machine
  /// 20% faster reads as no change, which only the loop tells.
  @Test func aMachineRunningFasterMakesNoChangeInconclusive() {
    let hidden = verdict(level: 0.96, loop: 0.8)
    #expect(verdict(level: 0.96, loop: nil).kind == .unchanged)
    #expect(hidden.kind == .inconclusive)
    let message = hidden.inconclusiveMessage(
      measure: "sorting", options: options, machine: "ci", recorded: "2026-11-29")
    #expect(message.contains("faster than when the baseline was recorded"), "\(message)")
    #expect(message.contains("which could hide a slowdown"), "\(message)")
  }

  /// The loop never makes a regression: a machine far slower than at recording, a block as
  /// fast as then, is no regression.
  @Test func theLoopNeverMakesARegression() {
    #expect(verdict(level: 1.0, loop: 1.5).kind != .regressed)
  }

  /// A pace within 3% of the baseline's, or a loop too short to tell, leaves the verdict as it
  /// was.
  @Test(arguments: [1.02, 0.98])
  func aSteadyMachineLeavesTheVerdict(pace: Double) {
    for level in [1.0, 1.35] {
      let judged = verdict(level: level, loop: pace)
      #expect(judged.machinePace.map(RegressionVerdict.moved) == false)
      #expect(judged.kind == verdict(level: level, loop: nil).kind)
    }
    let few = RegressionVerdict.pace(
      (Self.loop(1), Array(Self.loop(1.3).prefix(4))), confidence: 0.99)
    #expect(few == nil)
  }

  /// Counts are never judged against the loop: a count does not depend on the machine's pace.
  @Test func countsIgnoreTheLoop() {
    let verdict = RegressionVerdict(
      metric: .allocations, baseline: [10, 10, 10, 10, 10], current: [13, 13, 13, 13, 13],
      options: options, referenceLoop: (Self.loop(1), Self.loop(1.3)))
    #expect(verdict.machinePace == nil && verdict.kind == .regressed)
  }

  /// Every message of a time says how the machine's pace compared, when the loop was timed.
  @Test func theMessageSaysTheMachinesPace() {
    let message = verdict(level: 1.6, loop: 1.02).message(
      measure: "sorting", options: options, machine: "ci", recorded: "2026-11-29")
    #expect(
      message.hasSuffix(
        "\nmachine:  the reference loop ran 2.0% slower than when the baseline was recorded"),
      "\(message)")
  }

  /// Through `measure`'s judging, with the loop's times in the baselines file: a warning that
  /// names the machine's pace, not a failure; and a new baseline keeps the loop's times.
  @Test func aMeasureOnASlowerMachineWarnsAndTheBaselineKeepsTheLoop() throws {
    let list = { (values: [Double]) in values.map { "\($0)" }.joined(separator: ", ") }
    let json = """
      {"schemaVersion": 1, "measures": {"paced": {"test machine": {"recorded": "2026-01-02",
        "metrics": {"wallClock": {"samples": [\(list(Self.samples(1)))],
                                  "processes": [0.001, 0.00101, 0.00099, 0.00102, 0.001]},
                    "referenceLoop": {"samples": [\(list(Self.loop(1)))]}}}}}}
      """
    let found = Locked<[(Issue.Severity, String)]>([])
    MeasuringFixtures.withBaselines(json) { _ in
      let run = MeasureRun(
        name: "paced", testName: nil, metrics: [.wallClock], options: options,
        site: CallSite(), isAsync: false)
      let samples = zip(Self.samples(1.185), Self.loop(1.19)).map { block, loop in
        [Metric.wallClock: block, .referenceLoop: loop, .processorShare: 0.99]
      }
      withKnownIssue {
        run?.judge(samples)
      } matching: { issue in
        found.withLock { $0.append((issue.severity, issue.comments.map(\.rawValue).joined())) }
        return true
      }
    }
    let issues = found.withLock { $0 }
    #expect(issues.map(\.0) == [.warning], "\(issues)")
    #expect(issues.first?.1.contains("the machine itself ran 19.") == true, "\(issues)")

    var written = ""
    MeasuringFixtures.withBaselines { file in
      let run = MeasureRun(
        name: "new", testName: nil, metrics: [.wallClock], options: MeasuringFixtures.options,
        site: CallSite(), isAsync: false)
      run?.measureBlock { _ = ReferenceLoop.run() }
      written = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }
    #expect(written.contains("\"referenceLoop\" : {"), "\(written)")
  }

  /// The loop takes the same steps every run and does take time.
  @Test func theLoopWalksTheSamePathEveryRun() {
    #expect(ReferenceLoop.run() == ReferenceLoop.run())
    #expect(ReferenceLoop.time() > 0)
  }
}
