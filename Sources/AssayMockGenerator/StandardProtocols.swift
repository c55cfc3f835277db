import SwiftParser
import SwiftSyntax

/// The requirements of the standard library's and Swift concurrency's protocols that mocked
/// protocols commonly inherit, written as Swift, so that a mock implements them as it does
/// the requirements of a protocol in the files read (issue 16: no user can add the file that
/// declares `Comparable`).
///
/// Marker protocols without requirements are in ``markers``. `Equatable` and `Hashable` are
/// implemented by identity (see ``ProtocolRequirements``), `Actor` makes the mock an actor.
enum StandardProtocols {
  /// Protocols a mock conforms to with nothing to implement.
  static let markers: Set<String> = [
    "Error", "SendableMetatype", "Copyable", "Escapable", "BitwiseCopyable",
  ]

  /// A parent written as a composition of others.
  static let compositions: [String: [String]] = ["Codable": ["Encodable", "Decodable"]]

  /// The declarations, by name.
  static let byName: [String: ProtocolDeclSyntax] = ProtocolRequirements.byName(
    Parser.parse(source: source).statements.compactMap { $0.item.as(ProtocolDeclSyntax.self) })

  private static let source = """
      protocol Comparable: Equatable {
        static func < (lhs: Self, rhs: Self) -> Bool
      }
      protocol CustomStringConvertible {
        var description: String { get }
      }
      protocol CustomDebugStringConvertible {
        var debugDescription: String { get }
      }
      protocol LosslessStringConvertible: CustomStringConvertible {
        init?(_ description: String)
      }
      protocol Identifiable {
        associatedtype ID: Hashable
        var id: ID { get }
      }
      protocol RawRepresentable {
        associatedtype RawValue
        init?(rawValue: RawValue)
        var rawValue: RawValue { get }
      }
      protocol CaseIterable {
        associatedtype AllCases: Collection = [Self] where AllCases.Element == Self
        static var allCases: AllCases { get }
      }
      protocol Executor: AnyObject, Sendable {
        func enqueue(_ job: consuming ExecutorJob)
      }
      protocol SerialExecutor: Executor {}
      protocol Sequence {
        associatedtype Element
        associatedtype Iterator: IteratorProtocol where Iterator.Element == Element
        func makeIterator() -> Iterator
      }
      protocol AsyncIteratorProtocol {
        associatedtype Element
        mutating func next() async throws -> Element?
      }
      protocol AsyncSequence {
        associatedtype Element
        associatedtype AsyncIterator: AsyncIteratorProtocol where AsyncIterator.Element == Element
        func makeAsyncIterator() -> AsyncIterator
      }
      protocol Collection {
        associatedtype Element
        associatedtype Index: Comparable
        associatedtype SubSequence: Collection = Slice<Self>
          where SubSequence.Element == Element, SubSequence.SubSequence == SubSequence
        associatedtype Indices: Collection = DefaultIndices<Self>
          where Indices.Element == Index, Indices.Index == Index, Indices.SubSequence == Indices
        var startIndex: Index { get }
        var endIndex: Index { get }
        subscript(position: Index) -> Element { get }
        func index(after i: Index) -> Index
      }
      protocol AdditiveArithmetic: Equatable {
        static var zero: Self { get }
        static func + (lhs: Self, rhs: Self) -> Self
        static func - (lhs: Self, rhs: Self) -> Self
      }
      protocol CodingKey: Sendable {
        var stringValue: String { get }
        init?(stringValue: String)
        var intValue: Int? { get }
        init?(intValue: Int)
      }
      protocol RandomNumberGenerator {
        mutating func next() -> UInt64
      }
      protocol ExpressibleByIntegerLiteral {
        associatedtype IntegerLiteralType: _ExpressibleByBuiltinIntegerLiteral
        init(integerLiteral value: IntegerLiteralType)
      }
      protocol Encodable {
        func encode(to encoder: any Encoder) throws
      }
      protocol Decodable {
        init(from decoder: any Decoder) throws
      }
    """

  /// `Comparable` for `Swift.Comparable`.
  static func unqualified(_ name: String) -> String {
    for module in ["Swift.", "_Concurrency."] where name.hasPrefix(module) {
      return String(name.dropFirst(module.count))
    }
    return name
  }
}
