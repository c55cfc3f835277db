import Foundation

extension Array where Element: Sendable {
  /// `map`, with the elements transformed in parallel (one per core at a time), in order.
  func concurrentMap<Transformed: Sendable>(
    _ transform: @Sendable (Element) -> Transformed
  ) -> [Transformed] {
    let slots = Slots<Transformed>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      slots.set(index, transform(self[index]))
    }
    return slots.results.map { $0! }
  }
}

/// Values filled from several threads, in their order.
final class Slots<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  // Guarded by `lock`.
  private var slots: [Value?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func set(_ index: Int, _ value: Value) {
    lock.withLock { slots[index] = value }
  }

  var results: [Value?] {
    lock.withLock { slots }
  }
}
