/// Numbers calls across every double in the process, so verifications can tell their order.
package enum CallOrder {
  private static let counter = Locked<UInt64>(0)

  package static func next() -> UInt64 {
    counter.withLock { value in
      value += 1
      return value
    }
  }
}
