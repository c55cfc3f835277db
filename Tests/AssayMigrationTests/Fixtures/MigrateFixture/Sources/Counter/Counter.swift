/// Counts up and down, and says when it changed.
public final class Counter: @unchecked Sendable {
  /// Why a change is refused.
  public enum Failure: Error { case belowZero }

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

  /// The mean of the history, 0 when empty.
  public var average: Double {
    history.isEmpty ? 0 : Double(history.reduce(0, +)) / Double(history.count)
  }
}
