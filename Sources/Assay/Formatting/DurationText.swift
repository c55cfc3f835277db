/// Writes durations the way failure messages show them: `50 ms`, `1.5 s`, `250 µs`.
enum DurationText {
  static func describe(_ duration: Duration) -> String {
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
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
