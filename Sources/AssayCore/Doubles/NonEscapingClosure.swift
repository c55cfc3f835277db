/// What a generated mock records for a non-escaping closure argument, which cannot be kept
/// after the call returns.
///
/// Match it with `.any`; a stub cannot call it. Declare the parameter `@escaping` in the
/// protocol to record the closure itself.
public struct NonEscapingClosure: Sendable, Equatable, CustomStringConvertible {
  /// Creates the placeholder.
  public init() {}

  /// `non-escaping closure`.
  public var description: String { "non-escaping closure" }
}
