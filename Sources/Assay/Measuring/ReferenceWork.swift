#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fixed piece of work timed before and after each measure, to tell a slower machine from
/// slower code.
///
/// Other processes (tests running in parallel, a build) slow a block down even in CPU time:
/// they share the caches and the memory bus, and the processor may run at another clock. A
/// baseline keeps the reference work's times from when it was recorded; when the reference
/// work is slower now too, a block's slowdown within that is the machine's. The work sorts a
/// few thousand numbers and walks a table larger than the processor's nearer caches, as code
/// under test does.
enum ReferenceWork {
  /// The thread CPU time of `count` runs of the work, in seconds.
  static func timings(_ count: Int) -> [Double] {
    (0..<count).map { _ in
      let start = Meters.seconds(CLOCK_THREAD_CPUTIME_ID)
      sink &+= run()
      return Meters.seconds(CLOCK_THREAD_CPUTIME_ID) - start
    }
  }

  /// Keeps the work's result alive, so that the optimizer cannot drop the work.
  nonisolated(unsafe) private static var sink: UInt64 = 0

  /// A single cycle through 2^18 slots (1 MB): each step reads a slot the caches rarely hold.
  private static let table: [UInt32] = {
    let count = 1 << 18
    var order = Array(0..<UInt32(count))
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for index in stride(from: count - 1, to: 0, by: -1) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      order.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
    }
    var next = [UInt32](repeating: 0, count: count)
    for position in 0..<count {
      next[Int(order[position])] = order[(position + 1) % count]
    }
    return next
  }()

  private static func run() -> UInt64 {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var numbers = (0..<4096).map { _ -> UInt32 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32(truncatingIfNeeded: state >> 33)
    }
    numbers.sort()
    var slot = Int(numbers[0] % UInt32(table.count))
    var total: UInt64 = 0
    for _ in 0..<50_000 {
      slot = Int(table[slot])
      total &+= UInt64(slot)
    }
    return total &+ UInt64(numbers[numbers.count / 2])
  }
}
