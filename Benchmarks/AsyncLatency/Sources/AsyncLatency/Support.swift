import Foundation

/// Samples of one waiter, in the order taken.
struct Measurement {
  var name: String
  var samples: [Duration]

  var p50: Duration { percentile(0.50) }
  var p99: Duration { percentile(0.99) }

  private func percentile(_ fraction: Double) -> Duration {
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }
}

/// A value shared between threads.
final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `stored` is only touched under `lock`.
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value { lock.withLock { stored } }
  func set(_ value: Value) { lock.withLock { stored = value } }
}

extension Locked {
  func append<Element>(_ element: Element) where Value == [Element] {
    lock.withLock { stored.append(element) }
  }

  var values: Value { value }
}

extension Duration {
  /// Milliseconds with three decimals: `0.035`.
  var milliseconds: String {
    let (seconds, attoseconds) = components
    return String(format: "%.3f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
  }
}

func ratio(_ numerator: Duration, _ denominator: Duration) -> String {
  String(format: "%.2fx", numerator / denominator)
}
