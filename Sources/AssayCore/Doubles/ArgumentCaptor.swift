/// Keeps the arguments a test double received, for assertions after the call.
///
/// ```swift
/// let saved = ArgumentCaptor<PersonInfo>()
/// verify(CallPattern(store.calls, "save(_:)", .capture(into: saved)), .times(2))
/// assertEqual(saved.values.map(\.lastName), ["Appleseed", "Taylor"])
/// ```
public final class ArgumentCaptor<Value>: @unchecked Sendable {
  // @unchecked: `captured` is only touched under its lock. The values themselves are handed
  // back to the test as they were received, like the arguments of any call.
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
