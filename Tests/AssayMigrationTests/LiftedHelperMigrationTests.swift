import Testing

@testable import AssayMigration

/// Helpers declared in `extension XCTestCase` that use nothing of the test case move out of it
/// as functions with Assay's assertions, so that converted suites can call them. Found on
/// apple/swift-nio-http2, whose `interactInMemory` and `deliverAllBytes` (in `TestUtilities.swift`)
/// kept eleven classes, 1989 assertions, as XCTest.
struct LiftedHelperMigrationTests {
  /// `IOData.self` names a type, not the test case: before the fix, the helper stayed a method
  /// and its callers XCTest ("it calls interactInMemory, which stays XCTest").
  @Test func aHelperThatNamesATypesSelfStillMoves() throws {
    let helpers = """
      import XCTest

      extension XCTestCase {
        func drain(_ channel: Channel) {
          XCTAssertNoThrow(try channel.read(as: IOData.self))
        }
      }
      """
    let caller = """
      import XCTest

      final class A: XCTestCase {
        func testA() { self.drain(channel) }
      }
      """
    let results = try migratedRun([("Helpers.swift", helpers), ("A.swift", caller)])
    #expect(
      results[0].text == """
        import Assay
        import Foundation

        func drain(_ channel: Channel) {
          Assay.assertNoThrow(try channel.read(as: IOData.self))
        }
        """)
    #expect(results[1].notes.isEmpty, "\(results[1].notes)")
    #expect(results[1].text.contains("func testA() { drain(channel) }"), "\(results[1].text)")
  }

  /// `XCTAssertNotEqual` with `accuracy:` has Assay's `assertNotEqual(_:_:accuracy:)`: the
  /// helper moved with `XCTAssertEqual`'s accuracy only, and stayed a method (its callers
  /// XCTest) for the other.
  @Test func aHelperThatComparesApproximatelyMoves() throws {
    let helpers = """
      import XCTest

      extension XCTestCase {
        func assertApart(_ a: Double, _ b: Double, file: StaticString = #filePath, line: UInt = #line) {
          XCTAssertNotEqual(a, b, accuracy: 0.1, "too close", file: file, line: line)
        }
      }
      """
    let results = try migratedRun([("Helpers.swift", helpers)])
    #expect(
      results[0].text == """
        import Assay
        import Foundation

        func assertApart(_ a: Double, _ b: Double, file: StaticString = #filePath, line: UInt = #line) {
          Assay.assertNotEqual(a, b, accuracy: 0.1, "too close", filePath: file, line: line)
        }
        """)
  }

  /// A protocol extension's `describe(_:configure:)` and a helper `describe(_:_:)` of
  /// `extension XCTestCase` that moves out: the shape of swift-protobuf's
  /// `assertDebugDescription`.
  static let describeHelpers = """
    protocol MessageHelpers {}

    extension MessageHelpers {
      func describe(_ expected: String, configure: () -> Void) { configure() }
    }

    extension XCTestCase {
      func describe(_ expected: String, _ actual: String) {
        XCTAssertEqual(actual, expected)
      }
    }
    """

  /// apple/swift-protobuf: `extension XCTestCase { func assertDebugDescription(_:_:fmt:…) }`
  /// and a protocol extension's `assertDebugDescription(_:configure:)`, which the suites
  /// conform to. Moved out as a function, the first is hidden inside those suites by the
  /// member of the same name ("use of 'assertDebugDescription' refers to instance method
  /// rather than global function … in module 'SwiftProtobufTests'"), and the build check put
  /// nine suites back. A call of a helper that moved, whose name a type of the run also
  /// declares as a member, names its module.
  @Test func aMovedHelperThatAMemberOfTheSameNameWouldHideIsCalledThroughItsModule() throws {
    let helpers = "import XCTest\n\n" + Self.describeHelpers
    let caller = """
      import XCTest

      final class MessageTests: XCTestCase, MessageHelpers {
        func testA() {
          describe("a", "a")
          self.describe("b", "b")
          describe("c") {}
        }
      }
      """
    let results = try migratedRun([
      ("Tests/ProtoTests/Helpers.swift", helpers), ("Tests/ProtoTests/MessageTests.swift", caller),
    ])
    #expect(results[0].text.contains("\nfunc describe(_ expected: String, _ actual: String) {"))
    #expect(results[1].notes.isEmpty, "\(results[1].notes)")
    #expect(results[1].text.contains("struct MessageTests: MessageHelpers {"), "\(results[1].text)")
    #expect(
      results[1].text.contains("    ProtoTests.describe(\"a\", \"a\")\n"), "\(results[1].text)")
    #expect(
      results[1].text.contains("    ProtoTests.describe(\"b\", \"b\")\n"), "\(results[1].text)")
    // The protocol's own stays a member call: it is not the helper that moved.
    #expect(results[1].text.contains("    describe(\"c\") {}\n"), "\(results[1].text)")
  }

  /// Where a type of the tests has the module's name, `Module.name` would name that type's
  /// member: the call stays bare (the build after writing puts the suite back if it does not
  /// compile).
  @Test func aModuleThatATypeShadowsIsNotWritten() throws {
    let helpers = "import XCTest\n\nenum ProtoTests {}\n\n" + Self.describeHelpers
    let caller = """
      import XCTest

      final class MessageTests: XCTestCase, MessageHelpers {
        func testA() { describe("a", "a") }
      }
      """
    let results = try migratedRun([
      ("Tests/ProtoTests/Helpers.swift", helpers), ("Tests/ProtoTests/MessageTests.swift", caller),
    ])
    #expect(
      results[1].text.contains("func testA() { describe(\"a\", \"a\") }"), "\(results[1].text)")
  }

  /// Every method of a name moves, or none: one overload that uses the test case (`self`)
  /// keeps them all methods, though it asserts nothing. Before the fix, that overload was not
  /// looked at, both moved, and the function that names `self` did not compile.
  @Test func overloadsMoveTogetherOrNotAtAll() throws {
    let source = """
      import XCTest

      extension XCTestCase {
        func check(_ value: Int) { XCTAssertEqual(value, 1) }
        func check(_ value: String) { print(self, value) }
      }

      final class A: XCTestCase {
        func testA() { check(1) }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
        extension XCTestCase {
          func check(_ value: Int) { XCTAssertEqual(value, 1) }
          func check(_ value: String) { print(self, value) }
        }
        """), "\(result.text)")
    #expect(
      result.notes.map(\.description) == ["8: left as XCTest: it calls check, which stays XCTest"])
  }

  /// Overloads that all use nothing of the test case move together, the one that asserts
  /// nothing too: a suite may call either.
  @Test func overloadsThatUseNoTestCaseMoveTogether() throws {
    let source = """
      import XCTest

      extension XCTestCase {
        func check(_ value: Int) { XCTAssertEqual(value, 1) }
        func check(_ value: String) async { print(value) }
      }

      final class A: XCTestCase {
        func testA() async {
          check(1)
          await check("one")
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
        func check(_ value: Int) { Assay.assertEqual(value, 1) }

        func check(_ value: String) async { print(value) }

        struct A {
        """), "\(result.text)")
    #expect(!result.text.contains("extension XCTestCase"), "\(result.text)")
    #expect(result.notes.isEmpty, "\(result.notes)")
  }

  /// A static helper called as `Self.deliver(…)` becomes a function too, called as
  /// `deliver(…)` (swift-nio-http2's `deliverAllBytes(from:to:)`, async and static beside an
  /// instance method of the same name).
  @Test func aStaticHelperCalledThroughSelfMovesAndIsCalledByItsName() throws {
    let source = """
      import XCTest

      extension XCTestCase {
        static func deliver(from source: Int, to target: Int) async throws {
          XCTAssertNotEqual(source, target)
        }

        func deliver(from source: String, to target: String) {
          XCTAssertNotEqual(source, target)
        }
      }

      final class A: XCTestCase {
        func testA() async throws {
          try await Self.deliver(from: 1, to: 2)
          self.deliver(from: "a", to: "b")
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
        func deliver(from source: Int, to target: Int) async throws {
          Assay.assertNotEqual(source, target)
        }
        """), "\(result.text)")
    #expect(!result.text.contains("static"), "\(result.text)")
    #expect(result.text.contains("try await deliver(from: 1, to: 2)"), "\(result.text)")
    #expect(result.text.contains("\n    deliver(from: \"a\", to: \"b\")"), "\(result.text)")
    #expect(result.notes.isEmpty, "\(result.notes)")
  }

  /// A static helper called through its type's name (`XCTestCase.deliver`) stays one: a
  /// function cannot be called so.
  @Test func aStaticHelperCalledThroughATypeNameStays() throws {
    let source = """
      import XCTest

      extension XCTestCase {
        static func deliver(_ value: Int) { XCTAssertEqual(value, 1) }
      }

      final class A: XCTestCase {
        func testA() { XCTestCase.deliver(1) }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains("extension XCTestCase {\n  static func deliver(_ value: Int) {"),
      "\(result.text)")
    #expect(
      result.notes.map(\.description) == [
        "7: left as XCTest: it calls deliver, which stays XCTest"
      ])
  }

  /// apple/swift-crypto: `unwrap(_:file:line:)` throws a type its extension declares, and
  /// `wycheproofTest(jsonName:testFunction:)` asserts nothing itself but calls it. Both move;
  /// the type is named through `XCTestCase`; `AES.KeyWrap.unwrap(wrapped, using: kek)` elsewhere
  /// is no call of the helper (its labels fit none of the helper's). Before the fix, `unwrap`
  /// stayed (another value's `.unwrap` kept it), `wycheproofTest` was not looked at, and the
  /// twelve classes that call it did not compile once converted.
  @Test func helpersThatAssertNothingOrThrowTheExtensionsTypesMoveToo() throws {
    let helpers = """
      import XCTest

      extension XCTestCase {
        struct UnwrappingError: Error {}

        func unwrap<T>(_ optional: T?, file: StaticString = #filePath, line: UInt = #line) throws -> T {
          guard let wrapped = optional else {
            XCTFail("Optional was nil", file: file, line: line)
            throw UnwrappingError()
          }
          return wrapped
        }

        func wycheproofTest(jsonName: String, testFunction: (Data) throws -> Void) throws {
          try testFunction(try unwrap(vectors[jsonName]))
        }
      }
      """
    let caller = """
      import XCTest

      final class KeyWrapTests: XCTestCase {
        func testWraps() throws {
          try wycheproofTest(jsonName: "kw_test") { data in
            XCTAssertNoThrow(try AES.KeyWrap.unwrap(data, using: kek))
          }
        }
      }
      """
    let results = try migratedRun([("Helpers.swift", helpers), ("KeyWrapTests.swift", caller)])
    #expect(
      results[0].text.contains(
        """
        extension XCTestCase {
          struct UnwrappingError: Error {}
        }

        func unwrap<T>(
        """), "\(results[0].text)")
    #expect(results[0].text.contains("throw XCTestCase.UnwrappingError()"), "\(results[0].text)")
    #expect(
      results[0].text.contains(
        "\n\nfunc wycheproofTest(jsonName: String, testFunction: (Data) throws -> Void) throws {"),
      "\(results[0].text)")
    #expect(results[1].notes.isEmpty, "\(results[1].notes)")
    #expect(results[1].text.contains("struct KeyWrapTests {"), "\(results[1].text)")
  }

  /// A helper that uses a property of the extension stays a method, and a class that calls it
  /// stays XCTest, saying so; it asserts nothing, so before the fix the class was converted and
  /// did not compile.
  @Test func aHelperThatUsesTheExtensionsPropertyStaysAndSoDoItsCallers() throws {
    let source = """
      import XCTest

      extension XCTestCase {
        var folder: String { "/tmp" }

        func makeFile(named name: String) -> String { folder + "/" + name }
      }

      final class A: XCTestCase {
        func testA() { XCTAssertEqual(makeFile(named: "a"), "/tmp/a") }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains("  func makeFile(named name: String) -> String { folder"),
      "\(result.text)")
    #expect(
      result.notes.map(\.description) == [
        "9: left as XCTest: it calls makeFile, which stays XCTest"
      ])
  }

  /// swift-nio-http2's `assertDoHandshake` calls `self.interactInMemory(…)`, another helper
  /// that moves: it moves too, calling it as `interactInMemory(…)`; one that calls XCTestCase's
  /// own method, or a helper that stays, stays. Before the fix, `self.` kept it a method, and
  /// eight classes XCTest.
  @Test func aHelperThatCallsAnotherThroughSelfMovesWithIt() throws {
    let source = """
      import XCTest

      extension XCTestCase {
        func interact(_ value: Int) { XCTAssertEqual(value, 1) }
        func handshake(_ value: Int) {
          self.interact(value)
          XCTAssertTrue(value > 0)
        }
        static func deliver(_ value: Int) async { XCTAssertEqual(value, 2) }
        func roundTrip(_ value: Int) async { await Self.deliver(value) }
        func settle() { self.waitForExpectations(timeout: 1) }
        func settleTwice() {
          self.settle()
          self.settle()
        }
      }

      final class A: XCTestCase {
        func testA() async {
          handshake(1)
          await roundTrip(2)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
        extension XCTestCase {
          func settle() { self.waitForExpectations(timeout: 1) }
          func settleTwice() {
            self.settle()
            self.settle()
          }
        }
        """), "\(result.text)")
    #expect(
      result.text.contains(
        """
        func handshake(_ value: Int) {
          interact(value)
          Assay.assertTrue(value > 0)
        }
        """), "\(result.text)")
    #expect(
      result.text.contains("func roundTrip(_ value: Int) async { await deliver(value) }"),
      "\(result.text)")
    #expect(result.text.contains("struct A {"), "\(result.text)")
    #expect(result.notes.isEmpty, "\(result.notes)")
  }

  /// A static computed property of `extension XCTestCase` that uses nothing of the test case
  /// (vapor/postgres-nio's `shouldRunLongRunningTests`, read by its tests as
  /// `try XCTSkipUnless(Self.shouldRunLongRunningTests)`) becomes a property of the file, and
  /// `Self.` goes: before the fix, the converted suite did not compile ("type 'Self' has no
  /// member"), and the build put back its 451 assertions as XCTest.
  @Test func aStaticPropertyThatUsesNoTestCaseMovesOutAndSelfGoes() throws {
    let helpers = """
      import XCTest

      extension XCTestCase {
        /// Whether the slow tests run.
        public static var shouldRunSlowTests: Bool {
          env("SLOW") == "1"
        }
        static var usesTheTestCase: String { String(describing: self) }
      }
      """
    let caller = """
      import XCTest

      final class A: XCTestCase {
        func testA() throws {
          try XCTSkipUnless(Self.shouldRunSlowTests)
          XCTAssertTrue(Self.shouldRunSlowTests)
        }
      }
      """
    let results = try migratedRun([("Helpers.swift", helpers), ("A.swift", caller)])
    #expect(
      results[0].text == """
        import XCTest

        extension XCTestCase {
          static var usesTheTestCase: String { String(describing: self) }
        }

        /// Whether the slow tests run.
        public var shouldRunSlowTests: Bool {
          env("SLOW") == "1"
        }
        """, "\(results[0].text)")
    #expect(results[1].notes.isEmpty, "\(results[1].notes)")
    #expect(!results[1].text.contains("Self."), "\(results[1].text)")
    #expect(results[1].text.contains("#expect(shouldRunSlowTests)"), "\(results[1].text)")
  }
}
