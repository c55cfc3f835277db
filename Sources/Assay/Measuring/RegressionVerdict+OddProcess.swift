import Foundation

extension RegressionVerdict {
  /// One process of a baseline's that ran much slower than all the others, which agreed
  /// closely: perhaps a process disturbed while it recorded, and one that widens, for every
  /// later verdict, where another process may fall (the measure matrix's arithmetic block: one
  /// of five ran 39% slower than four that agreed within 0.03%, and a 25% slowdown was
  /// inconclusive in every round).
  struct OddProcess: Equatable, Sendable {
    /// How much slower it ran than the slowest of the others (0.39: 39%).
    let slower: Double
    /// How far apart the others ran (0.0003: within 0.03%).
    let othersApart: Double
    /// How many the others are.
    let others: Int
  }

  /// How many times further the odd process must lie from the others than they lie from each
  /// other.
  static let oddProcessFactor = 5.0

  /// The slowest of `processes` (typical values of a time), when there are three or more and
  /// it ran slower than all the others by more than `tolerance`, and by more than
  /// ``oddProcessFactor`` times as far as they are apart; `nil` otherwise (processes that
  /// spread evenly, as the steps of a tight block's do, have none).
  static func oddProcess(of processes: [Double], tolerance: Double) -> OddProcess? {
    guard processes.count >= 3 else { return nil }
    let sorted = processes.sorted()
    let others = sorted.dropLast()
    guard let fastest = others.first, let slowestOther = others.last, fastest > 0 else {
      return nil
    }
    let slower = sorted.last! / slowestOther - 1
    let apart = slowestOther / fastest - 1
    guard slower > tolerance, slower > oddProcessFactor * apart else { return nil }
    return OddProcess(slower: slower, othersApart: apart, others: others.count)
  }

  /// "; one of them ran 38.9% slower than the other 4, which ran within 0.0% of each other:
  /// if it was disturbed, record the baseline again (assay test --record-baselines)", or
  /// nothing.
  var oddProcessNote: String {
    guard let oddProcess else { return "" }
    return String(
      format: "; one of them ran %.1f%% slower than the other %d, which ran within %.1f%% of "
        + "each other: if it was disturbed, record the baseline again (assay test "
        + "--record-baselines)",
      oddProcess.slower * 100, oddProcess.others, oddProcess.othersApart * 100)
  }
}
