import AssayResults
import AssayToolSupport

/// One of `count` parts of a selection, for CI matrices: `--shard 2/4`.
///
/// Every shard computes the same split from the same sorted list, so the shards together
/// run every test once. With the durations of an earlier run the split balances time
/// (longest first, each to the shard with least so far); without, it balances counts.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// Which shard, from 1.
  public let index: Int
  /// How many shards.
  public let count: Int

  /// Reads `k/n`.
  ///
  /// - Throws: ``RunError`` for anything but `k/n` with 1 ≤ k ≤ n.
  public init(_ text: String) throws(RunError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      throw RunError("--shard \(text): expected k/n, such as 2/4")
    }
    guard count >= 1, index >= 1, index <= count else {
      throw RunError("--shard \(text): k must be between 1 and n (here n is \(count))")
    }
    self.index = index
    self.count = count
  }

  /// `k/n`.
  public var description: String { "\(index)/\(count)" }

  /// The tests of this shard, from `tests`; `durations` are seconds per test (a test's
  /// cases added up), from an earlier run.
  public func select(_ tests: [TestIdentifier], durations: [TestIdentifier: Double])
    -> [TestIdentifier]
  {
    let sorted = tests.sorted()
    guard !durations.isEmpty else {
      return sorted.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
    // Tests not seen before count as the median known duration.
    let known = sorted.compactMap { durations[$0] }.sorted()
    let typical = known.isEmpty ? 1 : known[known.count / 2]
    let longestFirst = sorted.sorted {
      let (a, b) = (durations[$0] ?? typical, durations[$1] ?? typical)
      return a != b ? a > b : $0 < $1
    }
    var loads = Array(repeating: 0.0, count: count)
    var mine: [TestIdentifier] = []
    for test in longestFirst {
      let lightest = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
      loads[lightest] += durations[test] ?? typical
      if lightest == index - 1 { mine.append(test) }
    }
    return mine.sorted()
  }

  /// Seconds per test, each test's cases added up, and per test case, from a report.
  public static func durations(in report: TestReport) -> [TestIdentifier: Double] {
    report.results.reduce(into: [:]) { durations, result in
      durations[result.id.withoutCase, default: 0] += result.duration
      if result.id.testCase != nil { durations[result.id] = result.duration }
    }
  }
}

extension Shard {
  /// Checks that `shards`, read from the files at their paths, are every shard of one split,
  /// each once, before their reports are merged.
  ///
  /// - Parameters:
  ///   - shards: Each report's path and shard (`nil`: not a shard's report).
  ///   - command: The command that wrote them, for the message (`assay test`).
  ///   - merged: What the merge makes, for the message (`a merged report`).
  /// - Throws: ``RunError`` naming the report that is not a shard's, of another split, or a
  ///   shard given twice, or the shards missing.
  public static func checkEveryShardOnce(
    _ shards: [(path: String, shard: Shard?)], command: String, merged: String
  ) throws(RunError) {
    guard let first = shards.first else { throw RunError("no reports to merge") }
    var seen: [Int: String] = [:]
    for (path, shard) in shards {
      guard let shard else {
        throw RunError("\(path): not the report of a shard (\(command) --shard k/n)")
      }
      guard shard.count == first.shard?.count else {
        throw RunError(
          "\(path): shard \(shard) of a different split than \(first.path) "
            + "(\(first.shard?.description ?? "no shard"))")
      }
      if let other = seen[shard.index] {
        throw RunError("\(path) and \(other) are both shard \(shard)")
      }
      seen[shard.index] = path
    }
    let count = first.shard?.count ?? 1
    let missing = (1...count).filter { seen[$0] == nil }.map { "\($0)/\(count)" }
    guard missing.isEmpty else {
      throw RunError(
        "shard\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) missing: "
          + "\(merged) needs every shard")
    }
  }
}
