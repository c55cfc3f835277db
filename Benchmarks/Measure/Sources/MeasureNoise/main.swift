import Assay
import Foundation
import Workload

// MeasureNoise record            records the stable block's baseline (ASSAY_BASELINES)
// MeasureNoise check FACTOR RUNS  measures the block slowed by FACTOR (0.25: 25%) RUNS times and
//                                 prints how many runs reported a regression
// MeasureNoise overhead           measure's time per run of a tiny block, beside a bare loop
//
// Outside a test, measure's failures go to standard error; this counts them there.
let arguments = CommandLine.arguments.dropFirst()
let metric: Metric = ProcessInfo.processInfo.environment["METRIC"] == "cpu" ? .cpuTime : .wallClock

func measureBlock(slowdown: Double) {
  let units = Int(Double(baseUnits) * (1 + slowdown))
  measure("stable block", metrics: [metric]) { keep(work(units)) }
}

switch arguments.first {
case "record":
  setenv("ASSAY_RECORD_BASELINES", "1", 1)
  measureBlock(slowdown: 0)
case "check":
  let factor = Double(arguments.dropFirst().first ?? "0") ?? 0
  let runs = Int(arguments.dropFirst(2).first ?? "1") ?? 1
  for _ in 0..<runs { measureBlock(slowdown: factor) }
case "overhead":
  // The same tiny block, timed by a bare loop with a clock read before and after, and by
  // measure (whose per-run median the baselines file then holds).
  let tiny = 100
  var bare: [Double] = []
  for _ in 0..<100 {
    let runs = 2_000
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<runs { keep(work(tiny)) }
    bare.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(runs))
  }
  bare.sort()
  print("bare loop: median \(bare[bare.count / 2]) ns per run")
  setenv("ASSAY_RECORD_BASELINES", "1", 1)
  measure("tiny block", metrics: [.wallClock]) { keep(work(tiny)) }
default:
  print("usage: MeasureNoise record | check FACTOR RUNS | overhead")
  exit(2)
}
