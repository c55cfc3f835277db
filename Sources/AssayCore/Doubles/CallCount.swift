/// How many times a call must have been made, for ``verify(_:_:fileID:filePath:line:column:)``.
public struct CallCount: Sendable, Equatable, CustomStringConvertible {
  /// The accepted numbers of calls.
  public let range: ClosedRange<Int>

  /// Accepts any number of calls within `range`.
  ///
  /// - Parameter range: The accepted numbers of calls.
  public init(_ range: ClosedRange<Int>) {
    self.range = range
  }

  /// Exactly once.
  public static let once = CallCount(1...1)
  /// Not at all.
  public static let never = CallCount(0...0)

  /// Exactly `count` times.
  ///
  /// - Parameter count: The number of calls.
  /// - Returns: A count accepting only `count`.
  public static func times(_ count: Int) -> CallCount {
    CallCount(count...count)
  }

  /// At least `count` times.
  ///
  /// - Parameter count: The fewest calls accepted.
  /// - Returns: A count accepting `count` or more.
  public static func atLeast(_ count: Int) -> CallCount {
    CallCount(count...Int.max)
  }

  /// At most `count` times (possibly never).
  ///
  /// - Parameter count: The most calls accepted.
  /// - Returns: A count accepting `0...count`.
  public static func atMost(_ count: Int) -> CallCount {
    CallCount(0...count)
  }

  /// `once`, `never`, `3 times`, `at least 2 times`, `at most 2 times`, `2 to 4 times`.
  public var description: String {
    switch (range.lowerBound, range.upperBound) {
    case (0, 0): "never"
    case (1, 1): "once"
    case (let low, Int.max): "at least \(Self.times(low))"
    case (0, let high): "at most \(Self.times(high))"
    case (let low, let high) where low == high: Self.times(low)
    case (let low, let high): "\(low) to \(high) times"
    }
  }

  package static func times(_ count: Int) -> String {
    count == 1 ? "1 time" : "\(count) times"
  }
}
