// Protocols shaped like those of real packages (issue 16), each of a kind that once gave a
// mock that did not compile. The `@Mock` macro mocks them here; `assay mock` mocks this file
// into GeneratedMockTests/Mocks.swift; both run the same tests.

import AssayMock

// Real packages import Foundation's parts under conditions: the command's mocks need the same.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A point in time a tracer understands: a parent from the standard library (`Comparable`).
@Mock
public protocol TracerInstant: Comparable, Sendable {
  /// Nanoseconds since the epoch.
  var nanosecondsSinceEpoch: UInt64 { get }
}

/// A moment of the fixtures' tracer.
public struct Moment: TracerInstant {
  /// Nanoseconds since the epoch.
  public var nanosecondsSinceEpoch: UInt64
  /// The moment `nanoseconds` after the epoch.
  public init(_ nanoseconds: UInt64) { nanosecondsSinceEpoch = nanoseconds }
  /// Earlier moments come first.
  public static func < (lhs: Moment, rhs: Moment) -> Bool {
    lhs.nanosecondsSinceEpoch < rhs.nanosecondsSinceEpoch
  }
}

/// A generic parameter used only inside an `@autoclosure` (as swift-distributed-tracing's
/// `Span.recordError(_:attributes:at:)` does), and a `Date` from a conditional import.
@Mock
public protocol Span: AnyObject, Sendable {
  /// Records an error at an instant the span's tracer understands.
  func recordError<Instant: TracerInstant>(
    _ message: String, at instant: @autoclosure () -> Instant)
  /// Ends the span.
  func end(at date: Date)
  /// Parameter names that are keywords (`as`, `in`), as real packages write them.
  func attribute(_ name: String, as: String, in: Int) -> String
}

/// Members under `#if` and a typealias in the body, as swift-nio's `EventLoop` has them.
@Mock
public protocol EventLoopLike: AnyObject, Sendable {
  /// A name for tasks.
  typealias TaskName = String
  /// Runs a task.
  func execute(_ name: TaskName)
  #if os(Linux) || os(macOS)
    /// Only where the system has one.
    func systemThreadName() -> String
  #else
    /// Elsewhere.
    func portableThreadName() -> String
  #endif
}

/// A function type under another name, as real packages declare handlers.
public typealias CompletionHandler = @Sendable (Int) -> Void

/// Parameters typed by that alias, non-escaping and escaping. (The macro sees only the
/// protocol; `assay mock` reads the alias in this file, and a typealias in the body serves
/// both.)
@Mock
public protocol Uploader {
  /// A handler named in the body.
  typealias ProgressHandler = (Double) -> Void
  /// Reports progress while it runs: a non-escaping closure.
  func upload(_ data: [UInt8], progress: ProgressHandler)
  /// Calls back later: an escaping closure under the file's alias.
  func upload(_ data: [UInt8], completion: @escaping CompletionHandler)
}

/// A method's generic parameter named like the protocol's associated type.
@Mock
public protocol Factory {
  /// What the factory keeps.
  associatedtype Element
  /// Makes a number from any value: this `Element` is the method's own.
  func make<Element>(_ value: Element) -> Int
}

/// A noncopyable argument (swift-nio's `EventLoop.enqueue(_:)`): recorded as a placeholder.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@Mock
public protocol JobRunner: AnyObject, Sendable {
  /// Runs a job.
  func enqueue(_ job: consuming ExecutorJob)
}

/// A parent from Swift concurrency (`SerialExecutor`), whose `enqueue` the mock implements.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@Mock
public protocol LoopExecutor: SerialExecutor {
  /// Runs a task on the loop.
  func execute(_ task: @escaping @Sendable () -> Void)
}

/// A parent from the standard library with an associated type and a static requirement.
@Mock
public protocol Choice: CaseIterable, Sendable {
  /// What users see.
  var title: String { get }
}

/// swift-property-based's `SeededRandomNumberGenerator`: a parent from the standard library
/// with a `mutating` requirement, which the mock class implements as a method.
@Mock
public protocol SeededGenerator: RandomNumberGenerator, Sendable {
  /// The seed the next value comes from.
  var currentSeed: UInt64 { get }
}

