/// Counts up and down, and says when it changed.
public final class Counter: @unchecked Sendable {
  /// Why a change is refused.
  public enum Failure: Error { case belowZero }
  /// What ``next(as:)`` throws when the value is not of the type asked for.
  public struct WrongType: Error {
    /// The type asked for.
    public let asked: Any.Type
  }

  /// The count.
  public private(set) var value = 0
  /// The values it had, oldest first.
  public private(set) var history: [Int] = []
  /// Called after each change.
  public var onChange: (() -> Void)?

  /// A counter at zero.
  public init() {}

  /// Adds one.
  public func increment() {
    value += 1
    history.append(value)
    onChange?()
  }

  /// Takes one away; below zero it throws.
  public func decrement() throws {
    guard value > 0 else { throw Failure.belowZero }
    value -= 1
    history.append(value)
    onChange?()
  }

  /// The changes not read yet by ``next(as:)``.
  private var unread = 0

  /// The oldest value of the history not read yet, as `T`, or `nil` when every one was read;
  /// it throws when that value is not a `T` (as swift-nio's `EmbeddedChannel.readInbound`).
  public func next<T>(as type: T.Type = T.self) throws -> T? {
    guard unread < history.count else { return nil }
    unread += 1
    guard let value = history[unread - 1] as? T else { throw WrongType(asked: type) }
    return value
  }

  /// The mean of the history, 0 when empty.
  public var average: Double {
    history.isEmpty ? 0 : Double(history.reduce(0, +)) / Double(history.count)
  }
}
