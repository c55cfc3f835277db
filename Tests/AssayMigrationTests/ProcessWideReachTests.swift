import Testing

@testable import AssayMigration

/// XCTest runs one test at a time; Swift Testing runs tests side by side. Quick/Nimble's
/// `throwAssertion()` installs a handler for `SIGILL` and puts the previous one back when it
/// returns, in the library, not in the tests: converted, the run crashed one time in four, and
/// with the suite serialized it still crashed under load (beside other suites). A class whose
/// tests reach such a function stays XCTest, naming it.
struct ProcessWideReachTests {
  /// A package whose library installs a signal handler two calls deep, in another file than
  /// the function the tests call, and a test file with a class that calls it and one that
  /// does not.
  private func package() throws -> MigratedPackage {
    try MigratedPackage(
      "process-wide",
      files: [
        "Package.swift": "// swift-tools-version: 6.0\n",
        "Sources/Traps/Handler.swift": """
        import Glibc

        func withHandler(_ body: () -> Void) {
          var action = sigaction()
          var previous = sigaction()
          sigaction(SIGILL, &action, &previous)
          defer { sigaction(SIGILL, &previous, nil) }
          body()
        }

        """,
        "Sources/Traps/Catching.swift": """
        import Dispatch

        public func catchesTrap(_ body: () -> Void) -> Bool { withHandler(body); return false }

        public func waits() { DispatchSemaphore(value: 1).signal() }

        """,
        "Tests/TrapsTests/TrapsTests.swift": """
        import Traps
        import XCTest

        final class CatchingTests: XCTestCase {
          func testCatches() { XCTAssertFalse(catchesTrap {}) }

          func testCatchesAgain() { XCTAssertFalse(catchesTrap {}) }
        }

        final class PlainTests: XCTestCase {
          func testWaits() {
            waits()
            XCTAssertTrue(true)
          }
        }

        """,
      ])
  }

