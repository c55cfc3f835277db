import Foundation

/// A set of samples described robustly: the median, percentiles and the median absolute
/// deviation, which one interrupted sample cannot move far, unlike a mean and a standard
/// deviation.
struct SampleSummary: Equatable, Sendable {
  /// The samples, sorted.
  let sorted: [Double]

  init(_ samples: [Double]) { sorted = samples.sorted() }

  var count: Int { sorted.count }
  var median: Double { percentile(50) }

  /// The `p`-th percentile (0...100), interpolated between the nearest samples.
  func percentile(_ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let position = Swift.min(Swift.max(p / 100, 0), 1) * Double(sorted.count - 1)
    let below = Int(position.rounded(.down))
    let above = Swift.min(below + 1, sorted.count - 1)
    let fraction = position - Double(below)
    return sorted[below] + (sorted[above] - sorted[below]) * fraction
  }

  /// The median absolute deviation from the median.
  var medianAbsoluteDeviation: Double {
    let median = median
    return SampleSummary(sorted.map { abs($0 - median) }).median
  }

  /// The median absolute deviation over the median: how widely the samples spread, as a share
  /// (0 for no samples or a median of 0).
  var relativeSpread: Double {
    let median = median
    return median > 0 ? medianAbsoluteDeviation / median : 0
  }

  /// The faster (smaller) half of the samples, the median included: on a busy machine, time
  /// is only ever added to a run, so these tell the code's own speed best.
  var lowerHalf: [Double] { Array(sorted.prefix((sorted.count + 1) / 2)) }
}