/// Yams' `SexagesimalConvertible`: a parent from the standard library whose associated type
/// the mock takes as a generic parameter, and an initializer it must answer.
@Mock
public protocol Sexagesimal: ExpressibleByIntegerLiteral {
  /// The value of `string`, if it reads as one.
  static func create(from string: String) -> Self?
}

/// swift-mustache's `MustacheSequence`: a `Sequence`, whose mock is generic over its element
/// and iterator and answers `makeIterator()` with the stubbed iterator.
@Mock
public protocol RenderedSequence: Sequence {}

/// FlyingFox's `AsyncBufferedSequence` and `AsyncBufferedIteratorProtocol`: an
/// `AsyncSequence`, whose mock is generic over its element and iterator and answers
/// `makeAsyncIterator()` with the stubbed iterator, and an `AsyncIteratorProtocol` whose mock
/// answers `next()` and a requirement of its own.
@Mock
public protocol ChunkedStream: AsyncSequence {}

/// FlyingFox's `AsyncBufferedIteratorProtocol`: see ``ChunkedStream``.
@Mock
public protocol ChunkIterator: AsyncIteratorProtocol {
  /// The next elements, at most `count` of them.
  mutating func nextChunk(count: Int) async throws -> [Element]?
}

/// swift-subprocess's `OutputProtocol` and swift-configuration's `FileConfigSnapshot`:
/// requirements that take a span, which is non-escapable: the mock records a copy of what it
/// holds (`[UInt8]`, `[Element]`), which matchers check. (`Swift.Span`: this module declares
/// a `Span` of its own, as swift-distributed-tracing does.)
@Mock
public protocol SpanReader: Sendable {
  /// What the bytes read as.
  associatedtype Decoded: Sendable
  /// Reads `span`.
  func decode(from span: RawSpan) throws -> Decoded
  /// The sum of `values`.
  func sum(of values: Swift.Span<Int>) -> Int
}

/// swift-property-based's `RemovableCollection`: a `Collection`, whose mock is generic over
/// its element and index and answers the four requirements a collection must implement.
@Mock
public protocol ShrinkableCollection<Element>: Collection {
  /// Removes and returns the element at `i`.
  @discardableResult
  @inlinable mutating func remove(at i: Index) -> Element
}

/// swift-prometheus' `Bucketable`: `AdditiveArithmetic` (static `zero`, `+`, `-`) beside
/// `Comparable`.
@Mock
public protocol Bucketed: AdditiveArithmetic, Comparable, Sendable {
  /// How the bucket is written out.
  var bucketRepresentation: String { get }
}

/// XMLCoder's `XMLChoiceCodingKey`: a `CodingKey`, with its two failable initializers.
@Mock
public protocol ChoiceKey: CodingKey {}

/// swift-collections' `TestPrintable`: `~Copyable` lifts a requirement, it adds none.
@Mock
public protocol PrintableValue: ~Copyable {
  /// The value as text.
  func printed() -> String
}

/// Builds lines of a report.
@resultBuilder
public enum LinesBuilder {
  /// The lines, in order.
  public static func buildBlock(_ lines: String...) -> [String] { lines }
}

/// A result-builder attribute on a requirement, which the mock must not copy onto its body.
@Mock
public protocol Report {
  /// The report's lines.
  @LinesBuilder var lines: [String] { get }
}

// Only `assay mock` can mock the next protocols (it reads the files that declare their
// parents); the macro sees one protocol at a time. GeneratedMockTests/CommandOnlyMockTests.swift
// uses them.

/// A parent with a read-only property...
public protocol Labelled {
  /// The name.
  var name: String { get }
}

/// ...that a child redeclares settable: the mock implements it once, settable.
public protocol Renamable: Labelled {
  /// The name, which can change.
  var name: String { get set }
}

/// A composition under another name, as real packages declare them.
public typealias LabelledAndSendable = Labelled & Sendable

/// A protocol inheriting through that alias.
public protocol Tagged: LabelledAndSendable {
  /// The tag.
  var tag: Int { get }
}

/// Handles inputs of one type.
public protocol Handling {
  /// What it takes.
  associatedtype Input
  /// What it gives.
  associatedtype Output
  /// Handles one input.
  func handle(_ input: Input) -> Output
}