  @Test func aClassThatReachesASignalHandlerStaysXCTestNamingIt() throws {
    let package = try package()
    let summary = try package.migrate()
    let migrated = try package.migrated("Tests/TrapsTests/TrapsTests.swift")
    #expect(migrated.contains("final class CatchingTests: XCTestCase {"), "\(migrated)")
    #expect(migrated.contains("\nstruct PlainTests {"), "\(migrated)")
    #expect(
      summary.notes == [
        "Tests/TrapsTests/TrapsTests.swift:4: note: left as XCTest: it calls catchesTrap, which "
          + "changes what the whole process shares (signal handlers, the working folder, the "
          + "environment or a global variable, in Sources/Traps/Handler.swift), which XCTest's "
          + "tests do one at a time and Swift Testing's other tests would share"
      ], "\(summary.notes)")
  }

  /// C's calls count bare; a semaphore's `signal()` is a member and does not.
  @Test func processWideCallsAreFoundBareAndThroughCalls() {
    let files = [
      ("A.swift", "func install() { signal(SIGPIPE, SIG_IGN) }\nfunc ping(s: S) { s.signal() }"),
      ("B.swift", "func start() { install() }\nfunc other() { ping(s: s) }"),
      ("C.swift", "func move() { FileManager.default.changeCurrentDirectoryPath(\"/\") }"),
    ]
    #expect(
      FunctionReach.functions(in: files.map { (path: $0.0, source: $0.1) }, asking: .processWide)
        == ["install": "A.swift", "start": "A.swift", "move": "C.swift"])
  }

  /// Quick/Nimble's `withAssertionHandler(_:closure:)` sets `environment.assertionHandler`,
  /// whose setter assigns the global `NimbleAssertionHandler`, and puts it back after: its
  /// tests (through `failsWithErrorMessage`) record each other's failures when run side by
  /// side. Before the fix, 222 of its 378 tests ended otherwise after migration. Reading the
  /// global (every `expect` does) is no change of it.
  @Test func aClassThatSetsAGlobalThroughAPropertysSetterStaysXCTest() throws {
    let package = try MigratedPackage(
      "global",
      files: [
        "Package.swift": "// swift-tools-version: 6.0\n",
        "Sources/Checks/Handler.swift": """
        public protocol Handler { func handle(_ message: String) }

        nonisolated(unsafe) public var currentHandler: any Handler = Printer()

        final class Environment {
          static var active: Environment { Environment() }

          var handler: any Handler {
            get { currentHandler }
            set { currentHandler = newValue }
          }
        }

        """,
        "Sources/Checks/Recording.swift": """
        public func withHandler(_ handler: any Handler, _ body: () -> Void) {
          let environment = Environment.active
          let old = environment.handler
          environment.handler = handler
          defer { environment.handler = old }
          body()
        }

        public func report(_ message: String) { Environment.active.handler.handle(message) }

        """,
        "Tests/ChecksTests/ChecksTests.swift": """
        import Checks
        import XCTest

        final class RecordingTests: XCTestCase {
          func testRecords() {
            withHandler(Recorder()) { report("a") }
            XCTAssertTrue(true)
          }
        }

        final class ReportingTests: XCTestCase {
          func testReports() {
            report("b")
            XCTAssertTrue(true)
          }
        }

        """,
      ])
    let summary = try package.migrate()
    let migrated = try package.migrated("Tests/ChecksTests/ChecksTests.swift")
    #expect(migrated.contains("final class RecordingTests: XCTestCase {"), "\(migrated)")
    #expect(migrated.contains("\nstruct ReportingTests {"), "\(migrated)")
    #expect(
      summary.notes == [
        "Tests/ChecksTests/ChecksTests.swift:4: note: left as XCTest: it calls withHandler, "
          + "which changes what the whole process shares (signal handlers, the working folder, "
          + "the environment or a global variable, in Sources/Checks/Handler.swift), which "
          + "XCTest's tests do one at a time and Swift Testing's other tests would share"
      ], "\(summary.notes)")
  }

  /// Assigning a global counts, bare or through a property whose setter does; reading one,
  /// a local of the same name, or a `@TaskLocal` does not.
  @Test func globalsAssignedBareOrThroughASetterAreFound() {
    let files = [
      (
        "G.swift",
        """
        nonisolated(unsafe) var counter = 0
        @TaskLocal var current: Int = 0
        struct Box {
          static var shared = Box()
          var count: Int {
            get { counter }
            set { counter = newValue }
          }
        }
        """
      ),
      (
        "F.swift",
        """
        func bump() { counter += 1 }
        func read() -> Int { counter }
        func viaSetter(box: inout Box) { box.count = 2 }
        func viaGetter(box: Box) -> Int { box.count }
        func local() { var counter = 0; counter = 1; _ = counter }
        func outer() { bump() }
        """
      ),
    ]
    #expect(
      FunctionReach.functions(in: files.map { (path: $0.0, source: $0.1) }, asking: .processWide)
        == [
          "bump": "F.swift", "outer": "F.swift", "count": "G.swift", "viaSetter": "G.swift",
        ])
  }

  /// A static stored property is a global by another name, and a mutating method changes a
  /// global as an assignment does. Before the fix, a class whose `setUp` emptied
  /// `Registry.names` and whose tests appended to it was converted, and its tests ran side by
  /// side on one array. Reading one, a `static let`, an instance's property or a local of the
  /// name is no change.
  @Test func staticPropertiesAndMutatingCallsChangeGlobalsToo() {
    let files = [
      (
        "G.swift",
        """
        nonisolated(unsafe) var names: [String] = []
        final class Registry {
          nonisolated(unsafe) static var entries: [String] = []
          static let fixed = ["a"]
          var items: [String] = []
        }
        """
      ),
      (
        "F.swift",
        """
        func appendGlobal() { names.append("a") }
        func resetStatic() { Registry.entries = [] }
        func appendStatic() { Registry.entries.append("b") }
        func removeStatic() { Self.entries.removeAll() }
        func inoutGlobal() { swap(&names, &others) }
        func readStatic() -> Int { Registry.entries.count }
        func readGlobal() -> Bool { names.contains("a") }
        func readFixed() -> [String] { Registry.fixed }
        func instance(r: Registry) { r.items.append("c"); r.entries.append("d") }
        func local() { var entries: [String] = []; entries.append("e") }
        """
      ),
    ]
    #expect(
      FunctionReach.functions(in: files.map { (path: $0.0, source: $0.1) }, asking: .processWide)
        == [
          "appendGlobal": "F.swift", "resetStatic": "F.swift", "appendStatic": "F.swift",
          "removeStatic": "F.swift", "inoutGlobal": "F.swift",
        ])
  }

  @Test func aClassWhoseTestsChangeAStaticPropertyStaysXCTest() throws {
    let package = try MigratedPackage(
      "static-property",
      files: [
        "Package.swift": "// swift-tools-version: 6.0\n",
        "Tests/RegistryTests/RegistryTests.swift": """
        import XCTest

        final class Registry {
          nonisolated(unsafe) static var names: [String] = []
        }

        final class RegistryTests: XCTestCase {
          override func setUp() {
            super.setUp()
            Registry.names = []
          }

          func testAddsOne() {
            Registry.names.append("a")
            XCTAssertEqual(Registry.names, ["a"])
          }

          func testAddsTwo() {
            Registry.names.append("b")
            Registry.names.append("c")
            XCTAssertEqual(Registry.names.count, 2)
          }
        }

        final class ReadingTests: XCTestCase {
          func testReads() { XCTAssertNotNil(Registry.names.first ?? "") }
        }

        """,
      ])
    let summary = try package.migrate()
    let migrated = try package.migrated("Tests/RegistryTests/RegistryTests.swift")
    #expect(migrated.contains("final class RegistryTests: XCTestCase {"), "\(migrated)")
    #expect(migrated.contains("\nstruct ReadingTests {"), "\(migrated)")
    #expect(summary.notes.count == 1, "\(summary.notes)")
    #expect(
      summary.notes.first?.contains(
        "changes what the whole process shares (signal handlers, the working folder, the "
          + "environment or a global variable, in Tests/RegistryTests/RegistryTests.swift)")
        == true, "\(summary.notes)")
  }

  /// apple/swift-async-algorithms' `chunks(ofCount:or signal:)` passes its parameter
  /// `signal` on: a value named like C's `signal`, not a call of it. Before the fix, every
  /// class whose tests iterate a sequence (`makeAsyncIterator`) stayed XCTest, 17 of them.
  @Test func aValueNamedLikeAProcessWideCallIsNoCallOfIt() {
    let files = [
      (
        "A.swift",
        """
        func chunks(or signal: Signal) -> Chunks { Chunks(signal: signal) }
        func local() { let umask = 2; print(umask) }
        func install() { signal(SIGPIPE, SIG_IGN) }
        """
      )
    ]
    #expect(
      FunctionReach.functions(in: files.map { (path: $0.0, source: $0.1) }, asking: .processWide)
        == ["install": "A.swift"])
  }

  /// swift-nio's `NIOFS` declares `var system_errno: CInt { get { Glibc.errno } set {
  /// Glibc.errno = newValue } }` at the top level of a file, and its system calls set it: a
  /// computed variable, which stores nothing of its own (`errno` is the thread's), read as a
  /// global, so every class whose tests reached a file-system call, through names such as
  /// `append`, `write` and `next`, stayed XCTest (118 of the package's 138 notes, 828 of its
  /// 10231 assertion calls converted). Such a variable is what its setter does.
  @Test func aComputedTopLevelVariableIsWhatItsSetterDoes() {
    let files = [
      (
        "E.swift",
        """
        internal var system_errno: CInt {
            get { Glibc.errno }
            set { Glibc.errno = newValue }
        }
        var count: Int { get { stored } set { stored = newValue } }
        nonisolated(unsafe) var stored = 0
        var observed = 0 {
          didSet { print(observed) }
        }
        func open() { system_errno = 0 }
        func bump() { count += 1 }
        func observe() { observed = 1 }
        """
      )
    ]
    #expect(
      FunctionReach.functions(in: files.map { (path: $0.0, source: $0.1) }, asking: .processWide)
        == ["count": "E.swift", "bump": "E.swift", "observe": "E.swift"])
  }

  /// swift-nio's crash tests declare local functions (`func f()`,
  /// `func blockingFunctionsAllowedInCrashTest()`) that set the environment in an exit test's
  /// child process. Their names counted as the package's, and every function that calls a
  /// parameter of the same name (`f` in `flatMap(_ f:)`) reached them: 4113 names, `next`,
  /// `append` and `write` among them, kept 135 of its classes XCTest after the fix for
  /// `system_errno`. A local function is its enclosing function's, and a name a function
  /// declares itself (a parameter, a local, a closure's parameter) calls nothing of the
  /// package's.
  @Test func localFunctionsAndParametersAreNotThePackagesFunctions() {
    let files = [
      (
        "C.swift",
        """
        func crash() {
          func f() { setenv("A", "1", 1) }
          f()
        }
        func map<T>(_ f: (Int) -> T) -> T { f(1) }
        func local() { let f = { 1 }; _ = f() }
        func closure() { [1].forEach { f in print(f) } }
        func calls() { crash() }
        """
      )
    ]
    #expect(
      FunctionReach.functions(in: files.map { (path: $0.0, source: $0.1) }, asking: .processWide)
        == ["crash": "C.swift", "calls": "C.swift"])
  }

  /// vapor's `DotEnvFile.load(overwrite:)` sets the environment, and every atomic's
  /// `load(ordering:)` (swift-atomics', another package's) is called all over its library:
  /// matched by name alone, each such call reached it, and so did every function that
  /// calls one (`decode`, `serialize`, `expires`, ...), which kept 45 of vapor's classes
  /// XCTest, URLEncodedFormTests and HTTPHeaderTests among them. A call whose labels fit no
  /// declaration that reaches calls another function of the name.
  @Test func aCallWhoseLabelsFitNoDeclarationThatReachesIsAnotherFunctions() {
    let files = [
      (
        "DotEnv.swift",
        """
        struct DotEnvFile {
          func load(overwrite: Bool = false) { setenv("A", "1", overwrite ? 1 : 0) }
          static func load(path: String) { DotEnvFile().load() }
        }
        """
      ),
      (
        "Headers.swift",
        """
        func expires(_ counter: Counter) -> Int { counter.load(ordering: .relaxed) }
        func boot(file: DotEnvFile) { file.load(overwrite: true) }
        func start() { DotEnvFile.load(path: ".env") }
        func pass(file: DotEnvFile) -> () -> Void { file.load }
        """
      ),
    ]
    #expect(
      FunctionReach.functions(in: files.map { (path: $0.0, source: $0.1) }, asking: .processWide)
        == [
          "load": "DotEnv.swift", "boot": "DotEnv.swift", "start": "DotEnv.swift",
          "pass": "DotEnv.swift",
        ])
  }

  /// The same in a test class: its own call of an atomic's `load(ordering:)` is no call of
  /// the package's `load(overwrite:)`, and the class converts; one that calls
  /// `load(overwrite:)` stays, naming it.
  @Test func aTestClassCallingAFunctionOfTheNameWithOtherLabelsConverts() throws {
    let package = try MigratedPackage(
      "labels",
      files: [
        "Package.swift": "// swift-tools-version: 6.0\n",
        "Sources/Env/DotEnv.swift": """
        import Glibc

        public struct DotEnvFile {
          public init() {}
          public func load(overwrite: Bool = false) { setenv("A", "1", overwrite ? 1 : 0) }
        }

        """,
        "Tests/EnvTests/EnvTests.swift": """
        import Env
        import XCTest

        final class CounterTests: XCTestCase {
          func testLoads() { XCTAssertEqual(counter.load(ordering: .relaxed), 0) }
        }

        final class DotEnvTests: XCTestCase {
          func testLoads() {
            DotEnvFile().load(overwrite: true)
            XCTAssertTrue(true)
          }
        }

        """,
      ])
    let summary = try package.migrate()
    let migrated = try package.migrated("Tests/EnvTests/EnvTests.swift")
    #expect(migrated.contains("\nstruct CounterTests {"), "\(migrated)")
    #expect(migrated.contains("final class DotEnvTests: XCTestCase {"), "\(migrated)")
    #expect(
      summary.notes == [
        "Tests/EnvTests/EnvTests.swift:8: note: left as XCTest: it calls load, which changes "
          + "what the whole process shares (signal handlers, the working folder, the "
          + "environment or a global variable, in Sources/Env/DotEnv.swift), which XCTest's "
          + "tests do one at a time and Swift Testing's other tests would share"
      ], "\(summary.notes)")
  }
}
