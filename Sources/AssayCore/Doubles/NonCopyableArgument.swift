/// What a generated mock records for an argument of a noncopyable type (`consuming
/// ExecutorJob`), which it cannot keep.
///
/// Match it with `.any`; a stub cannot use it.
public struct NonCopyableArgument: Sendable, Equatable, CustomStringConvertible {
  /// Creates the placeholder.
  public init() {}

  /// `noncopyable argument`.
  public var description: String { "noncopyable argument" }
}