/// The parent's associated types fixed by a `where` clause.
public protocol PageHandling: Handling where Input == Page, Output == Int {}

/// The same, restating the parent's requirement with the types its `where` clause fixes
/// (swift-syntax's `SyntaxExpressibleByStringInterpolation`, whose mock declared the
/// initializer twice): one requirement.
public protocol PageHandlingRestated: Handling where Self.Input == Page, Output == Int {
  /// Handles one page.
  func handle(_ input: Page) -> Int
}

/// Answers with a value now...
public protocol Responding {
  /// Handles an event, answering at once.
  func handle(_ event: Int) -> String
}

/// ...and its child adds an overload that differs only in effects and result (as FluentKit's
/// `AnyAsyncModelResponder` does): both are requirements.
public protocol AsyncResponding: Responding {
  /// Handles an event, later.
  func handle(_ event: Int) async throws
}

/// A command run at once...
public protocol Runnable {
  /// Runs the command.
  mutating func run() throws
}

/// ...and its child that runs it later, with the parent's requirement redeclared `async` (as
/// swift-argument-parser's `AsyncParsableCommand` does): the two implementations share one
/// stubbing member.
public protocol AsyncRunnable: Runnable {
  /// Runs the command, later.
  mutating func run() async throws
}

/// A property that belongs to an owner type.
public protocol OwnedProperty {
  /// The owner.
  associatedtype Owner
}

/// A property seen through an alias, whose generic requirements name the alias itself.
public struct AliasedProperty<Alias: Aliasing, Property: OwnedProperty>
where Property.Owner == Alias.Owner {
  /// An aliased property.
  public init() {}
}

/// FluentKit's `ModelAlias` shape: a requirement whose generic requirements refer to the
/// conforming type itself, implemented by the protocol's own extension. A mock's
/// implementation would be rejected, so the command leaves it to the extension.
public protocol Aliasing {
  /// What the alias stands for.
  associatedtype Owner
  /// A property of the owner, through the alias.
  subscript<Property>(
    dynamicMember keyPath: KeyPath<Owner, Property>
  ) -> AliasedProperty<Self, Property> where Property.Owner == Owner { get }
  /// The alias's name.
  func name() -> String
}

extension Aliasing {
  /// The only implementation a conforming type needs.
  public subscript<Property>(
    dynamicMember keyPath: KeyPath<Owner, Property>
  ) -> AliasedProperty<Self, Property> where Property.Owner == Owner {
    AliasedProperty()
  }
}

/// Nimble's `NMBContainer` shape: a parameter of type `Any`. A one-element parameter pack of
/// `Any` is not `Any` to the compiler, so `MockCall<Any, Bool>` did not match itself.
public protocol AnyContainer {
  /// Whether the container holds `object`.
  func contains(_ object: Any) -> Bool
}

/// GraphQL's `IndexPath`: a type of the module named like one of Foundation's. In a mock
/// file that imports both, the name alone is ambiguous; the mock writes it
/// `MockFixtures.IndexPath`.
public struct IndexPath: Equatable, Sendable {
  /// The path's keys.
  public var keys: [String]
  /// A path of `keys`.
  public init(_ keys: [String]) { self.keys = keys }
}

/// GraphQL's `FieldExecutionStrategy` shape: requirements that name the module's `IndexPath`.
public protocol FieldResolving {
  /// The paths below `path`.
  func children(of path: IndexPath) -> [IndexPath]
}

/// Made from a source, `String` unless a conforming type says otherwise.
public protocol Sourced {
  /// Where a value comes from.
  associatedtype Source = String
  /// Makes a value from its source.
  init(source: Source)
}

/// hummingbird's `ChildRequestContext` shape: a child fixes the parent's defaulted associated
/// type (`where Source == Never`). The mock took the parent's default, and did not conform.
public protocol ChildSourced<Parent>: Sourced where Source == Never {
  /// The value it is made from instead.
  associatedtype Parent: Sourced
  /// Makes a value from its parent.
  init(parent: Parent) throws
}

/// Made from a source of a type that a child gives in angle brackets (a primary associated
/// type, as hummingbird's `InitializableFromSource<Source>` has).
public protocol MadeFrom<Source> {
  /// Where a value comes from.
  associatedtype Source
  /// Makes a value from its source.
  init(source: Source)
}

