import AssayMock
import Foundation

// Protocols covering every feature the mock generator supports. The `@Mock` macro mocks them
// here; `assay mock` mocks the same file into GeneratedMockTests/Mocks.swift; both sets of
// mocks run the same tests (MockFeatureTests.swift).

/// A page a loader returns.
public struct Page: Equatable, Sendable, Defaultable {
  /// Its title.
  public var title: String

  /// Creates a page.
  public init(title: String) { self.title = title }

  /// A page with no title, for relaxed mocks.
  public static var defaultValue: Page { Page(title: "") }
}

/// Why a page did not load.
public enum LoadError: Error, Equatable {
  case offline
}

/// Methods: plain, overloaded, async, throwing, typed throws, rethrows, inout, variadic,
/// closures (escaping and not), generic with constraints.
@Mock
public protocol PageLoader {
  func load(_ id: Int) -> Page
  func load(_ name: String) -> Page
  func refresh() async
  func fetch(from url: URL) async throws -> Data
  func page(at index: Int) throws(LoadError) -> Page
  func transform(_ pages: [Page], _ change: (Page) throws -> Page) rethrows -> [Page]
  func normalize(_ title: inout String)
  func tag(_ labels: String...)
  func onChange(_ handler: @escaping @Sendable (Page) -> Void)
  func each(_ body: (Page) -> Void)
  func decode<T: Decodable & Sendable>(_ type: T.Type, from data: Data) throws -> T
  func first<C: Collection>(of pages: C) -> Page? where C.Element == Page
  func count(of pages: some Collection<Page>) -> Int
}

/// Arguments passed with their ownership said: `consuming`, `borrowing` (recorded as a copy),
/// `sending`.
@Mock
public protocol TitleSink {
  func keep(_ title: consuming String)
  func look(at title: borrowing String) -> Int
  func hand(_ title: sending String) async
}

/// Properties: get, get set, async and throwing getters; subscripts; static members.
@Mock
public protocol Settings {
  var name: String { get }
  var volume: Int { get set }
  var remote: String { get async throws }
  subscript(key: String) -> Int? { get set }
  subscript(index index: Int) -> String { get }
  static var defaultName: String { get }
  static func make(named name: String) -> Self
}

/// Associated types with a constraint and with a default, and an initializer requirement.
@Mock
public protocol Repository {
  associatedtype Item: Equatable & Sendable
  associatedtype Key = String
  init(name: String)
  func item(for key: Key) -> Item?
  func save(_ item: Item, for key: Key)
}

/// A parent protocol.
@Mock
public protocol Named {
  var displayName: String { get }
}

/// Declared without `@Mock`: the macro cannot see `Named`; `assay mock` can.
public protocol Described: Named, Equatable {
  func describe() -> String
}

/// A `@MainActor` protocol, as a view is.
@Mock
@MainActor
public protocol PageView: AnyObject {
  func show(_ page: Page)
  func showError(_ message: String)
}

/// A Sendable protocol: the mock is Sendable, shared between tasks.
@Mock
public protocol Clock: Sendable {
  func now() -> Date
}

/// An actor-constrained protocol.
@Mock
public protocol Cache: Actor {
  func value(for key: String) -> Data?
  func store(_ data: Data, for key: String)
}

/// A class-bound delegate, compared by identity as the seed's delegate test does.
@Mock
public protocol SpeedDelegate: AnyObject {
  func speedDidChange(to speed: Double)
}

/// A protocol and members named with raw identifiers (Swift 6.2): its mock is
/// `` `MockAddress Book` ``.
@Mock
public protocol `Address Book` {
  func `look up`(_ name: String) -> Int
  var `is empty`: Bool { get }
  func `default`() throws
}
