#if !canImport(Darwin)
  import Synchronization
#endif

/// Numbers calls across every double in the process, so verifications can tell their order.
@usableFromInline
package enum CallOrder {
  #if canImport(Darwin)
    // `Atomic` needs macOS 15; Assay supports macOS 13.
    private static let counter = Locked<UInt64>(0)

    @usableFromInline
    package static func next() -> UInt64 {
      counter.withLock { value in
        value += 1
        return value
      }
    }
  #else
    private static let counter = Atomic<UInt64>(0)

    @usableFromInline
    package static func next() -> UInt64 {
      counter.add(1, ordering: .relaxed).newValue
    }
  #endif
}
