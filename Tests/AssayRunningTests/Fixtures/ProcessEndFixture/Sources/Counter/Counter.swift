/// A counter with no lock, so that two threads race on it.
public final class Counter: @unchecked Sendable {
  /// How many times it was incremented (fewer when threads raced).
  public private(set) var value = 0

  /// A counter at 0.
  public init() {}

  /// Adds one, unsynchronized.
  public func increment() { value += 1 }
}
