import Foundation

/// What `measure` reads from each run of its block.
///
/// ```swift
/// measure("sorts 5,000 people", metrics: [.wallClock, .cpuTime, .allocations]) {
///   _ = people.sorted()
/// }
/// ```
public struct Metric: Hashable, Sendable, CustomStringConvertible {
  /// The metric's key in the baselines file: `wallClock`.
  public let key: String
  /// How messages name it: "wall clock".
  public let description: String
  let unit: Unit

  enum Unit: Sendable { case seconds, count, bytes }

  /// The time the block takes, as a clock on the wall sees it (what XCTest's `measure` reads).
  public static let wallClock = Metric(key: "wallClock", description: "wall clock", unit: .seconds)
  /// The processor time the block uses: the calling thread's for a synchronous block, the
  /// whole process's for an asynchronous one (whose work may run on other threads, and then
  /// includes other tests running in parallel). Time spent waiting for the processor, as on
  /// a busy machine, does not count, which makes it steadier than the wall clock.
  public static let cpuTime = Metric(key: "cpuTime", description: "CPU time", unit: .seconds)
  /// How many memory allocations the block makes (`malloc` and its relatives), on the calling
  /// thread. Counted on Linux with glibc, for synchronous blocks; elsewhere `measure` warns
  /// that it cannot count them and measures the rest.
  public static let allocations = Metric(
    key: "allocations", description: "allocations", unit: .count)
  /// How many bytes the block's allocations ask for; counted where ``allocations`` is.
  public static let allocatedBytes = Metric(
    key: "allocatedBytes", description: "allocated bytes", unit: .bytes)
  /// How many instructions the block executes on the calling thread: the same number on a busy
  /// machine as on a quiet one, so the steadiest metric on shared CI machines. Counted by the
  /// processor where the system gives its counter to the process (`perf_event_open` on Linux;
  /// most virtual machines do not), and otherwise by `assay test`, which runs the tests that
  /// ask for it again under Valgrind's Callgrind; for synchronous blocks. Where neither can
  /// count, `measure` warns and measures the rest. Judged exactly, against
  /// ``MeasureOptions/instructionTolerance``.
  public static let instructions = Metric(
    key: "instructions", description: "instructions", unit: .count)
  /// The process's peak resident memory while the block runs, read on Linux from
  /// `/proc/self/status` after resetting it (`/proc/self/clear_refs`); other tests running in
  /// parallel count too.
  public static let peakMemory = Metric(
    key: "peakMemory", description: "peak resident memory", unit: .bytes)

  /// The share of the wall-clock time the block had the processor (CPU time over wall clock:
  /// the calling thread's for a synchronous block, the process's for an asynchronous one),
  /// read for every block and kept with the baseline: when it is much lower than then, the
  /// machine was busy and the wall clock says more about the machine than about the code.
  static let processorShare = Metric(
    key: "processorShare", description: "share of the processor", unit: .count)

  /// The machine's pace: the CPU time of Assay's reference workload (``MachinePace``), run
  /// after every sample of a time and kept with the baseline. A shared virtual machine runs
  /// everything slower at times (seen here: 30% to 55%, for tens of seconds), which no sample
  /// of the block alone can tell from slower code.
  static let machinePace = Metric(
    key: "machinePace", description: "the machine's pace", unit: .seconds)

  /// Every metric, in the order reports list them.
  public static let all: [Metric] = [
    .wallClock, .cpuTime, .allocations, .allocatedBytes, .peakMemory, .instructions,
  ]

  /// Whether time on a busy machine only ever adds to it, so that the faster half of the
  /// samples tells the code's speed best.
  var isTime: Bool { unit == .seconds }

  /// "1.52 ms", "1,204", "3.2 MB".
  func format(_ value: Double) -> String {
    switch unit {
    case .seconds: Self.formatSeconds(value)
    case .count: Self.formatCount(value)
    case .bytes: Self.formatBytes(value)
    }
  }

  /// "1.52 ms": three significant digits in the largest unit where they read 1 or more.
  static func formatSeconds(_ value: Double) -> String {
    scaled(value, [(1, "s", 3), (1e-3, "ms", 3), (1e-6, "µs", 3), (1e-9, "ns", 3)])
  }

  /// Whole numbers as they are; from 1,000 on, rounded to one (a percentile between two
  /// counts of instructions is no count); below, four significant digits.
  static func formatCount(_ value: Double) -> String {
    let whole = value.rounded()
    return (whole == value || abs(value) >= 1000) && abs(value) < 1e15
      ? String(Int(whole)) : String(format: "%.4g", value)
  }

  /// "3.2 MB"; below 1 kB, four significant digits ("999.5 bytes").
  static func formatBytes(_ value: Double) -> String {
    scaled(value, [(1e9, "GB", 3), (1e6, "MB", 3), (1e3, "kB", 3), (1, "bytes", 4)])
  }

  /// `value` in the first of `units` (largest first) where, rounded to its `digits`
  /// significant digits, it reads 1 or more, else in the last: 999,999 bytes are "1 MB", not
  /// "1e+03 kB". From 1,000 on, a figure is whole: "1230 s", not "1.23e+03 s".
  private static func scaled(
    _ value: Double, _ units: [(size: Double, name: String, digits: Int)]
  ) -> String {
    let unit =
      units.dropLast().first { abs(rounded(value / $0.size, $0.digits)) >= 1 }
      ?? units[units.count - 1]
    let figure = rounded(value / unit.size, unit.digits)
    let text =
      abs(figure) >= 1000
      ? String(format: "%.0f", figure) : String(format: "%.\(unit.digits)g", figure)
    return "\(text) \(unit.name)"
  }

  /// `value` rounded to `digits` significant digits.
  private static func rounded(_ value: Double, _ digits: Int) -> Double {
    Double(String(format: "%.\(digits)g", value)) ?? value
  }
}
