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

/// A record of the sorting-and-grouping block: what a list screen sorts and groups.
public struct Record: Sendable {
  /// Sorted on second.
  public let name: String
  /// Grouped on.
  public let city: String
  /// Sorted on first.
  public let score: Int
}

/// `count` records, the same on every run (no random numbers).
public func records(_ count: Int) -> [Record] {
  (0..<count).map { index in
    Record(
      name: "person \((index &* 7_919) % 10_007)", city: "city \(index % 37)",
      score: (index &* 31) % 1_000)
  }
}

/// Sorts `records` by score and name and groups them by city: milliseconds of processor and
/// memory work with allocations, as real code is. Returns a number that depends on all of it.
@inline(never)
public func sortAndGroup(_ records: ArraySlice<Record>) -> UInt64 {
  let sorted = records.sorted { ($0.score, $0.name) < ($1.score, $1.name) }
  let groups = Dictionary(grouping: sorted, by: \.city)
  var total: UInt64 = 0
  for (city, members) in groups.sorted(by: { $0.key < $1.key }) {
    total = total &* 31 &+ UInt64(city.utf8.count &+ members.count)
  }
  return total
}
