import AssayToolSupport
import Foundation
import Testing

@testable import AssayMigration

/// `XCTAssertNil(try channel.readInbound())`: XCTest's `Any?` gives a generic result its type,
/// and the converted check must too (swift-nio: 6 tests failed after migration).
struct ContextTypedCallsTests {
  /// Declarations, and whether their calls take their result type from the context.
  static let declarations: [(source: String, contextTyped: Bool)] = [
    ("public func readInbound<T>(as type: T.Type = T.self) throws -> T? {", true),
    ("func decode<Value: Decodable>() async throws -> Value {", true),
    ("func next<T>() throws(ReadError) -> T! {", true),
    ("func read<T>(as type: T.Type = T.self) -> T?\n  where T: Sendable {", true),
    ("func first<T>(_ values: [T]) -> T? {", false),
    ("func count<T>(as type: T.Type = T.self) -> Int {", false),
    ("func value(named name: String) -> Int? {", false),
    ("func make<T>(_ body: (Int) -> T) -> T {", false),
  ]

  @Test(arguments: declarations)
  func aGenericFunctionThatReturnsItsParameterIsFound(source: String, contextTyped: Bool) {
    let names = ContextTypedCalls.names(in: source)
    #expect(names.isEmpty != contextTyped, "\(names)")
  }

  @Test func aCheckForNilOfSuchACallKeepsXCTestsAnyOptional() throws {
    var options = XCTestMigration.Options()
    options.usesAssay = false
    options.helpers.contextTyped = ["readInbound"]
    let source = """
      import XCTest

      final class ChannelTests: XCTestCase {
        func testReads() throws {
          XCTAssertNil(try channel.readInbound())
          XCTAssertNotNil(try channel.readInbound(), "a part")
          XCTAssertNil(try channel.readInbound(as: Int.self))
          XCTAssertNil(try channel.readOutbound())
        }
      }

      """
    let text = try XCTestMigration.migrate(source, path: "T.swift", options: options).text
    #expect(text.contains("    #expect((try channel.readInbound()) as Any? == nil)\n"), "\(text)")
    #expect(
      text.contains("    #expect((try channel.readInbound()) as Any? != nil, \"a part\")\n"),
      "\(text)")
    #expect(text.contains("    #expect((try channel.readInbound(as: Int.self)) == nil)\n"))
    #expect(text.contains("    #expect((try channel.readOutbound()) == nil)\n"), "\(text)")
  }

  @Test func withAssaysAssertionsSuchACallIsCheckedAsAnyOptionalToo() throws {
    var options = XCTestMigration.Options()
    options.assertions = .assay
    options.helpers.contextTyped = ["readInbound"]
    let source = """
      import XCTest

      final class ChannelTests: XCTestCase {
        func testReads() throws {
          XCTAssertNil(try channel.readInbound())
        }
      }

      """
    let text = try XCTestMigration.migrate(source, path: "T.swift", options: options).text
    #expect(text.contains("assertNil((try channel.readInbound()) as Any?)"), "\(text)")
  }

  /// The declaration may be in the package or in a dependency's checkout, never in the tests.
  @Test func theDeclarationIsFoundInTheDependenciesCheckouts() throws {
    let package = try MigratedPackage(
      "context-typed",
      files: [
        "Package.swift": "// swift-tools-version: 6.0\n",
        ".build/checkouts/swift-nio/Sources/NIOEmbedded/Embedded.swift":
          "public func readInbound<T>(as type: T.Type = T.self) throws -> T? { nil }\n",
        "Sources/Kit/Kit.swift": "public func decode<V>() throws -> V? { nil }\n",
        "Tests/KitTests/KitTests.swift": """
        import XCTest

        final class KitTests: XCTestCase {
          func testReads() throws {
            XCTAssertNil(try readInbound())
            XCTAssertNotNil(try decode())
          }
        }

        """,
      ])
    defer { try? FileManager.default.removeItem(atPath: package.root) }
    _ = try package.migrate()
    let text = try package.migrated("Tests/KitTests/KitTests.swift")
    #expect(text.contains("#expect((try readInbound()) as Any? == nil)"), "\(text)")
    #expect(text.contains("#expect((try decode()) as Any? != nil)"), "\(text)")
  }

  /// Only the files that declare a function that a nil check may call are read for such
  /// declarations (swift-nio: every file of the package and its checkouts was, 7 s of a
  /// one-file dry run): the names called, through a chain of calls and across lines.
  @Test func theNilChecksCallEveryNameCalledInThem() {
    let names = ContextTypedCalls.calledInNilChecks(
      """
      XCTAssertNil(try self.channel().readInbound())
      XCTAssertNotNil(
        try await loop.next<Int>(), "none")
      """)
    #expect(names.isSuperset(of: ["channel", "readInbound", "next"]), "\(names)")
    #expect(ContextTypedCalls.calledInNilChecks("XCTAssertEqual(try read(), 1)").isEmpty)
  }
}
