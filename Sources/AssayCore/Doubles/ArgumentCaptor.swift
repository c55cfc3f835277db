/// Keeps the arguments a test double received, for assertions after the call.
///
/// ```swift
/// let saved = ArgumentCaptor<PersonInfo>()
/// verify(CallPattern(store.calls, "save(_:)", .capture(into: saved)), .times(2))
/// assertEqual(saved.values.map(\.lastName), ["Appleseed", "Taylor"])
/// ```
///
/// A captor of `Sendable` values is `Sendable` itself; one of other values stays where it was
/// made, as those values do.
public final class ArgumentCaptor<Value> {
  private let captured = Locked<[Value]>([])

  /// Creates an empty captor.
  public init() {}

  /// Every value captured, oldest first.
  public var values: [Value] {
    captured.withLock { $0 }
  }

  /// The value captured last, or `nil` when none was.
  public var last: Value? {
    values.last
  }

  package func keep(_ value: Value) {
    captured.withLock { $0.append(value) }
  }
}

extension ArgumentCaptor: Sendable where Value: Sendable {}
