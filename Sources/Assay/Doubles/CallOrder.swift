/// Numbers calls across every double in the process, so verifications can tell their order.
enum CallOrder {
  private static let counter = Locked<UInt64>(0)

  static func next() -> UInt64 {
    counter.withLock { value in
      value += 1
      return value
    }
  }
}
