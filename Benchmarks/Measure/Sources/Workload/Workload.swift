/// Where results go, and where the next block starts from, so that no run of the block can
/// be skipped or hoisted out of a loop by the optimizer.
nonisolated(unsafe) public var sink: UInt64 = 1

/// A block of deterministic processor work, `units` steps of a dependent multiply-add: its
/// time is proportional to `units`, so `work(units * 1.25)` is a planted 25% slowdown.
@inline(never)
public func work(_ units: Int) -> UInt64 {
  var value = sink
  for step in 0..<units {
    value = value &* 6_364_136_223_846_793_005 &+ UInt64(truncatingIfNeeded: step)
  }
  return value
}

/// The size of the stable block.
public let baseUnits = 100_000

/// Keeps a result, so the work is not optimized away.
@inline(never)
public func keep(_ value: UInt64) {
  sink = value | 1
}
