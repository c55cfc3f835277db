import Foundation

/// How much one set of samples is larger than another, as a ratio, with a confidence
/// interval: the Hodges–Lehmann estimate on the logarithms of the samples (the median of all
/// pairwise differences) and its distribution-free interval from the Mann–Whitney statistic.
/// The interval excluding 1 is the Mann–Whitney test rejecting "no change" at that level.
struct ShiftEstimate: Equatable, Sendable {
  /// Current over baseline: 1.25 is 25% more.
  let ratio: Double
  /// The interval's ends.
  let lower: Double
  let upper: Double

  /// The shift of `current` against `baseline` at `confidence` (two-sided); `nil` when a
  /// sample is empty or holds a value that is not positive.
  init?(baseline: [Double], current: [Double], confidence: Double) {
    guard !baseline.isEmpty, !current.isEmpty,
      (baseline + current).allSatisfy({ $0 > 0 && $0.isFinite })
    else { return nil }
    let logBaseline = baseline.map { log($0) }
    var differences: [Double] = []
    differences.reserveCapacity(baseline.count * current.count)
    for value in current.map({ log($0) }) {
      for reference in logBaseline { differences.append(value - reference) }
    }
    differences.sort()
    let (m, n) = (Double(baseline.count), Double(current.count))
    let pairs = differences.count
    let middle = SampleSummary(differences).median
    // The rank of the interval's lower end: mn/2 - z * sqrt(mn(m+n+1)/12), from the normal
    // approximation of the Mann–Whitney statistic (close enough from 5 samples a side).
    let z = Self.normalQuantile(1 - (1 - confidence) / 2)
    let rank = Int((m * n / 2 - z * (m * n * (m + n + 1) / 12).squareRoot()).rounded(.down))
    let k = Swift.min(Swift.max(rank, 0), pairs - 1)
    ratio = exp(middle)
    lower = exp(differences[k])
    upper = exp(differences[pairs - 1 - k])
  }

  /// The quantile of Student's t distribution with `degreesOfFreedom` at `p` (above one half):
  /// exact for one and two degrees of freedom, the Cornish–Fisher expansion from the normal
  /// quantile for more (within 1% from three).
  static func studentQuantile(_ p: Double, degreesOfFreedom: Int) -> Double {
    switch degreesOfFreedom {
    case ..<1: return .infinity
    case 1: return tan(Double.pi * (p - 0.5))
    case 2: return (2 * p - 1) / (2 * p * (1 - p)).squareRoot()
    default:
      let z = normalQuantile(p)
      let v = Double(degreesOfFreedom)
      let (z3, z5, z7, z9) = (pow(z, 3), pow(z, 5), pow(z, 7), pow(z, 9))
      return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * pow(v, 3))
        + (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * pow(v, 4))
    }
  }

  /// The quantile of the standard normal distribution at `p` (Acklam's approximation, good to
  /// about 1e-9, which is plenty for choosing a rank).
  static func normalQuantile(_ p: Double) -> Double {
    let a = [
      -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
      1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00,
    ]
    let b = [
      -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
      6.680131188771972e+01, -1.328068155288572e+01,
    ]
    let c = [
      -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
      -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00,
    ]
    let d = [
      7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
      3.754408661907416e+00,
    ]
    let low = 0.02425
    if p < low {
      let q = (-2 * log(p)).squareRoot()
      return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
        / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    }
    if p > 1 - low { return -normalQuantile(1 - p) }
    let q = p - 0.5
    let r = q * q
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
      / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  }
}
