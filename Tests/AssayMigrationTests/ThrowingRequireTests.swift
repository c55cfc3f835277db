import AssayToolSupport
import Foundation
import Testing

@testable import AssayMigration

/// `try XCTUnwrap(AppConfiguration.find(db))`: the `try` before XCTest's assertion covers the
/// call its autoclosure makes. `try #require(AppConfiguration.find(db))` does not compile
/// ("call can throw, but it is not marked with 'try' and the error is not handled", in the
/// macro's expansion; `#expect` of the same call compiles): GRDB's two suites fell back to
/// Assay's assertions. When a function of the called name throws, the `try` goes inside:
/// `try #require(try AppConfiguration.find(db))`.
struct ThrowingRequireTests {
  /// Declarations, and whether they throw.
  static let declarations: [(source: String, throwing: Bool)] = [
    ("static func find(_ db: Database) throws -> AppConfiguration {", true),
    ("public func fetchOne(_ db: Database, sql: String) async throws -> Row? {", true),
    ("func decode<T: Decodable>(_ type: T.Type) throws(DecodingError) -> T {", true),
    ("func isValid(\n  _ db: Database\n) throws -> Bool", true),
    ("func each(_ body: (Int) throws -> Void) rethrows {", false),
    ("func plain(_ body: (Int) throws -> Void) -> Int {", false),
    ("func never() throws(Never) -> Int {", false),
    ("func value(named name: String) -> Int? {", false),
  ]

  @Test(arguments: declarations)
  func aFunctionThatThrowsIsFound(source: String, throwing: Bool) {
    let names = ThrowingRequire.names(in: source)
    #expect(names.isEmpty != throwing, "\(names)")
  }

  @Test func aRequiredCallOfAThrowingFunctionTriesInside() throws {
    var options = XCTestMigration.Options()
    options.usesAssay = false
    options.helpers.throwing = ["find", "isValid"]
    let source = """
      import XCTest

      final class SingletonTests: XCTestCase {
        func testFind() throws {
          let row = try XCTUnwrap(AppConfiguration.find(db))
          let url = try XCTUnwrap(URL(string: "https://example.com"))
          let again = try XCTUnwrap(try AppConfiguration.find(db), "a row")
          let name = try XCTUnwrap(row.name)
        }
      }

      final class StoppingTests: XCTestCase {
        override func setUp() {
          continueAfterFailure = false
        }

        func testValid() throws {
          XCTAssertTrue(AppConfiguration.isValid(db))
        }
      }

      """
    let text = try XCTestMigration.migrate(source, path: "T.swift", options: options).text
    #expect(text.contains("let row = try #require(try AppConfiguration.find(db))\n"), "\(text)")
    #expect(text.contains("let url = try #require(URL(string: \"https://example.com\"))\n"))
    #expect(text.contains("let again = try #require(try AppConfiguration.find(db), \"a row\")\n"))
    #expect(text.contains("let name = try #require(row.name)\n"))
    #expect(text.contains("try #require(try AppConfiguration.isValid(db))\n"), "\(text)")
  }

  /// The declaration may be in the tests, the package's sources or a dependency's checkout.
  @Test func theDeclarationIsFoundInThePackage() throws {
    let package = try MigratedPackage(
      "throwing-require",
      files: [
        "Package.swift": "// swift-tools-version: 6.0\n",
        ".build/checkouts/grdb/Sources/GRDB/Row.swift":
          "public func fetchOne(_ db: Int, sql: String) throws -> Int? { nil }\n",
        "Sources/Kit/Kit.swift": "public func find(_ db: Int) throws -> Int? { nil }\n",
        "Tests/KitTests/KitTests.swift": """
        import XCTest

        final class KitTests: XCTestCase {
          func testReads() throws {
            let row = try XCTUnwrap(fetchOne(1, sql: "SELECT 1"))
            let found = try XCTUnwrap(find(1))
            let other = try XCTUnwrap(Int("1"))
          }
        }

        """,
      ])
    defer { try? FileManager.default.removeItem(atPath: package.root) }
    _ = try package.migrate()
    let text = try package.migrated("Tests/KitTests/KitTests.swift")
    #expect(text.contains("let row = try #require(try fetchOne(1, sql: \"SELECT 1\"))"), "\(text)")
    #expect(text.contains("let found = try #require(try find(1))"), "\(text)")
    #expect(text.contains("let other = try #require(Int(\"1\"))"), "\(text)")
  }

  /// Only the files that declare a function of a name such a check calls are read further.
  @Test func theRequiredChecksCallTheNamesCalledInThem() {
    let names = ThrowingRequire.calledInChecks(
      """
      let row = try XCTUnwrap(AppConfiguration.find(db))
      XCTAssertTrue(
        try store.isValid(db), "valid")
      """)
    #expect(names.isSuperset(of: ["find", "isValid"]), "\(names)")
    #expect(ThrowingRequire.calledInChecks("XCTAssertEqual(try read(), 1)").isEmpty)
  }
}
