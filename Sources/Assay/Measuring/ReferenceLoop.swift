import Foundation

/// A fixed piece of work that `measure` times after every sample of a time metric, outside the
/// measured region: how fast the machine runs the same code, then and now. A virtual machine's
/// processor can run everything some 20% slower for seconds at a time (its host is busy), which
/// no reading inside the guest shows; judged alone, the block then looks slower. The loop's
/// times are kept with the baseline, and a verdict that the machine's own change could explain
/// is inconclusive rather than a regression (``RegressionVerdict``).
///
/// The work is a chain of dependent loads through a 64 kB table (the processor's caches and
/// memory latency) and a multiply per step (its arithmetic): about 15 µs, under 1% of a 2 ms
/// sample.
enum ReferenceLoop {
  /// Steps of the chain in one run.
  static let steps = 4_096

  /// A single cycle through 16,384 slots (Sattolo's shuffle of a fixed seed), so that every
  /// run walks the same path and every step waits for the one before.
  private static let table: [UInt32] = {
    var slots = (0..<UInt32(16_384)).map { $0 }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for index in stride(from: slots.count - 1, to: 0, by: -1) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let other = Int((state >> 33) % UInt64(index))
      slots.swapAt(index, other)
    }
    return slots
  }()

  /// Runs the loop once; the result only keeps the compiler from removing the work.
  @inline(never)
  static func run() -> UInt32 {
    table.withUnsafeBufferPointer { table in
      var slot: UInt32 = 0
      var mixed: UInt32 = 1
      for _ in 0..<steps {
        slot = table[Int(slot)]
        mixed = mixed &* 0x0101_0101 &+ slot
      }
      return mixed
    }
  }

  /// How long one run takes now, in seconds.
  static func time() -> Double {
    let start = Meters.seconds(CLOCK_MONOTONIC)
    let result = run()
    let seconds = Meters.seconds(CLOCK_MONOTONIC) - start
    sink.withLock { $0 = $0 &+ result }
    return seconds
  }

  /// Where results go, so that the work is never optimized away.
  private static let sink = Locked<UInt32>(0)
}
