import AssayTestSupport
import Foundation
import Testing

/// The `assay` commands run as users run them, in a fresh folder per test.
@Suite final class AssayCommandTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-mock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  @Test func resolvesInheritanceAcrossFiles() async throws {
    try write("Loader.swift", "protocol Loader { func load() -> Int }")
    try write(
      "Store.swift", "import Foundation\nprotocol Store: Loader { func save(_ data: Data) }")
    let run = try await assay("mock", "Loader.swift", "Store.swift", "--protocol", "Store")
    #expect(run.status == 0)
    #expect(run.output.contains("final class MockStore: Store, Sendable"))
    #expect(run.output.contains("func load() -> Int"))
    #expect(run.output.contains("import Foundation"))
    #expect(!run.output.contains("class MockLoader"))
  }

  /// hummingbird's `RouterRequestContext: RequestContext`: the parent's requirements name
  /// `JSONDecoder`, which its file imports from Foundation and the child's file does not.
  /// The mock, which implements both, needs both files' imports ("cannot find type
  /// 'JSONDecoder' in scope" in the real-world harness).
  @Test func theParentsFilesImportsComeWithTheirRequirements() async throws {
    try write(
      "Context.swift", "import Foundation\nprotocol Context { var decoder: JSONDecoder { get } }")
    try write("RouterContext.swift", "protocol RouterContext: Context { func route() }")
    let run = try await assay(
      "mock", "Context.swift", "RouterContext.swift", "--protocol", "RouterContext")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("var decoder: JSONDecoder"), "\(run.output)")
    #expect(run.output.contains("import Foundation"), "\(run.output)")
  }

  /// The same when the parent is found in another target: hummingbird's `HummingbirdRouter`
  /// mocked alone, its `RequestContext` parent read from `Hummingbird`'s sources (the harness,
  /// after the fix above, still: "cannot find type 'JSONDecoder' in scope").
  @Test func theImportsOfAParentFoundInAnotherTargetComeToo() async throws {
    try write("Package.swift", "// swift-tools-version: 6.0\n")
    try write(
      "Sources/Lib/Context.swift",
      "import Foundation\npublic protocol Context { var decoder: JSONDecoder { get } }")
    try write(
      "Sources/Router/RouterContext.swift",
      "import Lib\nprotocol RouterContext: Context { func route() }")
    let run = try await assay("mock", "Sources/Router", "--protocol", "RouterContext")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("var decoder: JSONDecoder"), "\(run.output)")
    #expect(run.output.contains("import Foundation"), "\(run.output)")
  }

  /// swift-argument-parser's `ParsableArguments: _SendableMetatype`, whose parent is
  /// `@_marker`: an attribute only a protocol may carry stays off the mock.
  @Test func attributesOnlyAProtocolMayCarryStayOffTheMock() async throws {
    try write(
      "Command.swift",
      """
      @_marker public protocol _SendableMetatype {}
      @rethrows public protocol Visiting {}
      public protocol Command: _SendableMetatype, Visiting { func run() }
      """)
    let run = try await assay("mock", "Command.swift", "--protocol", "Command")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("final class MockCommand: Command, Sendable"), "\(run.output)")
    #expect(!run.output.contains("@_marker"), "\(run.output)")
    #expect(!run.output.contains("@rethrows"), "\(run.output)")
  }

  /// swift-service-lifecycle's users' `protocol Worker: Service`, swift-argument-parser's test
  /// helpers' `TestableParsableArguments: ParsableArguments`: a parent declared in another
  /// target of the package, or in a dependency, is found without the user's help.
  @Test func aParentInAnotherTargetOrADependencyIsFoundWithoutHelp() async throws {
    try write("Package.swift", "// swift-tools-version: 6.0\n")
    try write("Sources/Lib/Base.swift", "public protocol Base { func start() }")
    try write(
      ".build/checkouts/dep/Sources/Dep/Service.swift",
      "public protocol Service: Sendable { func run() async throws }")
    try write(
      "Sources/Helpers/Worker.swift",
      "import Dep\nimport Lib\nprotocol Worker: Base, Service { func stop() }")
    let run = try await assay("mock", "Sources/Helpers", "--protocol", "Worker")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("final class MockWorker: Worker"), "\(run.output)")
    for requirement in ["func start()", "func run() async throws", "func stop()"] {
      #expect(run.output.contains(requirement), "\(requirement): \(run.output)")
    }
    #expect(
      run.errors.hasPrefix("note: parent protocols read from 2 files of the package and its "),
      "\(run.errors)")
  }

  /// grpc-swift-nio-transport's `ListeningServerTransport`: its module and NIOCore, which its
  /// file imports, both declare `SocketAddress`; alone in the mock file it was ambiguous. A
  /// name that a module imported from the package or its checkouts declares too is written
  /// with the module's name; a name no other module declares stays as it is.
  @Test func aNameThatAnImportedModuleDeclaresTooIsQualified() async throws {
    try write("Package.swift", "// swift-tools-version: 6.0\n")
    try write(
      ".build/checkouts/nio/Sources/NIOCore/SocketAddress.swift",
      "public enum SocketAddress: Sendable { case v4 }")
    try write(
      "Sources/Transport/Transport.swift",
      """
      import NIOCore
      public struct SocketAddress: Sendable {}
      public struct Listener: Sendable {}
      public protocol ListeningServerTransport {
        func listeningAddress() async throws -> SocketAddress
        func listener() -> Listener
      }
      """)
    let run = try await assay("mock", "Sources/Transport", "--import", "Transport")
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains("func listeningAddress() async throws -> Transport.SocketAddress"),
      "\(run.output)")
    #expect(run.output.contains("func listener() -> Listener"), "\(run.output)")
  }

  /// A type nested in the module's own types is not what its files mean by the name at file
  /// scope: there the imported module's type is meant, and stays unqualified.
  @Test func aNestedTypeNamedLikeAnImportedOneIsNotQualified() async throws {
    try write("Package.swift", "// swift-tools-version: 6.0\n")
    try write(
      ".build/checkouts/log/Sources/Logging/Configuration.swift",
      "public struct Configuration: Sendable {}")
    try write(
      "Sources/Server/Server.swift",
      """
      import Logging
      public enum Hub {
        /// "{" in a string, and a brace in a comment: }
        public struct Configuration: Sendable {}
      }
      extension Hub { public struct Options {} }
      public protocol Configured { func configuration() -> Configuration }
      """)
    let run = try await assay("mock", "Sources/Server", "--import", "Server")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("func configuration() -> Configuration {"), "\(run.output)")
  }

  /// hummingbird's modules, built with `InternalImportsByDefault`, write `public import`: a
  /// plain `import Assay` is internal there, and a public mock's `calls` then uses an internal
  /// type ("property cannot be declared public because its type uses an internal type"; 28 of
  /// 28 hummingbird mocks failed in a target with the module's settings).
  @Test func aModuleWithAccessLevelsOnImportsGetsItsMocksImportsAtTheirAccess() async throws {
    try write(
      "Client.swift",
      "public import HTTPTypes\npublic protocol Client { func execute() -> HTTPFields }")
    try write("Internal.swift", "import HTTPTypes\nprotocol Hidden { func run() }")
    let run = try await assay("mock", "Client.swift", "--import", "Testing2")
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains("public import Assay\npublic import HTTPTypes\npublic import Testing2\n"),
      "\(run.output)")
    let plain = try await assay("mock", "Internal.swift", "--import", "Testing2")
    #expect(
      plain.output.contains("import Assay\nimport HTTPTypes\nimport Testing2\n"), "\(plain.output)")
    #expect(!plain.output.contains("public import"), "\(plain.output)")
  }

  /// A file with no imports says nothing of the module's settings: xctest-dynamic-overlay's
  /// `IssueReporter`, public, in a file that imports nothing, of a module built with
  /// `InternalImportsByDefault`, got a mock importing Assay internally ("method cannot be
  /// declared public because its parameter uses an internal type", in the real-world harness).
  /// Public mocks import Assay and the protocol's module publicly, which any module accepts.
  @Test func publicMocksImportAssayAndTheModulePubliclyWhateverTheFilesWrite() async throws {
    try write("Reporter.swift", "public protocol Reporter { func report(_ message: String) }")
    let run = try await assay("mock", "Reporter.swift", "--import", "Reporting")
    #expect(run.status == 0, "\(run.errors)")
    let imports = run.output.split(separator: "\n").filter { $0.contains("import ") }
    #expect(imports == ["public import Assay", "public import Reporting"], "\(run.output)")
  }

  /// swift-syntax's `SyntaxExpressibleByStringInterpolation` restates its parent's
  /// `init(stringInterpolation: StringInterpolation)` with the type its `where` clause fixes
  /// (`Self.StringInterpolation == SyntaxStringInterpolation`): once the mock's typealias fixes
  /// it, the two are one initializer, and writing both was an invalid redeclaration (3 of 57
  /// swift-syntax mocks rejected, this one among them).
  @Test func aRequirementRestatedWithTheTypeAWhereClauseFixesIsWrittenOnce() async throws {
    try write(
      "Reading.swift",
      """
      public protocol Reading {
        associatedtype Source
        init(reading source: Self.Source)
      }

      public protocol TextReading: Reading where Self.Source == String {
        init(reading source: String)
      }
      """)
    let run = try await assay("mock", "Reading.swift", "--protocol", "TextReading")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("typealias Source = String"), "\(run.output)")
    #expect(
      run.output.components(separatedBy: "public init(reading source:").count == 2,
      "\(run.output)")
  }

  /// postgres-nio imports single declarations (`import class Foundation.JSONDecoder`): the
  /// module declares no `JSONDecoder`, and the mock wrote `PostgresNIO.JSONDecoder`.
  @Test func aDeclarationImportDeclaresNothing() async throws {
    try write(
      "Coding.swift",
      """
      import class Foundation.JSONDecoder
      public protocol Decoding { func decoder() -> JSONDecoder }
      """)
    let run = try await assay("mock", "Coding.swift", "--import", "PostgresNIO")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("func decoder() -> JSONDecoder {"), "\(run.output)")
  }

  /// mxcl/Version's shape: a module that declares a type named like itself. `Version.Tag`
  /// would look for a member of the type, so its names are never qualified.
  @Test func aModuleWithATypeOfItsOwnNameIsNeverQualified() async throws {
    try write("Package.swift", "// swift-tools-version: 6.0\n")
    try write(
      ".build/checkouts/other/Sources/Other/Tag.swift", "public struct Tag: Sendable {}")
    try write(
      "Sources/Version/Version.swift",
      """
      import Other
      public struct Version: Sendable {}
      public struct Tag: Sendable {}
      public protocol Tagging { func tag() -> Tag }
      """)
    let run = try await assay("mock", "Sources/Version", "--import", "Version")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("func tag() -> Tag {"), "\(run.output)")
  }

  /// A parent that is a type alias in another target, declared in `#if` branches for older
  /// compilers (hummingbird's `_HB_SendableMetatype`: `SendableMetatype` or `Any`; 5 protocols
  /// of hummingbird were refused in the real-world harness).
  @Test func aParentThatIsATypeAliasInAnotherTargetIsFound() async throws {
    try write("Package.swift", "// swift-tools-version: 6.0\n")
    try write(
      "Sources/Core/SendableMetatype.swift",
      """
      #if compiler(>=6.2)
      public typealias _HB_SendableMetatype = SendableMetatype
      #else
      public typealias _HB_SendableMetatype = Any
      #endif
      """)
    try write(
      "Sources/App/Generator.swift",
      "import Core\npublic protocol ResponseGenerator: _HB_SendableMetatype { func response() -> Int }"
    )
    let run = try await assay("mock", "Sources/App")
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains("final class MockResponseGenerator: ResponseGenerator"), "\(run.output)")
    #expect(run.output.contains("func response() -> Int"), "\(run.output)")
  }

  /// Real packages import Foundation's parts under conditions; the mocks need the same.
  @Test func importsInsideIfBlocksAreMirrored() async throws {
    try write(
      "Clock.swift",
      """
      #if canImport(FoundationEssentials)
      import FoundationEssentials
      #else
      import Foundation
      #endif
      #if !os(WASI)
      import Dispatch
      protocol Clock { func now() -> Date }
      #endif
      """)
    let run = try await assay("mock", "Clock.swift")
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains(
        """
        import Assay
        #if canImport(FoundationEssentials)
          import FoundationEssentials
        #else
          import Foundation
        #endif
        #if !os(WASI)
          import Dispatch
        #endif
        """), "\(run.output)")
    #expect(run.output.contains("final class MockClock: Clock"))
  }

  /// Files of one module may import a module at different access levels; in one file that is
  /// an error ("ambiguous implicit access level for import of 'SystemPackage'", all 8 mocks of
  /// apple/swift-configuration in the real-world harness): the widest is kept, once.
  @Test func aModuleImportedAtSeveralAccessLevelsIsImportedOnceAtTheWidest() async throws {
    try write("Reader.swift", "public import SystemPackage\npublic protocol Reader { func read() }")
    try write("Writer.swift", "import SystemPackage\npublic protocol Writer { func write() }")
    try write("Closer.swift", "internal import Dispatch\nimport Dispatch\nprotocol Closer {}")
    let run = try await assay("mock", "Reader.swift", "Writer.swift", "Closer.swift")
    #expect(run.status == 0, "\(run.errors)")
    let imports = run.output.split(separator: "\n").filter { $0.contains("import ") }
    // Files that write access levels on imports: Assay is imported at the public mocks' level.
    #expect(
      imports == [
        "public import Assay", "internal import Dispatch", "public import SystemPackage",
      ],
      "\(run.output)")
  }

  /// A module imported with `@testable` is imported once, so: the file's own imports of it go,
  /// in `#if` blocks too.
  @Test func aTestableImportReplacesTheFilesImportsOfThatModule() async throws {
    try write(
      "Feed.swift",
      """
      import Store
      import Foundation
      #if DEBUG
      import Store
      import Dispatch
      #endif
      #if canImport(Darwin)
      import Store
      #endif
      protocol Feed { func items() -> [Item] }
      """)
    let run = try await assay("mock", "Feed.swift", "--testable-import", "Store")
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains(
        """
        import Assay
        import Foundation
        @testable import Store
        #if DEBUG
          import Dispatch
        #endif

        """), "\(run.output)")
    #expect(!run.output.contains("canImport(Darwin)"), "\(run.output)")
    #expect(run.output.contains("final class MockFeed: Feed"))
  }

  /// swift-log nests `Attribute` in `Logger.MetadataValueAttributes`: the mock, declared at
  /// the top level, names it in full.
  @Test func aNestedProtocolIsNamedInFull() async throws {
    try write(
      "Logger.swift",
      """
      struct Logger {
        enum Attributes {}
      }
      extension Logger.Attributes {
        protocol Attribute { var key: String { get } }
      }
      """)
    let run = try await assay("mock", "Logger.swift")
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains("final class MockAttribute: Logger.Attributes.Attribute, Sendable"),
      "\(run.output)")
  }

  @Test func aFileThatDoesNotParseIsReportedAndTheOthersAreStillMocked() async throws {
    try write("Good.swift", "protocol Good { func run() }")
    try write("Bad.swift", "protocol Bad {\n  func broken(\n}")
    let run = try await assay("mock", ".", "--output", "Mocks.swift")
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "./Bad.swift:2:15: error: cannot parse: expected ')' to end parameter clause; "
          + "no mocks from this file"))
    #expect(try read("Mocks.swift").contains("final class MockGood: Good"))
  }

  /// A file that is not UTF-8 is reported by name, and the others are still mocked.
  @Test func aFileThatIsNotUTF8IsReportedAndTheOthersAreStillMocked() async throws {
    try write("Good.swift", "protocol Good { func run() }")
    let latin1: [UInt8] = Array("// Caf".utf8) + [0xE9] + Array("\nprotocol Menu {}\n".utf8)
    try Data(latin1).write(to: folder.appendingPathComponent("Menu.swift"))
    let run = try await assay("mock", ".", "--output", "Mocks.swift")
    #expect(run.status == 1)
    #expect(run.errors == "./Menu.swift: error: cannot read this file as UTF-8 text\n")
    #expect(try read("Mocks.swift").contains("final class MockGood: Good"))
  }

  /// Only files that can declare what a mock needs are parsed; a protocol's extension in a file
  /// that never says `protocol` is still read.
  @Test func filesWithoutProtocolsAreSkippedUnlessTheyExtendOne() async throws {
    try write(
      "Aliasing.swift",
      """
      struct Aliased<A: Aliasing, Value> {}
      protocol Aliasing {
        associatedtype Owner
        subscript<Value>(dynamicMember keyPath: KeyPath<Owner, Value>) -> Aliased<Self, Value>
        where Value == Owner { get }
        func name() -> String
      }
      """)
    try write(
      "Aliasing+Default.swift",
      """
      extension Aliasing {
        subscript<Value>(dynamicMember keyPath: KeyPath<Owner, Value>) -> Aliased<Self, Value>
        where Value == Owner { Aliased() }
      }
      """)
    try write("Unrelated.swift", "struct Broken {\n  func f(\n}")
    let run = try await assay("mock", ".")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty)
    #expect(run.output.contains("final class MockAliasing<Owner>: Aliasing"), "\(run.output)")
    #expect(!run.output.contains("dynamicMember"), "\(run.output)")
  }

  /// A protocol's extension is read only for a requirement whose mock depends on it: a file
  /// that only extends protocols otherwise is not parsed (its syntax error goes unreported).
  @Test func extensionsOfProtocolsAreReadOnlyWhenAMockDependsOnThem() async throws {
    try write("Store.swift", "protocol Store { func save() }")
    try write("Store+Twice.swift", "extension Store {\n  func saveTwice(\n}")
    let run = try await assay("mock", ".")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty)
    #expect(run.output.contains("class MockStore: Store"), "\(run.output)")
  }

  /// "protocol" in a line comment or on a doc comment's margin declares nothing: the file is
  /// not parsed (its syntax error goes unreported). After a closed block comment it does.
  @Test func protocolsNamedOnlyInCommentsDoNotMakeAFileParsed() async throws {
    try write(
      "Notes.swift",
      """
      // A type for the protocol Loader.
      /**
       * protocol Sink: see Logging.
       */
      let broken = [1, 2
      """)
    try write("Old.swift", "/* kept */ protocol Old {\n  func run()\n}\n")
    let run = try await assay("mock", ".")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty)
    #expect(run.output.contains("final class MockOld: Old"), "\(run.output)")
  }

  /// The outline's scan does not know bare regular expressions: a brace in one ends a body
  /// too soon, the outline does not parse, and the file is parsed whole instead.
  @Test func aFileTheOutlineCannotFollowIsParsedWhole() async throws {
    try write(
      "Patterns.swift",
      #"""
      func closes(_ text: String) -> Bool {
        text.contains(/\}/)
      }
      protocol Matcher {
        func matches(_ text: String) -> Bool
      }
      """#)
    let run = try await assay("mock", "Patterns.swift")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty)
    #expect(run.output.contains("final class MockMatcher: Matcher"), "\(run.output)")
  }

  @Test func aProtocolItCannotMockIsAnErrorNamingTheLine() async throws {
    try write("Views.swift", "protocol View {\n  func show()\n}\nprotocol Screen: View, Missing {}")
    let run = try await assay("mock", "Views.swift")
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "Views.swift:4:24: error: 'Screen' inherits from 'Missing', which is not declared in "
          + "the files read: pass the file that declares it, or with --parents one that only "
          + "declares parents (for another module's protocol, its sources under "
          + ".build/checkouts) (no mock for 'Screen')"))
    #expect(run.output.contains("final class MockView: View"))
    #expect(!run.output.contains("MockScreen"))
  }

  /// A protocol declared under `#if` (in each branch, as generated files do): each mock is
  /// under the same condition, so no platform sees two mocks of one name, or a mock of a
  /// protocol it does not have.
  @Test func aProtocolUnderIfIsMockedUnderTheSameCondition() async throws {
    try write(
      "Clock.swift",
      """
      #if os(Linux)
        protocol Clock {
          func now() -> Int
        }
      #elseif os(macOS)
        protocol Clock {
          func now() -> Double
        }
      #endif
      """)
    let run = try await assay("mock", "Clock.swift")
    #expect(run.status == 0, "\(run.errors)")
    let linux = try #require(run.output.range(of: "#if (os(Linux))\n"), "\(run.output)")
    let macOS = try #require(
      run.output.range(of: "#if !(os(Linux)) && (os(macOS))\n"), "\(run.output)")
    #expect(run.output[linux.upperBound...].hasPrefix("/// A mock of `Clock`"))
    #expect(run.output[linux.upperBound..<macOS.lowerBound].contains("func now() -> Int {"))
    #expect(run.output[macOS.upperBound...].contains("func now() -> Double {"))
    #expect(run.output.components(separatedBy: "#endif").count == 3)
  }

  /// A module that declares a `MockLoader` of its own (a hand-written double): the generated
  /// mock takes another name, and says so, rather than one that collides.
  @Test func aMockNameTheModuleDeclaresIsNotTaken() async throws {
    try write("Loader.swift", "protocol Loader {\n  func load()\n}\n")
    try write(
      "Doubles.swift", "/// By hand.\nfinal class MockLoader: Loader {\n  func load() {}\n}\n")
    let run = try await assay("mock", ".")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("final class GeneratedMockLoader: Loader"), "\(run.output)")
    #expect(!run.output.contains("class MockLoader"), "\(run.output)")
    #expect(
      run.errors.contains(
        "note: the files read declare 'MockLoader' already: the mock of 'Loader' is "
          + "'GeneratedMockLoader'"), "\(run.errors)")
  }

  /// swift-atomics' `AtomicInteger: FixedWidthInteger`: a parent of the standard library is
  /// known from the toolchain (its symbol graphs, and its interface for `_`-names), with its
  /// parents (`BinaryInteger`, `Numeric`, ...), and implemented, but for what default
  /// implementations cover (`multipliedFullWidth(by:)`). Checked to compile in a scratch
  /// package, as swift-atomics' and swift-numerics' mocks are by the real-world harness.
  @Test func aStandardLibraryParentIsKnownFromTheToolchain() async throws {
    try write("Numbers.swift", "protocol Counter: FixedWidthInteger {\n  func count()\n}")
    let run = try await assay("mock", "Numbers.swift")
    #expect(run.status == 0, "\(run.errors)")
    for member in [
      "final class MockCounter<", "func count()", "static var bitWidth: Swift.Int",
      "init(_truncatingBits bits: Swift.UInt)", "var words: Words",
      "Magnitude == Magnitude.Magnitude",
    ] {
      #expect(run.output.contains(member), "\(member): \(run.output)")
    }
    #expect(!run.output.contains("func multipliedFullWidth"), "\(run.output)")
  }

  /// swift-nio's `NIOSerialEventLoopExecutor: EventLoop, SerialExecutor`: `EventLoop` requires
  /// `enqueue(_ job: consuming ExecutorJob)`, and the toolchain's `SerialExecutor` the same
  /// requirement written `consuming _Concurrency.ExecutorJob`. Told apart by that spelling,
  /// both were implemented, and the mock did not compile ("invalid redeclaration of
  /// 'enqueue'"): one requirement, one implementation.
  @Test func aRequirementOfTwoParentsSpelledWithItsModuleOrNotIsImplementedOnce() async throws {
    try write(
      "Loop.swift",
      """
      protocol Loop: AnyObject, Sendable {
        func enqueue(_ job: consuming ExecutorJob)
      }
      protocol SerialLoop: Loop, SerialExecutor {}
      """)
    let run = try await assay("mock", "Loop.swift", "--protocol", "SerialLoop")
    #expect(run.status == 0, "\(run.errors)")
    let implementations = run.output.components(separatedBy: "func enqueue(_ job: consuming")
    #expect(implementations.count == 2, "\(run.output)")
  }

  /// vapor/sql-kit, built with `InternalImportsByDefault`: its files import `import struct
  /// Logging.Logger`, which a public requirement names (`var logger: Logger`). Copied as it is,
  /// that import is internal in a module with the same setting, and the public mock did not
  /// compile ("property cannot be declared public because its type uses an internal type").
  /// A scoped import whose type the public mocks name takes their access; one they do not
  /// name stays as it is (a public import not used in public declarations is warned of).
  @Test func aScopedImportThatPublicMocksNameTakesTheirAccess() async throws {
    try write(
      "Store.swift",
      """
      import struct Foundation.URL
      import struct Foundation.Date
      public protocol Store { var url: URL { get } }
      """)
    let run = try await assay("mock", "Store.swift", "--import", "Stores")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("\npublic import struct Foundation.URL\n"), "\(run.output)")
    #expect(run.output.contains("\nimport struct Foundation.Date\n"), "\(run.output)")
  }

  /// swift-crypto's `Digest: ContiguousBytes`: a parent of Foundation, which ships neither
  /// sources nor an interface on Linux, is read from its symbol graph (written into the
  /// package's build folder), less what its extensions implement: LocalizedError's
  /// `errorDescription` has a default, so the mock of a `LocalizedError` implements only its own.
  @Test func aFoundationParentIsReadFromItsSymbolGraph() async throws {
    try write("Package.swift", "// swift-tools-version: 6.0\n")
    try write(
      "Sources/D/D.swift",
      """
      import Foundation
      public protocol Digest: ContiguousBytes {}
      public protocol Problem: LocalizedError { var code: Int { get } }
      """)
    let run = try await assay("mock", "Sources/D")
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains("public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer)"),
      "\(run.output)")
    #expect(run.output.contains("public var code: Int {"), "\(run.output)")
    #expect(!run.output.contains("errorDescription"), "\(run.output)")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(".build/assay/symbol-graphs").path))
  }

  /// The toolchain's commands that a tool runs (here `swift build` and
  /// `swift-symbolgraph-extract`) leave nothing in the user's `TMPDIR` once the tool ends.
  @Test func aToolLeavesNothingInTheUsersTemporaryFolder() async throws {
    try write("Package.swift", "// swift-tools-version: 6.0\n")
    try write("Sources/D/D.swift", "import Foundation\npublic protocol Digest: ContiguousBytes {}")
    let temporary = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let run = try await assay(["mock", "Sources/D"], environment: ["TMPDIR": temporary.path])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("withUnsafeBytes"), "\(run.output)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
  }

  /// swift-distributed-tracing's `Tracer` inherits `Instrument` from another module: read it
  /// with --parents, and only the child is mocked.
  @Test func parentsFromAnotherModuleAreReadWithParents() async throws {
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Instrumentation"), withIntermediateDirectories: true)
    try write("Instrumentation/Instrument.swift", "public protocol Instrument { func extract() }")
    try write("Tracer.swift", "public protocol Tracer: Instrument { func startSpan() }")
    let run = try await assay("mock", "Tracer.swift", "--parents", "Instrumentation")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("final class MockTracer: Tracer, Sendable"))
    #expect(run.output.contains("func extract()"))
    #expect(!run.output.contains("class MockInstrument"))
  }

  @Test func neverReplacesAFileItDidNotWrite() async throws {
    try write("Store.swift", "protocol Store { func save() }")
    try write("Mocks.swift", "// my own mocks\n")
    let refused = try await assay("mock", "Store.swift", "--output", "Mocks.swift")
    #expect(refused.status != 0)
    #expect(refused.errors.contains("Mocks.swift exists and was not written by assay mock"))
    #expect(try read("Mocks.swift") == "// my own mocks\n")

    let forced = try await assay("mock", "Store.swift", "--output", "Mocks.swift", "--force")
    #expect(forced.status == 0)
    #expect(try read("Mocks.swift").contains("final class MockStore"))
  }

  @Test func leavesAnUpToDateFileUntouchedAndChecksItIsUpToDate() async throws {
    try write("Store.swift", "protocol Store { func save() }")
    #expect(try await assay("mock", "Store.swift", "-o", "Mocks.swift").status == 0)
    let path = folder.appendingPathComponent("Mocks.swift").path
    let written = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate]
    #expect(try await assay("mock", "Store.swift", "-o", "Mocks.swift").status == 0)
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        == written as? Date)
    #expect(try await assay("mock", "Store.swift", "-o", "Mocks.swift", "--check").status == 0)

    try write("Store.swift", "protocol Store { func save(); func load() }")
    let stale = try await assay("mock", "Store.swift", "-o", "Mocks.swift", "--check")
    #expect(stale.status != 0)
    #expect(stale.errors.contains("Mocks.swift is not up to date"))
    #expect(!(try read("Mocks.swift").contains("load()")))
  }

  @Test func anUnknownProtocolNameIsAnError() async throws {
    try write("Store.swift", "protocol Store { func save() }")
    let run = try await assay("mock", "Store.swift", "--protocol", "Stroe")
    #expect(run.status != 0)
    #expect(run.errors.contains("no protocol named 'Stroe' in the files read"))
  }

  /// Files that declare no protocol gave a mock file with nothing in it, and exit 0: the
  /// command now says so, writes nothing, and fails.
  @Test func filesWithNoProtocolAreAnErrorAndNothingIsWritten() async throws {
    try write("Model.swift", "struct Model { var name: String }")
    let run = try await assay("mock", "Model.swift", "-o", "Mocks.swift")
    #expect(run.status != 0)
    #expect(
      run.errors.contains(
        "no protocol to mock in Model.swift: the 1 Swift file read declares none"),
      "\(run.errors)")
    #expect((try? read("Mocks.swift")) == nil)
  }

  /// A file that declares a protocol but does not parse (or is not UTF-8 text) was counted as
  /// one that declares none: the error said "declares none" and hid the file's problem.
  @Test(arguments: [
    (
      Array("protocol P {\n  func f() -> Int\n}\nlet = \n".utf8),
      "no protocol to mock in P.swift: the 1 Swift file read could not be parsed or read:\n"
        + "P.swift:4:5: error: cannot parse: expected pattern in variable; no mocks from this file"
    ),
    (
      [0xFF, 0xFE] + Array("protocol P { func h() }\n".utf8),
      "no protocol to mock in P.swift: the 1 Swift file read could not be parsed or read:\n"
        + "P.swift: error: cannot read this file as UTF-8 text"
    ),
  ])
  func aFileThatCannotBeParsedIsNamedWhenNothingIsMocked(bytes: [UInt8], error: String)
    async throws
  {
    try Data(bytes).write(to: folder.appendingPathComponent("P.swift"))
    let run = try await assay("mock", "P.swift", "-o", "Mocks.swift")
    #expect(run.status != 0)
    #expect(run.errors.contains(error), "\(run.errors)")
    #expect(!run.errors.contains("declares none"), "\(run.errors)")
    #expect((try? read("Mocks.swift")) == nil)
  }

  /// One file that parses and declares no protocol, one that does not parse.
  @Test func filesThatParseAndFilesThatDoNotAreToldApart() async throws {
    try write("Model.swift", "struct Model { var name: String }")
    try write("Store.swift", "protocol Store { func save(\n}\n")
    let run = try await assay("mock", "Model.swift", "Store.swift")
    #expect(run.status != 0)
    #expect(
      run.errors.contains(
        "no protocol to mock in Model.swift Store.swift: of the 2 Swift files read, 1 declares "
          + "none and 1 could not be parsed or read:\nStore.swift:"),
      "\(run.errors)")
  }

  @Test func helpExplainsTheCommand() async throws {
    let run = try await assay("mock", "--help")
    #expect(run.status == 0)
    #expect(run.output.contains("USAGE: assay mock <inputs> ... [--output <output>]"))
    #expect(run.output.contains("--testable-import"))
  }

  @Test func xunitNamesTheLineThatIsNotAnEvent() async throws {
    try write(
      "events.jsonl",
      #"{"kind":"test","payload":{"id":"M.S/t()","kind":"function","name":"t()"},"version":0}"#
        + "\nswift test printed this\n")
    let run = try await assay("xunit", "events.jsonl")
    #expect(run.status != 0)
    #expect(
      run.errors.contains(
        "events.jsonl:2: error: not an event of a Swift Testing event stream"), "\(run.errors)")
  }

  @Test func xunitListsATestWithItsFailure() async throws {
    try write(
      "events.jsonl",
      """
      {"kind":"test","payload":{"id":"M.S/t()/S.swift:3:4","kind":"function","name":"t()","isParameterized":false},"version":0}
      {"kind":"event","payload":{"kind":"testStarted","testID":"M.S/t()/S.swift:3:4","instant":{"absolute":1.0}},"version":0}
      {"kind":"event","payload":{"kind":"issueRecorded","testID":"M.S/t()/S.swift:3:4","_comments":["1 < 0"],"issue":{"isKnown":false,"sourceLocation":{"fileID":"M/S.swift","line":5}}},"version":0}
      {"kind":"event","payload":{"kind":"testEnded","testID":"M.S/t()/S.swift:3:4","instant":{"absolute":1.5}},"version":0}
      """)
    let run = try await assay("xunit", "events.jsonl", "-o", "results.xml")
    #expect(run.status == 0, "\(run.errors)")
    let xml = try read("results.xml")
    #expect(xml.contains(#"<testsuite name="M" tests="1" failures="1""#), "\(xml)")
    #expect(
      xml.contains(
        #"<testcase classname="M.S" name="t()" time="0.500">"#
          + "\n      "
          + #"<failure message="1 &lt; 0">M/S.swift:5: 1 &lt; 0</failure>"#),
      "\(xml)")
  }

  /// Bad input to every command: one clear line and exit status 2.
  @Test(arguments: [
    (["test", "--shard", "3/2"], "error: --shard 3/2: k must be between 1 and n (here n is 2)"),
    (
      ["test", "--report", "xml:out.xml"],
      "error: --report xml:out.xml: expected FORMAT:PATH with FORMAT json, junit or html "
        + "(such as junit:results.xml)"
    ),
    (["test", "--repeat", "0"], "error: --repeat 0: must be 1 or more"),
    (["test", "--test-timeout", "0"], "error: --test-timeout must be more than 0 seconds"),
    (
      ["mutate", "--operator", "nope"],
      "error: --operator nope: no such operator; they are relational-boundary, "
        + "relational-negation, arithmetic, compound-assignment, logical, remove-not, "
        + "remove-unary-minus, integer-literal, boolean-literal, string-literal, ternary-swap, "
        + "condition, remove-call, return-default"
    ),
    (["mutate", "--jobs", "0"], "error: --jobs 0: must be 1 or more"),
    (["mutate", "--shard", "0/0"], "error: --shard 0/0: k must be between 1 and n (here n is 0)"),
    (["mutate", "--threshold", "120"], "error: --threshold 120.0: must be from 0 to 100"),
    (
      ["mutate", "--report", "stryker.json"],
      "error: --report stryker.json: expected FORMAT:PATH with FORMAT json or html "
        + "(such as html:mutants.html)"
    ),
    (["mutate", "merge", "missing.json"], "error: missing.json: cannot read this file"),
    (
      ["mutate", "merge", "bad.json"],
      "error: bad.json: not a mutation report of assay mutate (schemaVersion is not 2)"
    ),
    (
      ["migrate", "xctest", "bad.json"],
      "error: choose one of --dry-run, --in-place and --output DIR"
    ),
    (
      ["migrate", "xctest", "--dry-run"],
      "error: give the files or folders to migrate (without any, the Tests folder of the "
        + "package around this folder is migrated, and there is none)"
    ),
    (
      ["migrate", "xctest", "--dry-run", "--verify", "Tests"],
      "error: --verify runs the tests after --in-place writes and builds them"
    ),
    (
      ["migrate", "xctest", "--in-place", "--no-build", "--verify", "Tests"],
      "error: --verify runs the tests after --in-place writes and builds them"
    ),
    (["migrate", "xctest", "--dry-run", "Nope"], "error: Nope: no such file or folder"),
    (["migrate", "xctest", "--dry-run", "bad.json"], "error: bad.json: not a Swift file"),
    (
      ["migrate", "compare", "missing.json", "bad.json"],
      "error: missing.json: cannot read this file"
    ),
    (
      ["migrate", "compare", "bad.json", "old.json"],
      "error: bad.json: not an assay test report (no schemaVersion)"
    ),
    (["report", "merge", "missing.json"], "error: missing.json: cannot read this file"),
    (
      ["report", "merge", "bad.json"],
      "error: bad.json: not an assay test report (no schemaVersion)"
    ),
    (
      ["report", "merge", "old.json"],
      "error: old.json: schema version 9, but this assay reads version 1"
    ),
    (
      ["report", "merge", "s1.json", "s2.json"],
      "error: shard 3/3 missing: a merged report needs every shard"
    ),
    (
      ["report", "merge", "s1.json", "s2.json", "again.json", "s3.json"],
      "error: again.json and s2.json are both shard 2/3"
    ),
    (
      ["report", "merge", "s1.json", "half.json"],
      "error: half.json: shard 1/2 of a different split than s1.json (1/3)"
    ),
    (
      ["report", "merge", "s1.json", "plain.json"],
      "error: plain.json: not the report of a shard (assay test --shard k/n)"
    ),
    // `assay mock` said "Error: ..." with status 1, the status of a stale `--check` and of a
    // protocol it could not mock: a script could not tell a wrong path from stale mocks.
    (["mock", "Nope"], "error: Nope: no such file or folder"),
    (
      ["mock", "Model.swift"],
      "error: no protocol to mock in Model.swift: the 1 Swift file read declares none"
    ),
    (
      ["mock", "Store.swift", "--protocol", "Stroe"],
      "error: no protocol named 'Stroe' in the files read"
    ),
    (
      ["mock", "Store.swift", "-o", "Mine.swift"],
      "error: Mine.swift exists and was not written by assay mock: pass --force to replace it"
    ),
    (
      ["mock", "Store.swift", "-o", "Nowhere/Mocks.swift"],
      "error: cannot write Nowhere/Mocks.swift: No such file or directory"
    ),
  ])
  func badInputToTheRunnerIsOneLineAndStatus2(arguments: [String], message: String) async throws {
    try write("bad.json", "{}")
    try write("Model.swift", "struct Model { var name: String }")
    try write("Store.swift", "protocol Store { func save() }")
    try write("Mine.swift", "// my own mocks\n")
    try write("old.json", #"{"schemaVersion": 9}"#)
    for (name, shard) in [
      ("s1", "1/3"), ("s2", "2/3"), ("again", "2/3"), ("s3", "3/3"), ("half", "1/2"),
      ("plain", nil),
    ] {
      try write("\(name).json", Self.report(shard: shard, outcome: "passed"))
    }
    let run = try await assay(arguments)
    #expect(run.status == 2)
    #expect(run.errors == message + "\n")
  }

  /// Without a path, `assay migrate` converts the `Tests` folder of the package it runs in, as
  /// a newcomer who types it in a package's folder expects (it said "give the files or folders
  /// to migrate" before).
  @Test func withoutAPathThePackagesTestsFolderIsMigrated() async throws {
    try write(
      "Package.swift",
      """
      // swift-tools-version:5.9
      import PackageDescription
      let package = Package(name: "Counter", targets: [.testTarget(name: "CounterTests")])
      """)
    try write(
      "Tests/CounterTests/CounterTests.swift",
      """
      import XCTest

      final class CounterTests: XCTestCase {
        func testStartsAtZero() {
          XCTAssertEqual(0, 0)
        }
      }

      """)
    let run = try await assay("migrate", "xctest", "--dry-run")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("+++ b/Tests/CounterTests/CounterTests.swift"), "\(run.output)")
    #expect(run.output.contains("+    #expect(0 == 0)"), "\(run.output)")
  }

  /// A JSON report of one passing or failing test, of shard `shard`.
  static func report(shard: String?, outcome: String) -> String {
    let test =
      #"{"library":"XCTest","target":"T","suite":"S","test":"test\#(shard?.first ?? "0")"}"#
    return #"{"schemaVersion":1,"started":0,"duration":1,"#
      + (shard.map { #""shard":"\#($0)","# } ?? "")
      + #""results":[{"id":\#(test),"outcome":"\#(outcome)","duration":0,"issues":[]}]}"#
  }

  @Test func mergingShardsExitsWith1WhenATestFailedAnd0WhenNone() async throws {
    try write("p1.json", Self.report(shard: "1/2", outcome: "passed"))
    try write("p2.json", Self.report(shard: "2/2", outcome: "passed"))
    try write("f2.json", Self.report(shard: "2/2", outcome: "failed"))
    let passing = try await assay(
      "report", "merge", "p1.json", "p2.json", "--report", "json:all.json")
    #expect(passing.status == 0)
    #expect(try read("all.json").contains(#""outcome" : "passed""#))
    let failing = try await assay(
      "report", "merge", "p1.json", "f2.json", "--report", "json:all.json")
    #expect(failing.status == 1)
    #expect(failing.errors == "")
    #expect(try read("all.json").contains(#""outcome" : "failed""#))
  }

  @Test(arguments: [["test"], ["test", "--list"], ["mutate"], ["mutate", "run"]])
  func outsideAPackageTheToolSaysWhereToRunItAndCreatesNothing(command: [String]) async throws {
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let run = try await assay(command)
    #expect(run.status == 2)
    #expect(
      run.errors
        == "error: \(folder.standardizedFileURL.path) is not a Swift package (no Package.swift): "
        + "run assay in a package's folder, or pass --package-path\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == before)
  }

  @Test func anUnknownOptionIsAUsageErrorWithStatus2() async throws {
    let run = try await assay(["test", "--no-such-option"])
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix("Error: Unknown option '--no-such-option'"), "\(run.errors)")
  }

  // MARK: - Running the command

  /// Writes `text` to `name` in the test's folder, making the folders on its path.
  private func write(_ name: String, _ text: String) throws {
    let file = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  private func read(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  private func assay(_ arguments: String...) async throws -> (
    status: Int32, output: String, errors: String
  ) {
    try await assay(arguments)
  }

  /// Runs the `assay` command on a thread of its own: waiting for it on one of the few
  /// threads that run tests starved the run's timing-sensitive tests (seen: 13 s stalls).
  private func assay(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> (status: Int32, output: String, errors: String)
  {
    let folder = folder
    return try await offThePool { try Self.run(arguments, in: folder, environment: environment) }
  }

  private static func run(_ arguments: [String], in folder: URL, environment: [String: String])
    throws -> (status: Int32, output: String, errors: String)
  {
    // `swift test` builds `assay` next to the test binary or bundle.
    let process = Process()
    process.executableURL = TestProcess.productsDirectory.appendingPathComponent("assay")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.currentDirectoryURL = folder
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }
}
