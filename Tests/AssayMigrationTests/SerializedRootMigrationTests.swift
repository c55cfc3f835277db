import Testing

@testable import AssayMigration

/// `assay migrate xctest` in a test target whose Swift Testing suites all hang under one
/// serialized suite (vapor/fluent-postgres-driver: `@Suite(.serialized) struct AllSuites {}`,
/// each suite in `extension AllSuites`, all sharing one PostgreSQL database). XCTest ran the
/// class's tests one at a time and never beside those suites; converted, they ran side by side
/// with them and with each other, and 45 of 45 tests ended otherwise (or not at all).
struct SerializedRootMigrationTests {
  private let root = """
    import Testing

    @Suite(.serialized)
    struct AllSuites {}

    extension AllSuites {
    @Suite
    struct DriverTests {
        @Test func connects() async throws {
            #expect(try await Database.shared.ping())
        }
    }
    }
    """

  private let benchmarks = """
    import XCTest

    /// Inserts and deletes.
    final class BenchmarkTests: XCTestCase {
        func testInsert() async throws {
            let count = try await Database.shared.insert(3)
            XCTAssertEqual(count, 3)
        }

        func testDelete() async throws {
            try await Database.shared.deleteAll()
            XCTAssertEqual(try await Database.shared.count(), 0)
        }
    }
    """

  @Test func aConvertedSuiteJoinsTheTargetsSerializedRoot() throws {
    let results = try migratedRun([
      ("Tests/DriverTests/AllSuites.swift", root),
      ("Tests/DriverTests/BenchmarkTests.swift", benchmarks),
    ])
    #expect(results[0].text == root)
    let converted = results[1].text
    #expect(converted.contains("extension AllSuites {\n/// Inserts and deletes.\n"), "\(converted)")
    #expect(converted.contains("struct BenchmarkTests {"), "\(converted)")
    #expect(converted.hasSuffix("}\n}\n") || converted.hasSuffix("}\n}"), "\(converted)")
    #expect(results[1].tests == 2)
    #expect(results[1].notes == [])
  }

  /// A root in another target serializes nothing here; a class named elsewhere in its target
  /// (an extension, a call of its static member) would lose that name nested; a target whose
  /// suites do not all hang under the root runs them side by side already.
  @Test(arguments: [
    ("Tests/OtherTests/BenchmarkTests.swift", "", "another target"),
    (
      "Tests/DriverTests/BenchmarkTests.swift",
      "\nextension BenchmarkTests {\n    static let rows = 3\n}\n", "an extension"
    ),
    (
      "Tests/DriverTests/BenchmarkTests.swift",
      "\n@Suite struct LooseTests {\n    @Test func alone() {}\n}\n", "a suite outside the root"
    ),
  ])
  func aSuiteStaysWhereItIsWhereTheRootDoesNotHoldTheTarget(
    path: String, addition: String, why: String
  ) throws {
    let results = try migratedRun([
      ("Tests/DriverTests/AllSuites.swift", root + addition),
      (path, benchmarks),
    ])
    let converted = results[1].text
    #expect(!converted.contains("extension AllSuites"), "\(why): \(converted)")
    #expect(converted.contains("struct BenchmarkTests {"), "\(why): \(converted)")
  }
}