/// hummingbird-websocket's `WebSocketRequestContext` shape: a parent given with its primary
/// associated type (`InitializableFromSource<ApplicationRequestContextSource>`), which fixes
/// it. The command looked the parent up by the whole text, found nothing, and refused.
public protocol PageContext: MadeFrom<Page> {
  /// The page's title.
  var title: String { get }
}

/// Identified by a value of its own type, once stored (fluent's `Model` shape).
public protocol Stored {
  /// What identifies it.
  associatedtype StoredID: Codable & Hashable & Sendable
  /// Its identifier, once stored.
  var storedID: StoredID? { get }
}

/// Kept in a session by an identifier written as text (vapor's `SessionAuthenticatable` shape).
public protocol SessionKept {
  /// The identifier written into the session.
  associatedtype SessionKey: LosslessStringConvertible
  /// Its identifier in the session.
  var sessionKey: SessionKey { get }
}

/// fluent's `ModelSessionAuthenticatable` shape: one parent's associated type is the other's
/// (`where SessionID == IDValue`), so the mock's generic parameter must meet both parents'
/// constraints. It met only its own parent's (`Codable & Hashable & Sendable`), and the mock
/// did not conform to the other (`LosslessStringConvertible`).
public protocol StoredInSession: Stored, SessionKept where SessionKey == StoredID {}

/// hummingbird's `ApplicationProtocol` shape: the protocol's `where` clause names a typealias
/// of its own body (`Context = Responder.Context`), which the mock's `where` clause cannot see.
public protocol HandlingServer where Request: Equatable {
  /// What handles the requests.
  associatedtype Handler: Handling
  /// What it serves.
  typealias Request = Handler.Input
  /// The handler.
  var handler: Handler { get }
}

/// swift-configuration's `ConfigProvider` shape: a result that may be noncopyable
/// (`Return: ~Copyable`), which no stub can hold. The mock's `MockCall` required a copyable
/// result, and did not compile; now the call is recorded and fails.
@Mock
public protocol Watching: Sendable {
  /// The value now.
  func value() -> Int
  /// Calls `handler` with the updates, and returns what it returns.
  func watch<Return: ~Copyable>(
    handler: (_ updates: [Int]) async throws -> Return
  ) async throws -> Return
}

/// grpc-swift-nio-transport's `HTTP2ServerTransport`: a namespace whose nested protocol names
/// the namespace's other types unqualified.
public enum Transport {
  /// Configures each connection.
  public struct Configurator: Sendable {
    /// The connection's name.
    public var name: String
    /// A configurator naming its connections `name`.
    public init(name: String) { self.name = name }
  }

  /// `HTTP2ServerTransport.ListenerFactory`'s shape: the command wrote its mock outside
  /// `Transport`, where `Configurator` means nothing.
  public protocol ListenerMaking: Sendable {
    /// Makes a listener that configures its connections with `configurator`.
    func makeListener(configurator: Configurator) -> Int
  }
}

/// swift-numerics' `AlgebraicField: SignedNumeric`: a parent of the standard library that
/// `assay mock` reads from the toolchain's interface of `Swift` (it was refused), with
/// requirements it restates under other names (`/(a:b:)`, `init?<Source>(exactly:)` over
/// Numeric's `init?<T>(exactly:)`), each implemented once.
public protocol Field: SignedNumeric {
  /// The quotient.
  static func / (a: Self, b: Self) -> Self
  /// The product, as Numeric declares it with other names.
  static func * (a: Self, b: Self) -> Self
  /// A value equal to `value`, if there is one.
  init?<Source: BinaryInteger>(exactly value: Source)
  /// One divided by the value, if there is one.
  var reciprocal: Self? { get }
}

/// FloatingPoint's `where Self == Self.Magnitude`: the associated type named on the right of a
/// same-type requirement is fixed, and a requirement on it (`Comparable`) holds through the
/// conformance.
public protocol Quantity: SignedNumeric, Comparable where Self == Self.Magnitude {
  /// The unit.
  var unit: String { get }
}

