import Dispatch

/// Writes durations the way failure messages show them: `50 ms`, `1.5 s`, `250 µs`.
package enum DurationText {
  package static func describe(_ duration: Duration) -> String {
    if duration < .zero {
      return "-" + describe(.zero - duration)
    }
    let seconds = duration.seconds
    switch seconds {
    case ..<0.001:
      return "\(trimmed(seconds * 1_000_000)) µs"
    case ..<1:
      return "\(trimmed(seconds * 1000)) ms"
    default:
      return "\(trimmed(seconds)) s"
    }
  }

  /// At most one decimal, none when it is zero: `50`, `1.5`.
  private static func trimmed(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    // Beyond 2^53 a Double has no decimals to show, and `Int(_:)` would trap past Int.max.
    guard rounded == rounded.rounded(), abs(rounded) < 0x1p53 else { return String(rounded) }
    return String(Int(rounded))
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  package var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// The duration as a dispatch interval, clamped to zero and to about 146 years, so that a
  /// huge timeout such as `.seconds(Int64.max)` waits "forever" instead of trapping.
  package var dispatchInterval: DispatchTimeInterval {
    let nanoseconds = Swift.min(Swift.max(seconds * 1e9, 0), Double(Int.max / 2))
    return .nanoseconds(Int(nanoseconds))
  }
}
