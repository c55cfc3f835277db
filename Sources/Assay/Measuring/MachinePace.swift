#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Assay's reference workload: a fixed loop of arithmetic whose CPU time tells how fast the
/// machine runs code right now, read after each sample of a time (``Metric/machinePace``).
///
/// On a 2-core virtual machine of this project, the CPU time of one block ran from 100% to
/// 168% of its fastest from one process to another, in periods of tens of seconds that every
/// process shared; the block's time over this workload's, each read beside the other, ran
/// from 100% to 107%.
enum MachinePace {
  /// How many steps the workload takes: about 30 µs in a debug build here.
  static let steps = 8_000

  /// The calling thread's CPU time, in seconds, for one run of the workload.
  static func read() -> Double {
    let start = Meters.seconds(CLOCK_THREAD_CPUTIME_ID)
    keep(work(steps))
    return Meters.seconds(CLOCK_THREAD_CPUTIME_ID) - start
  }

  /// A xorshift generator run `steps` times: arithmetic on registers only, nothing to
  /// allocate or to wait for.
  @inline(never)
  static func work(_ steps: Int) -> UInt64 {
    var value: UInt64 = 0x9E37_79B9_7F4A_7C15
    var sum: UInt64 = 0
    for _ in 0..<steps {
      value ^= value << 13
      value ^= value >> 7
      value ^= value << 17
      sum &+= value
    }
    return sum
  }

  /// Takes the workload's result, unoptimized, so that no optimizer drops the work.
  @_optimize(none)
  private static func keep(_ result: UInt64) {}
}
