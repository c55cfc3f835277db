import AssayToolSupport
import Foundation
import Testing

@testable import AssayMigration

/// `continueAfterFailure = false` in a setUp (swift-openapi-runtime's `Test_Runtime`): the
/// tests stop at their first failure, which Swift Testing writes `try #require`. Before, the
/// class stayed XCTest ("it uses continueAfterFailure"), with every subclass of it.
struct StopOnFailureMigrationTests {
  /// A helper base class whose setUp stops its subclasses' tests at their first failure.
  private let stoppingBase = """
    import XCTest

    class CoreTestCase: XCTestCase {
      override func setUp() async throws {
        try await super.setUp()
        continueAfterFailure = false
      }
    }
    """

  @Test func aSetUpThatStopsOnFailureMakesTheTestsAssertionStatementsRequire() throws {
    let source = """
      import XCTest

      final class ParserTests: XCTestCase {
        override func setUp() {
          super.setUp()
          continueAfterFailure = false
        }

        func testParses() {
          let items = parse("a,b")
          XCTAssertEqual(items.count, 2)
          for item in items {
            XCTAssertFalse(item.isEmpty)
          }
          items.forEach { XCTAssertNotNil($0.first) }
          defer { XCTAssertEqual(items.count, 2) }
        }

        func check(_ item: String) {
          XCTAssertTrue(item.count == 1)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text == """
        import Foundation
        import Testing

        struct ParserTests {
          init() {
          }

          @Test
          func testParses() throws {
            let items = parse("a,b")
            try #require(items.count == 2)
            for item in items {
              try #require(!item.isEmpty)
            }
            items.forEach { #expect($0.first != nil) }
            defer { #expect(items.count == 2) }
          }

          func check(_ item: String) {
            #expect(item.count == 1)
          }
        }
        """, "\(result.text)")
    #expect(result.notes == [])
  }

  /// `XCTAssertNoThrow` where the test stops at its first failure: `try #require(throws:
  /// Never.self)` draws a warning from Swift Testing 6.3 at every use ("Passing 'Never.self'
  /// to '#require(throws:_:)' is redundant": 54 places in swift-nio's `NIOPosixTests`, each
  /// warned of in every build). Calling the code directly would end the test too, but Swift
  /// Testing records the caught error at the test's declaration, without the message. The
  /// statement records the error at its own line, with the message, and ends the test.
  @Test func aNoThrowAssertionThatStopsTheTestRecordsTheErrorAndReturns() throws {
    let source = """
      import XCTest

      final class ChannelTests: XCTestCase {
        override func setUp() {
          continueAfterFailure = false
        }

        func testWrites() {
          let channel = Channel()
          XCTAssertNoThrow(try channel.write("a"))
          XCTAssertNoThrow(try channel.write("b"), "the second write")
          for text in ["c"] {
            XCTAssertNoThrow(try channel.write(text), text)
          }
          channel.flush { XCTAssertNoThrow(try channel.check()) }
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text == """
        import Foundation
        import Testing

        struct ChannelTests {
          init() {
          }

          @Test
          func testWrites() {
            let channel = Channel()
            do { _ = try channel.write("a") } catch { Issue.record(error); return }
            do { _ = try channel.write("b") } catch { Issue.record(error, "the second write"); return }
            for text in ["c"] {
              do { _ = try channel.write(text) } catch { Issue.record(error, Comment(rawValue: text)); return }
            }
            channel.flush { #expect(throws: Never.self) { try channel.check() } }
          }
        }
        """, "\(result.text)")
    #expect(result.notes == [])
  }

  /// Set anywhere but in the setUp, it changes between tests or within one: still no form.
  @Test func aSettingInATestStillKeepsTheClassXCTest() throws {
    let source = """
      import XCTest

      final class ParserTests: XCTestCase {
        func testParses() {
          continueAfterFailure = false
          XCTAssertEqual(parse("a").count, 1)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes.map(\.description) == ["3: left as XCTest: it uses continueAfterFailure"])
  }

  /// A helper base class's setting stops the tests of every subclass.
  @Test func aBaseThatStopsOnFailureMakesItsSubclassesRequire() throws {
    let subclass = """
      import XCTest

      final class CoderTests: CoreTestCase {
        func testRoundTrips() throws {
          XCTAssertEqual(try decode(encode(1)), 1)
        }
      }
      """
    var options = XCTestMigration.Options()
    let files = [
      ("Tests/R/CoreTestCase.swift", stoppingBase), ("Tests/R/CoderTests.swift", subclass),
    ]
    for file in files { options.helpers.read(file.1, path: file.0) }
    let results = try XCTestMigration.migrate(files, options: options).map { try $0.get() }
    #expect(
      results[0].text == """
        import Foundation
        import Testing

        class CoreTestCase {
          init() async throws {
          }
        }
        """, "\(results[0].text)")
    #expect(
      results[1].text.contains("try #require((try decode(encode(1))) == 1)"), "\(results[1].text)")
    #expect(results.flatMap(\.notes) == [])
  }

  /// swift-openapi-generator's `Test_Core` family: the base's setUp stops every test at its
  /// first failure, one subclass's helper sets it again (`self.continueAfterFailure = false`),
  /// another's test lets its cases go on (`self.continueAfterFailure = true`). Both kept the
  /// family of twenty classes XCTest ("it uses continueAfterFailure"). The first changes
  /// nothing and goes; after the second, the test's assertions stay `#expect`.
  @Test func settingsOutsideTheSetUpThatTheSuiteCanCarryGo() throws {
    let helper = """
      import XCTest

      final class EnumTests: CoreTestCase {
        func testCases() throws {
          XCTAssertEqual(try names("a"), ["a"])
        }

        func names(_ text: String) throws -> [String] {
          self.continueAfterFailure = false
          let names = try parse(text)
          XCTAssertEqual(names.count, 1)
          return names
        }
      }
      """
    let goesOn = """
      import XCTest

      final class NameTests: CoreTestCase {
        func testNames() {
          XCTAssertEqual(safe("a"), "a")
          self.continueAfterFailure = true
          for name in ["b", "c"] {
            XCTAssertEqual(safe(name), name)
          }
          XCTAssertEqual(safe("d"), "d")
        }
      }
      """
    var options = XCTestMigration.Options()
    let files = [
      ("Tests/C/CoreTestCase.swift", stoppingBase), ("Tests/C/EnumTests.swift", helper),
      ("Tests/C/NameTests.swift", goesOn),
    ]
    for file in files { options.helpers.read(file.1, path: file.0) }
    let results = try XCTestMigration.migrate(files, options: options).map { try $0.get() }
    #expect(results.flatMap(\.notes) == [])
    #expect(
      results[1].text == """
        import Foundation
        import Testing

        final class EnumTests: CoreTestCase {
          @Test
          func testCases() throws {
            try #require((try names("a")) == ["a"])
          }

          func names(_ text: String) throws -> [String] {
            let names = try parse(text)
            #expect(names.count == 1)
            return names
          }
        }
        """, "\(results[1].text)")
    #expect(
      results[2].text == """
        import Foundation
        import Testing

        final class NameTests: CoreTestCase {
          @Test
          func testNames() throws {
            try #require(safe("a") == "a")
            for name in ["b", "c"] {
              #expect(safe(name) == name)
            }
            #expect(safe("d") == "d")
          }
        }
        """, "\(results[2].text)")
  }

  /// Set again in a helper of a class whose tests go on, it would stop the rest of the test
  /// that calls it: still no form.
  @Test func aSettingInAHelperOfAClassThatGoesOnKeepsItXCTest() throws {
    let source = """
      import XCTest

      final class ParserTests: XCTestCase {
        func testParses() {
          XCTAssertEqual(count("a"), 1)
        }

        func count(_ text: String) -> Int {
          continueAfterFailure = false
          return parse(text).count
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes.map(\.description) == ["3: left as XCTest: it uses continueAfterFailure"])
  }
}
