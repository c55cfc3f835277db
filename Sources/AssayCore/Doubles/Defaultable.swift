/// A type with a value that a relaxed test double returns when no answer was stubbed.
///
/// Optionals (`nil`), `Bool` (`false`), numbers (`0`), strings (`""`) and collections (empty)
/// conform; conform your own types to let relaxed doubles return them.
public protocol Defaultable {
  /// The value a relaxed double returns for an unstubbed call.
  static var defaultValue: Self { get }
}

extension Optional: Defaultable {
  /// `nil`.
  public static var defaultValue: Wrapped? { nil }
}

extension Bool: Defaultable {
  /// `false`.
  public static var defaultValue: Bool { false }
}

extension String: Defaultable {
  /// The empty string.
  public static var defaultValue: String { "" }
}

extension Int: Defaultable {
  /// Zero.
  public static var defaultValue: Int { 0 }
}

extension Double: Defaultable {
  /// Zero.
  public static var defaultValue: Double { 0 }
}

extension Array: Defaultable {
  /// The empty array.
  public static var defaultValue: [Element] { [] }
}

extension Dictionary: Defaultable {
  /// The empty dictionary.
  public static var defaultValue: [Key: Value] { [:] }
}

extension Set: Defaultable {
  /// The empty set.
  public static var defaultValue: Set<Element> { [] }
}
