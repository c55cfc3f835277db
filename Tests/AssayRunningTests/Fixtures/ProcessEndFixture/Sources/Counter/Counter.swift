/// A counter with no lock, so that two threads race on it.
public final class Counter: @unchecked Sendable {
  public private(set) var value = 0

  public init() {}

  public func increment() { value += 1 }
}