/// swift-crypto's `HashFunction`: an associated type declared in `#if` branches with other
/// constraints. The mock was generic over the first branch's, whichever branch compiled.
public protocol Hashing: Sendable {
  #if NO_SUCH_CONDITION
    /// What it makes where the condition holds.
    associatedtype Output: NoSuchProtocolHere
  #else
    /// What it makes here.
    associatedtype Output: Equatable
  #endif
  /// Hashes `bytes`.
  func hash(_ bytes: [UInt8]) -> Output
}

/// swift-crypto's `Digest: ContiguousBytes`: a parent from Foundation, which ships neither
/// sources nor an interface on Linux, read from its symbol graph (it was refused).
public protocol ByteDigest: ContiguousBytes {
  /// The digest's size in bytes.
  var byteCount: Int { get }
}

/// swift-crypto's `Digest: Sequence where Element == UInt8`: the mock's `where` clause wrote
/// Sequence's `Iterator.Element == Element`, a typealias it cannot see.
public protocol ByteSequence: Sequence where Element == UInt8 {
  /// How many bytes.
  var byteCount: Int { get }
}

/// postgres-nio's `PostgresThrowingDynamicTypeEncodable`: requirements that throw, which a
/// child declares again without throwing.
public protocol ThrowingEncoding {
  /// Writes the value into `buffer`.
  func encode(into buffer: inout [UInt8]) throws
  /// Reads how many bytes the value takes.
  func size() async throws -> Int
}

/// postgres-nio's `PostgresDynamicTypeEncodable` restates its parent's `encode(into:context:)`
/// without `throws`: the mock implemented both, an invalid redeclaration. One method each now,
/// that throws only what every declaration may throw: nothing.
public protocol NonThrowingEncoding: ThrowingEncoding {
  /// Writes the value into `buffer`, never failing.
  func encode(into buffer: inout [UInt8])
  /// Reads how many bytes the value takes, never failing.
  func size() async -> Int
}

/// swift-protobuf's `ProvidesLocationPath`: `var file: FileDescriptor! { get }`. An implicitly
/// unwrapped optional is allowed only as a declaration's type: the stubbing members wrote it as
/// a generic argument (`MockCall<(), Page!>`), which does not compile; there it is `Page?`.
public protocol LocatedPage {
  /// The page, once loaded.
  var page: Page! { get }
  /// The page at `index`, once loaded.
  func page(at index: Int!) -> Page!
}

/// swift-protobuf's `ExtensionField: AnyExtensionField, Hashable`, whose parent declares
/// `hash(into:)` itself: the mock implemented it twice (the requirement, recorded, and the
/// identity's hash), and did not conform to `Hashable`.
public protocol HashedField: Hashable {
  /// Feeds the field into `hasher`.
  func hash(into hasher: inout Hasher)
  /// The field's name.
  var name: String { get }
}

/// swift-syntax's `ListBuilder`: typealiases in the protocol's body over its associated type
/// (`Row = FinalResult.Element`, `Rows = [Row]`), named by its requirements. The mock named
/// them too, and the compiler, resolving them through the conformance that the mock's members
/// witness, stopped at a "circular reference"; the mock writes their values.
public protocol RowBuilding {
  /// The collection the rows are built into.
  associatedtype FinalResult: Collection
  /// One row.
  typealias Row = FinalResult.Element
  /// Rows built so far.
  typealias Rows = [Row]
  /// Joins the rows of each part.
  static func buildBlock(_ parts: Rows...) -> Rows
  /// One row.
  static func buildExpression(_ row: Row) -> Rows
  /// Several rows.
  static func buildExpression(_ rows: some Sequence<Row>) -> Rows
  /// The collection of the rows.
  static func buildFinalResult(_ rows: Rows) -> FinalResult
}

/// swift-syntax's `SyntaxCollection: BidirectionalCollection`. BidirectionalCollection declares
/// `SubSequence` and `Indices` again (`override associatedtype`), without Collection's defaults
/// (`Slice<Self>`, `DefaultIndices<Self>`) and requirements (`SubSequence.Element == Element`):
/// the mock, generic over them as the child's declarations alone say, did not conform to
/// `Collection`. Each declaration of an associated type adds to the first.
public protocol PageShelf: BidirectionalCollection where Element == Page, Index == Int {
  /// The shelf's label.
  var label: String { get }
}
