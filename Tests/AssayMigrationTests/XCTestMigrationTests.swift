import AssayToolSupport
import Foundation
import Testing

@testable import AssayMigration

/// `assay migrate xctest` on snippets: what each XCTest form becomes, and what is left.
struct XCTestMigrationTests {
  private func migrated(_ source: String, displayNames: Bool = false) throws -> String {
    var options = XCTestMigration.Options()
    options.displayNames = displayNames
    return try XCTestMigration.migrate(source, path: "T.swift", options: options).text
  }

  @Test func aSimpleCaseBecomesAStructOfTests() throws {
    let source = """
      import XCTest
      @testable import Shop

      /// The basket.
      final class BasketTests: XCTestCase {
        let tax = 0.2

        // Adding prices.
        func testAddsPricesUp() throws {
          var basket = Basket()
          basket.add(300)
          XCTAssertEqual(basket.total, 300)
          XCTAssertTrue(basket.prices.count == 1, "one item")
          XCTAssertFalse(basket.isEmpty)
          XCTAssertNil(basket.coupon)
          XCTAssertNotNil(basket.first, message)
          XCTAssertGreaterThan(basket.total + 1, 2)
          let first = try XCTUnwrap(basket.first)
          XCTAssertEqual(Double(first) * tax, 60, accuracy: 0.001)
          XCTAssertNotEqual(Double(first) * tax, 61, accuracy: 0.001, "not 61")
          XCTAssertThrowsError(try basket.remove(42))
          XCTAssertNoThrow(try basket.remove(300))
          if basket.isEmpty { XCTFail("emptied") }
          if basket.isEmpty { XCTAssert(false, "emptied") }
        }

        func helper() -> Int { 1 }
      }
      """
    #expect(
      try migrated(source) == """
        import Assay
        import Foundation
        import Testing
        @testable import Shop

        /// The basket.
        struct BasketTests {
          let tax = 0.2

          // Adding prices.
          @Test
          func testAddsPricesUp() throws {
            var basket = Basket()
            basket.add(300)
            #expect(basket.total == 300)
            #expect(basket.prices.count == 1, "one item")
            #expect(!basket.isEmpty)
            #expect(basket.coupon == nil)
            #expect(basket.first != nil, Comment(rawValue: message))
            #expect((basket.total + 1) > 2)
            let first = try #require(basket.first)
            assertEqual(Double(first) * tax, 60, accuracy: 0.001)
            assertNotEqual(Double(first) * tax, 61, accuracy: 0.001, "not 61")
            #expect(throws: (any Error).self) { try basket.remove(42) }
            #expect(throws: Never.self) { try basket.remove(300) }
            if basket.isEmpty { Issue.record("emptied") }
            if basket.isEmpty { Issue.record("emptied") }
          }

          func helper() -> Int { 1 }
        }
        """)
  }
}

extension XCTestMigrationTests {
  @Test func setUpAndTearDownBecomeInitAndDeinitOfAFinalClass() throws {
    let source = """
      import XCTest

      @MainActor
      class LoaderTests: XCTestCase {
        var loader: Loader!

        override func setUpWithError() throws {
          try super.setUpWithError()
          loader = try Loader(path: "/tmp")
        }

        override func tearDown() {
          loader = nil
          super.tearDown()
        }

        func testLoads() async throws {
          let done = expectation(description: "loaded")
          loader.load { done.fulfill() }
          await fulfillment(of: [done], timeout: 2)
          wait(for: [done], timeout: 0.5)
        }

        func testSkipsOffline() throws {
          try XCTSkipIf(loader.isOffline, "offline")
          try XCTSkipUnless(loader.isReady)
          throw XCTSkip("not yet")
        }
      }
      """
    #expect(
      try migrated(source, displayNames: true) == """
        import Assay
        import Foundation
        import Testing

        @MainActor @Suite(.oneAtATime)
        final class LoaderTests {
          var loader: Loader!

          init() throws {
            loader = try Loader(path: "/tmp")
          }

          deinit {
            loader = nil
          }

          @Test("Loads")
          func testLoads() async throws {
            let done = TestExpectation("loaded")
            loader.load { done.fulfill() }
            await waitForFulfillment(of: [done], timeout: .seconds(2))
            await waitForFulfillment(of: [done], timeout: .seconds(0.5))
          }

          @Test("Skips offline")
          func testSkipsOffline() throws {
            if loader.isOffline { try Test.cancel("offline") }
            if !loader.isReady { try Test.cancel("skipped") }
            try Test.cancel("not yet")
          }
        }
        """)
  }

  @Test func whatCannotBeConvertedIsLeftWithOneNoteAndTheSecondRunChangesNothing() throws {
    let source = """
      import XCTest

      final class CacheTests: XCTestCase {
        func testEvicts() {
          continueAfterFailure = false
          XCTAssertEqual(Cache.shared.count, 0, file: #filePath, line: #line)
        }
      }

      final class ClockTests: XCTestCase {
        func testTicks() { XCTAssertEqual(Clock().ticks, 0) }
      }

      func check(_ value: Int) { XCTAssertEqual(value, 1) }
      """
    let first = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      first.text == """
        import Assay
        import Testing
        import XCTest

        // assay-migrate: left as XCTest: it uses continueAfterFailure
        final class CacheTests: XCTestCase {
          func testEvicts() {
            continueAfterFailure = false
            XCTAssertEqual(Cache.shared.count, 0, file: #filePath, line: #line)
          }
        }

        struct ClockTests {
          @Test
          func testTicks() { #expect(Clock().ticks == 0) }
        }

        func check(_ value: Int) { Assay.assertEqual(value, 1) }
        """)
    #expect(
      first.notes.map(\.description) == [
        "3: left as XCTest: it uses continueAfterFailure"
      ])
    #expect((first.suites, first.tests, first.assertions) == (1, 1, 2))
    let second = try XCTestMigration.migrate(first.text, path: "T.swift")
    #expect(second.text == first.text)
  }

  @Test func testsInAnExtensionOfAConvertedClassAreConverted() throws {
    let source = """
      import XCTest

      final class PathTests: XCTestCase {
        func testJoins() { XCTAssertEqual(join("a", "b"), "a/b") }
      }

      extension PathTests {
        func testSplits() { XCTAssertEqual(split("a/b"), ["a", "b"]) }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing

        struct PathTests {
          @Test
          func testJoins() { #expect(join("a", "b") == "a/b") }
        }

        extension PathTests {
          @Test
          func testSplits() { #expect(split("a/b") == ["a", "b"]) }
        }
        """)
  }

  /// A class with one test, whose other tests the tests below put in another file.
  static let pathTests = """
    import XCTest

    final class PathTests: XCTestCase {
      func testJoins() { XCTAssertEqual(join("a", "b"), "a/b") }
    }
    """

  /// swift-argument-parser's HelpGenerationTests: tests in extensions in other files. Converted
  /// alone, the class would leave those tests as plain methods of a suite, which nothing runs.
  @Test func aClassWithTestsInAnExtensionInAnotherFileStaysXCTest() throws {
    let declared = Self.pathTests
    let extended = """
      import XCTest

      extension PathTests {
        func testSplits() { XCTAssertEqual(split("a/b"), ["a", "b"]) }
      }
      """
    var options = XCTestMigration.Options()
    options.helpers.read(declared, path: "PathTests.swift")
    options.helpers.read(extended, path: "Other.swift")
    let result = try XCTestMigration.migrate(declared, path: "PathTests.swift", options: options)
    #expect(result.text.contains("final class PathTests: XCTestCase {"), "\(result.text)")
    #expect(result.suites == 0)
    #expect(
      result.notes == [
        .init(
          line: 3,
          message: "left as XCTest: tests of it are declared in extensions in other files "
            + "(testSplits), which would not run once it is a suite")
      ])
    let other = try XCTestMigration.migrate(extended, path: "Other.swift", options: options)
    #expect(other.text == extended)
  }

  /// The files of a run, converted together (as `assay migrate` does): each text, in order.
  /// mattpolzin/OpenAPIKit: its test targets `OpenAPIKitTests` and `OpenAPIKit30Tests` each
  /// declare `ComponentsTests` (and 15 more classes of the same names), each with extensions
  /// of its own. Before the fix, the tests in one target's extensions were counted as the other's,
  /// declared "in extensions in other files", and every such class stayed XCTest (with
  /// `SchemaObjectTests`, 1076 assertions). An extension belongs to the class declared nearest.
  @Test func classesOfOneNameInTwoTargetsAreConvertedEachWithItsOwnExtensions() throws {
    let current = """
      import XCTest

      final class ComponentsTests: XCTestCase {
        func testInit() { XCTAssertEqual(1, 1) }
      }

      extension ComponentsTests {
        func testPathItems() { XCTAssertEqual(2, 2) }
      }
      """
    let older = """
      import XCTest

      final class ComponentsTests: XCTestCase {
        func testInit() { XCTAssertEqual(3, 3) }
      }

      extension ComponentsTests {
        func testLinks() { XCTAssertEqual(4, 4) }
      }
      """
    let results = try migratedRun([
      ("Tests/KitTests/ComponentsTests.swift", current),
      ("Tests/Kit30Tests/ComponentsTests.swift", older),
    ])
    for (result, test) in zip(results, ["testPathItems", "testLinks"]) {
      #expect(result.text.contains("struct ComponentsTests {"), "\(result.text)")
      #expect(result.text.contains("@Test\n  func \(test)() {"), "\(result.text)")
      #expect(result.notes == [])
    }
  }

  /// The other side of the same: a class converted in one target never takes the extensions
  /// in another file of a class of the same name left as XCTest in another target (they
  /// would become `@Test` methods of an `XCTestCase`).
  @Test func anExtensionFollowsOnlyTheClassOfItsOwnTarget() throws {
    let converted = """
      import XCTest

      final class ComponentsTests: XCTestCase {
        func testInit() { XCTAssertEqual(1, 1) }
      }
      """
    let left = """
      import XCTest

      final class ComponentsTests: XCTestCase {
        func testInit() {
          continueAfterFailure = false
          XCTAssertEqual(3, 3)
        }
      }
      """
    let extensionOfLeft = """
      import XCTest

      extension ComponentsTests {
        func testLinks() { XCTAssertEqual(4, 4) }
      }
      """
    let results = try migratedRun([
      ("Tests/KitTests/ComponentsTests.swift", converted),
      ("Tests/Kit30Tests/ComponentsTests.swift", left),
      ("Tests/Kit30Tests/ComponentsTests+Links.swift", extensionOfLeft),
    ])
    #expect(results[0].text.contains("struct ComponentsTests {"), "\(results[0].text)")
    #expect(results[1].text.contains("final class ComponentsTests: XCTestCase {"))
    #expect(results[2].text == extensionOfLeft, "\(results[2].text)")
  }

  /// apple/swift-openapi-runtime: 37 test classes inherit from `Test_Runtime`, a helper base
  /// class in a file of its own. Before the fix, each stayed XCTest with no note (only the
  /// base class had one): the tool did not say what it left, nor why. (Such a family converts
  /// now, see `ClassFamilyMigrationTests`; this one cannot: a subclass's tearDown does not end
  /// with the base's.)
  @Test func aSubclassOfAnotherFilesTestClassIsLeftWithANote() throws {
    let base = "import XCTest\n\nclass Test_Runtime: XCTestCase {\n  var value: Int { 1 }\n}\n"
    let subclass = """
      import XCTest

      final class Test_Body: Test_Runtime {
        override func tearDown() { reset() }
        func testValue() { XCTAssertEqual(value, 1) }
      }
      """
    var options = XCTestMigration.Options()
    options.helpers.read(base, path: "Tests/R/Test_Runtime.swift")
    options.helpers.read(subclass, path: "Tests/R/Test_Body.swift")
    let results = try XCTestMigration.migrate(
      [("Tests/R/Test_Runtime.swift", base), ("Tests/R/Test_Body.swift", subclass)],
      options: options
    ).map { try $0.get() }
    let note =
      "left as XCTest with its base class Test_Runtime (Tests/R/Test_Runtime.swift): its "
      + "subclass Test_Body (Tests/R/Test_Body.swift:3): its tearDown does not end with "
      + "super.tearDown(), as the deinit it becomes must (the base's deinit runs after it)"
    #expect(
      results[1].text
        == subclass.replacingOccurrences(
          of: "final class Test_Body", with: "// assay-migrate: \(note)\nfinal class Test_Body"))
    #expect(results[1].notes.map { "\($0.line): \($0.message)" } == ["3: \(note)"])
  }

  /// ZIPFoundation's form: one class, most of its tests in extensions in other files. In a
  /// run, the class and every extension of it are converted together.
  @Test func aClassAndItsExtensionsInOtherFilesAreConvertedTogether() throws {
    let declared = Self.pathTests
    let extended = """
      import XCTest

      extension PathTests {
        func testSplits() { XCTAssertEqual(split("a/b"), ["a", "b"]) }

        func check(_ path: String) { XCTAssertFalse(path.isEmpty) }
      }
      """
    let results = try migratedRun([("PathTests.swift", declared), ("Other.swift", extended)])
    #expect(results[0].text.contains("struct PathTests {"), "\(results[0].text)")
    #expect((results[0].suites, results[0].tests, results[0].notes) == (1, 1, []))
    #expect(
      results[1].text == """
        import Foundation
        import Testing

        extension PathTests {
          @Test
          func testSplits() { #expect(split("a/b") == ["a", "b"]) }

          func check(_ path: String) { #expect(!path.isEmpty) }
        }
        """)
    #expect((results[1].suites, results[1].tests, results[1].notes) == (0, 1, []))
  }

  /// What keeps an extension in another file XCTest keeps the class XCTest, in every file: a
  /// suite would not run the tests left there as plain methods.
  @Test func aBlockerInAnotherFilesExtensionKeepsTheClassXCTestInEveryFile() throws {
    let declared = Self.pathTests
    let extended = """
      import XCTest

      extension PathTests {
        func testSplits() {
          continueAfterFailure = false
          XCTAssertEqual(split("a/b"), ["a", "b"])
        }
      }
      """
    let results = try migratedRun([("PathTests.swift", declared), ("Other.swift", extended)])
    #expect(results[0].text.contains("final class PathTests: XCTestCase {"), "\(results[0].text)")
    #expect(results[0].suites == 0)
    #expect(
      results[0].notes == [
        .init(
          line: 3,
          message: "left as XCTest with its extensions in other files: Other.swift: it uses "
            + "continueAfterFailure")
      ])
    #expect(results[1].text == extended)
  }

  /// ZIPFoundation's `class var testBundle`: a struct cannot declare a class property.
  @Test func aClassPropertyMakesTheSuiteAFinalClass() throws {
    let source = """
      import XCTest

      final class BundleTests: XCTestCase {
        class var name: String { "\\(self)" }

        func testNamed() { XCTAssertEqual(Self.name, "BundleTests") }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing

        final class BundleTests {
          class var name: String { "\\(self)" }

          @Test
          func testNamed() { #expect(Self.name == "BundleTests") }
        }
        """)
  }

  /// A test that passes the test case itself to a function (swift-crypto's
  /// `RFCVectorDecoder(bundleType: self, ...)`, which takes `AnyObject`) or captures it weakly
  /// keeps a reference: the suite is a final class (a struct did not compile: "argument type
  /// 'HKDFTests' expected to be an instance of a class", and the class stayed XCTest).
  @Test(arguments: [
    "let decoder = try VectorDecoder(bundleType: self, fileName: \"vectors\")",
    "let decoder = try schedule { [weak self] in self?.decoder() }",
  ])
  func aTestThatPassesItselfOnHasAClassForASuite(line: String) throws {
    let source = """
      import XCTest

      final class VectorTests: XCTestCase {
        func testVectors() throws {
          \(line)
          XCTAssertEqual(decoder.count, 3)
        }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing

        final class VectorTests {
          @Test
          func testVectors() throws {
            \(line)
            #expect(decoder.count == 3)
          }
        }
        """)
  }

  /// A name that Swift Testing declares too, written only as a member of another type
  /// (swift-nio-ssh's `SSHChannelRequestEvent.ExitStatus`, OpenAPIKit's `OpenAPI.Tag`), means
  /// the same once the file imports Testing: no clash, the class converts (it stayed XCTest,
  /// "the file names ExitStatus").
  @Test func aNameSwiftTestingDeclaresWrittenAsAMemberIsNoClash() throws {
    let source = """
      import XCTest
      import NIOSSH
      import OpenAPIKit

      final class EventTests: XCTestCase {
        func testExit() {
          XCTAssertEqual(SSHChannelRequestEvent.ExitStatus(exitStatus: 5).exitStatus, 5)
          XCTAssertEqual(OpenAPI.Tag(name: "a").name, "a")
        }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing
        import NIOSSH
        import OpenAPIKit

        struct EventTests {
          @Test
          func testExit() {
            #expect(SSHChannelRequestEvent.ExitStatus(exitStatus: 5).exitStatus == 5)
            #expect(OpenAPI.Tag(name: "a").name == "a")
          }
        }
        """)
  }

  /// swift-argument-parser's form: an empty class, every test in an extension.
  @Test func aClassWhoseTestsAreAllInExtensionsIsConverted() throws {
    let source = """
      import XCTest

      final class PathTests: XCTestCase {}

      extension PathTests {
        func testSplits() { XCTAssertEqual(split("a/b"), ["a", "b"]) }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing

        struct PathTests {}

        extension PathTests {
          @Test
          func testSplits() { #expect(split("a/b") == ["a", "b"]) }
        }
        """)
  }

  @Test(arguments: [
    (
      "class Base: XCTestCase { func helper() {} }\nfinal class A: Base { func testA() {} }",
      [
        "1: left as XCTest: other test classes inherit from it",
        "2: left as XCTest: a subclass of Base, not of XCTestCase",
      ]
    ),
    (
      "final class A: XCTestCase { static var allTests = [(\"testA\", testA)]\n func testA() {} }"
        + "\nlet all = [testCase(A.allTests)]",
      // The file that lists the class uses the list itself, and says where (as a run does).
      [
        "1: left as XCTest: it is listed in an allTests array for LinuxMain.swift, which "
          + "T.swift:4 uses: delete that use, then run again (the lists go then)"
      ]
    ),
    (
      "final class TagTests: XCTestCase { func testA() { XCTAssertEqual(Tag.str, Tag(\"!\")) } }",
      [
        "1: left as XCTest: the file names Tag, which Swift Testing declares too: importing it "
          + "would change what that name means"
      ]
    ),
    (
      "final class A: XCTestCase { func testA() { self.addTeardownBlock(work) } }",
      ["1: left as XCTest: it calls self.addTeardownBlock, XCTestCase's own"]
    ),
    (
      "@available(macOS 14, *)\nfinal class A: XCTestCase { var b = Box()\n func testA() {} }",
      [
        "1: left as XCTest: it is marked @available and has stored properties, which a suite "
          + "cannot carry (@Suite does not take @available, and a stored property cannot take "
          + "it alone)"
      ]
    ),
    (
      "@available(macOS 14, *)\nfinal class A: XCTestCase {\n override class func tearDown() {}\n"
        + " func testA() {} }",
      [
        "1: left as XCTest: it is marked @available and has a tearDown, which would run outside "
          + "the members that can take @available (@Suite does not take it)"
      ]
    ),
    (
      "class Helpers: XCTestCase { func check() { XCTAssertTrue(true) } }",
      ["1: left as XCTest: it has no test methods (a helper base class?)"]
    ),
    (
      "final class A: XCTestCase { func testA() {\n"
        + " let ready = expectation(for: NSPredicate(value: true), evaluatedWith: nil) { true }\n"
        + " wait(for: [ready], timeout: 1) } }",
      [
        "1: left as XCTest: an expectation other than of a description, a notification or a "
          + "predicate"
      ]
    ),
    (
      "final class A: XCTestCase { func testA() { if flaky { XCTExpectFailure(\"known\") } } }",
      [
        "1: left as XCTest: XCTExpectFailure without a block expects a failure until the test "
          + "ends, which is not where the statements it stands among end (or it has options)"
      ]
    ),
    (
      "final class A: XCTestCase { func testA() { waitForExpectations(timeout: 1) } }",
      ["1: left as XCTest: it uses waitForExpectations"]
    ),
    (
      "final class A: XCTestCase { func testA() { XCTAssertThrowsError(try f()) { _ in check() } } }",
      ["1: left as XCTest: XCTAssertThrowsError has a trailing closure this cannot convert"]
    ),
  ])
  func unsafeShapesAreLeftWithAReason(source: String, notes: [String]) throws {
    let result = try XCTestMigration.migrate("import XCTest\n" + source, path: "T.swift")
    #expect(
      result.notes.map(\.description)
        == notes.map { line in
          // One line down: the import comes first.
          let number = Int(line.prefix { $0.isNumber })! + 1
          return "\(number)" + line.drop { $0.isNumber }
        })
    #expect(result.suites == 0)
    #expect(result.text.contains("XCTestCase"))
  }

  /// A helper whose assertions all have Assay's form becomes Assay's, and passes its
  /// caller's file and line on: it works for suites of either framework.
  @Test func aHelperWithFileAndLineAssertsWithAssay() throws {
    let source = """
      import XCTest

      func assertValid(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(value, 0, "valid", file: file, line: line)
      }

      final class A: XCTestCase {
        func testA() { assertValid(1) }

        func assertSmall(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
          XCTAssertLessThan(value, 10, file: file, line: line)
        }
      }
      """
    #expect(
      try migrated(source) == """
        import Assay
        import Foundation
        import Testing

        func assertValid(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
          Assay.assertGreaterThan(value, 0, "valid", filePath: file, line: line)
        }

        struct A {
          @Test
          func testA() { assertValid(1) }

          func assertSmall(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
            Assay.assertLessThan(value, 10, filePath: file, line: line)
          }
        }
        """)
  }

  /// vapor/leaf-kit's `XCTAssertThrowsErrorAsync` passes its error handler after `file:` and
  /// `line:`, as XCTest's last argument. Before the fix it became
  /// `Assay.assertThrows(e, m, filePath: file, line: line, callback)`, which does not compile
  /// ("unnamed argument #5 must precede argument 'filePath'"), and the build check put the
  /// file back with every suite that called its helpers. The handler now runs on the error
  /// Assay's assertion gives back; where the call is not a statement, it is not converted.
  @Test func anErrorHandlerPassedAfterFileAndLineRunsOnTheError() throws {
    let source = """
      import XCTest

      func assertThrowsAsync(
        _ value: () throws -> Int, _ message: String = "", file: StaticString = #filePath,
        line: UInt = #line, _ callback: (Error) -> Void = { _ in }
      ) {
        XCTAssertThrowsError(try value(), message, file: file, line: line, callback)
        XCTAssertThrowsError(try value(), message, callback)
      }
      """
    #expect(
      try migrated(source) == """
        import Assay
        import Foundation

        func assertThrowsAsync(
          _ value: () throws -> Int, _ message: String = "", file: StaticString = #filePath,
          line: UInt = #line, _ callback: (Error) -> Void = { _ in }
        ) {
          if let error = Assay.assertThrows(try value(), message, filePath: file, line: line) { callback(error) }
          if let error = Assay.assertThrows(try value(), message) { callback(error) }
        }
        """)
    let unused = """
      import XCTest

      func check(_ value: () throws -> Int, _ callback: (Error) -> Void) -> Bool {
        _ = XCTAssertThrowsError(try value(), "m", file: #filePath, line: 1, callback)
        return true
      }
      """
    #expect(try migrated(unused).contains("XCTAssertThrowsError(try value(), \"m\", file:"))
  }

  /// vapor/leaf-kit's helpers are `async`: there Swift picks Assay's asynchronous
  /// `assertThrows` and `assertNoThrow`, which need `await` ("expression is 'async' but is not
  /// marked with 'await'" put the file back, with the suites that call it). A synchronous
  /// closure inside keeps its calls as they are.
  @Test func assertThrowsInAnAsyncFunctionIsAwaited() throws {
    let source = """
      import XCTest

      func assertThrowsAsync(
        _ error: any Error, file: StaticString = #filePath, line: UInt = #line,
        _ callback: (any Error) -> Void = { _ in }
      ) async {
        XCTAssertThrowsError(try { throw error }(), file: file, line: line, callback)
        XCTAssertNoThrow(try { () }(), file: file, line: line)
        let check = { XCTAssertNoThrow(try { () }(), file: file, line: line) }
        check()
      }
      """
    #expect(
      try migrated(source) == """
        import Assay
        import Foundation

        func assertThrowsAsync(
          _ error: any Error, file: StaticString = #filePath, line: UInt = #line,
          _ callback: (any Error) -> Void = { _ in }
        ) async {
          if let error = await Assay.assertThrows(try { throw error }(), filePath: file, line: line) { callback(error) }
          await Assay.assertNoThrow(try { () }(), filePath: file, line: line)
          let check = { Assay.assertNoThrow(try { () }(), filePath: file, line: line) }
          check()
        }
        """)
  }

  /// swift-nio's `TestUtils.swift`: `defer { XCTAssertNoThrow(try group.syncShutdownGracefully()) }`
  /// in an `async` helper became `await Assay.assertNoThrow(…)`, and "'await' operation cannot
  /// occur in a defer body" put the file back, with the 40 files whose suites call its helpers
  /// (5600 assertion calls). In a `defer`, Swift picks the synchronous overload: no `await`.
  @Test func anAssertionInADeferOfAnAsyncFunctionIsNotAwaited() throws {
    let source = """
      import XCTest

      func withGroup(file: StaticString = #filePath, line: UInt = #line) async throws {
        defer {
          XCTAssertNoThrow(try { () }(), file: file, line: line)
        }
        XCTAssertNoThrow(try { () }(), file: file, line: line)
      }
      """
    let text = try migrated(source)
    #expect(
      text == """
        import Assay
        import Foundation

        func withGroup(file: StaticString = #filePath, line: UInt = #line) async throws {
          defer {
            Assay.assertNoThrow(try { () }(), filePath: file, line: line)
          }
          await Assay.assertNoThrow(try { () }(), filePath: file, line: line)
        }
        """, "\(text)")
  }

  /// `self.name` is the test's name, and `super.x` XCTestCase's, only in the test class
  /// itself: GRDB's `FetchableRecordDecodableTests` (253 assertion calls) stayed XCTest for a
  /// `self.name = name` in the initializer of a struct declared in a test, and
  /// `MutablePersistableRecordChangesTests` for a local record class's `super.init()`.
  @Test(arguments: [
    ("XCTAssertEqual(self.name, \"-[T testT]\")", "it reads the test's name (self.name)"),
    ("super.invokeTest()", "it calls super.invokeTest"),
    (
      """
      struct Player {
            var name: String
            init(name: String) { self.name = name }
          }
          XCTAssertEqual(Player(name: "a").name, "a")
      """, nil
    ),
    (
      """
      class Base { init() {} }
          final class Record: Base {
            let name: String
            override init() { self.name = "a"; super.init() }
          }
          XCTAssertEqual(Record().name, "a")
      """, nil
    ),
  ])
  func selfAndSuperAreTheTestCasesOnlyInTheTestClass(body: String, why: String?) throws {
    let source =
      "import XCTest\n\nfinal class T: XCTestCase {\n  func testT() {\n    \(body)\n  }\n}\n"
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes.map(\.message) == why.map { ["left as XCTest: " + $0] } ?? [])
    #expect(result.suites == (why == nil ? 1 : 0), "\(result.text)")
  }

  /// A file of helpers only: they become Assay's, and the file imports it.
  @Test func aFileOfHelpersOnlyImportsAssay() throws {
    let source = """
      import XCTest

      func assertValid(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(value, 0, file: file, line: line)
      }
      """
    #expect(
      try migrated(source) == """
        import Assay
        import Foundation

        func assertValid(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
          Assay.assertGreaterThan(value, 0, filePath: file, line: line)
        }
        """)
  }

  /// A helper that uses what Assay has no form for stays XCTest, and so does a class that
  /// calls it: inside a Swift Testing test its failures would be lost.
  @Test func aClassThatCallsAnXCTestHelperStaysXCTest() throws {
    var options = XCTestMigration.Options()
    options.helpers.read(
      "import XCTest\nfunc expectKnown() { XCTExpectFailure(\"known\") }")
    let result = try XCTestMigration.migrate(
      """
      import XCTest
      final class A: XCTestCase { func testA() { expectKnown() } }
      final class B: XCTestCase { func testB() { XCTAssertTrue(true) } }
      """, path: "T.swift", options: options)
    #expect(
      result.notes.map(\.description) == [
        "2: left as XCTest: it calls expectKnown, which stays XCTest"
      ])
    #expect(result.suites == 1)
  }

  /// A test inside `#if` in the class is converted with the others (XMLCoder has one), and a
  /// class of the file that is not a test class is not mentioned.
  @Test func testsInsideIfBlocksOfAClassAreConverted() throws {
    let source = """
      import XCTest

      class Shape {}
      final class Square: Shape {}

      final class ShapeTests: XCTestCase {
        func testA() { XCTAssertTrue(true) }
        #if swift(>=5.5)
        func testB() { XCTAssertFalse(false) }
        #endif
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes.isEmpty)
    #expect(result.tests == 2)
    #expect(
      result.text.contains(
        """
          #if swift(>=5.5)
          @Test
          func testB() { #expect(!false) }
          #endif
        """), "\(result.text)")
  }

  /// Imports inside `#if` are adjusted where they stand.
  @Test func importsInsideIfBlocksAreAdjustedWhereTheyStand() throws {
    let source = """
      #if swift(>=5.5)

      import Foundation
      import XCTest

      final class A: XCTestCase {
        func testA() { XCTAssertTrue(true) }
      }

      #endif
      """
    #expect(
      try migrated(source) == """
        #if swift(>=5.5)

        import Foundation
        import Testing

        struct A {
          @Test
          func testA() { #expect(true) }
        }

        #endif
        """)
  }

  /// A class inside `#if`, and a type of its own inside it with an initializer: converted.
  @Test func classesInIfBlocksAndTheirNestedTypesAreConverted() throws {
    let source = """
      import XCTest

      #if canImport(Foundation)
      final class DateTests: XCTestCase {
        struct Fixture { let day: Int; init() { day = 1 } }

        func testDay() { XCTAssertEqual(Fixture().day, 1) }
      }
      #endif
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing

        #if canImport(Foundation)
        struct DateTests {
          struct Fixture { let day: Int; init() { day = 1 } }

          @Test
          func testDay() { #expect(Fixture().day == 1) }
        }
        #endif
        """)
  }

  @Test func aFileThatDoesNotParseIsAClearError() {
    let error = #expect(throws: RunError.self) {
      try XCTestMigration.migrate("import XCTest\nfinal class A: XCTestCase {\n", path: "A.swift")
    }
    #expect(
      error?.description == "A.swift:2: error: this file does not parse; it was left as it is")
  }

  @Test func aFileWithoutXCTestIsLeftAsItIs() throws {
    let source = "import Testing\n@Test func a() { #expect(true) }\n"
    let result = try XCTestMigration.migrate(source, path: "A.swift")
    #expect(result.text == source)
    #expect(result.notes.isEmpty)
  }

  @Test(arguments: [
    ("testUserLogsIn", "\"User logs in\""),
    ("test_emptyList_showsPlaceholder", "\"Empty list shows placeholder\""),
    ("testURLIsParsed", "\"URL is parsed\""), ("testReportsAChange", "\"Reports a change\""),
  ])
  func displayNamesReadAsSentences(method: String, name: String) {
    #expect(XCTestRewriter.displayName(method) == name)
  }
}

extension XCTestMigrationTests {
  @Test func anErrorHandlerRunsOnTheErrorThatExpectReturns() throws {
    let source = """
      import XCTest

      final class ParserTests: XCTestCase {
        func testRejectsTabs() {
          XCTAssertThrowsError(try parse("\\t"), "tabs") { error in
            XCTAssertEqual(error as? ParseError, .tab)
          }
        }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing

        struct ParserTests {
          @Test
          func testRejectsTabs() {
            if let error = #expect(throws: (any Error).self, "tabs", performing: { try parse("\\t") }) {
              #expect((error as? ParseError) == .tab)
            }
          }
        }
        """)
  }

  /// swift-openapi-runtime's `Test_ServerVariable`: the handler as the third argument, after
  /// the message. Before, the class stayed XCTest ("XCTAssertThrowsError has arguments this
  /// cannot convert"), and with it the 36 other subclasses of its base.
  @Test func anErrorHandlerPassedAsAnArgumentRunsOnTheErrorToo() throws {
    let source = """
      import XCTest

      final class ParserTests: XCTestCase {
        func testRejectsTabs() {
          XCTAssertThrowsError(
            try parse("\\t"),
            "tabs",
            { error in
              XCTAssertEqual(error as? ParseError, .tab)
            }
          )
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            if let thrownError = #expect(throws: (any Error).self, "tabs", performing: { try parse("\\t") }) { { error in
                #expect((error as? ParseError) == .tab)
              }(thrownError) }
        """), "\(result.text)")
    #expect(result.notes == [])
  }

  /// A handler that names the error `$0` gets a name for it; a nested closure's `$0` stays.
  @Test func anErrorHandlerWithoutANameGetsOne() throws {
    let source = """
      import XCTest

      final class ParserTests: XCTestCase {
        func testRejectsTabs() {
          XCTAssertThrowsError(try parse("\\t")) {
            guard case ParseError.tab = $0 else { XCTFail("thrown: \\($0)"); return }
            XCTAssertTrue([1].allSatisfy { $0 > 0 })
          }
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            if let error = #expect(throws: (any Error).self, performing: { try parse("\\t") }) {
              guard case ParseError.tab = error else { Issue.record("thrown: \\(error)"); return }
              #expect([1].allSatisfy { $0 > 0 })
            }
        """), "\(result.text)")
    #expect(result.notes == [])
  }
}

extension XCTestMigrationTests {
  /// `--assertions assay`: Assay's assertions, which need no macro, instead of `#expect`.
  @Test func assertionsCanBecomeAssays() throws {
    var options = XCTestMigration.Options()
    options.assertions = .assay
    let source = """
      import XCTest

      final class BasketTests: XCTestCase {
        func testAddsPricesUp() throws {
          var basket = Basket()
          basket.add(300)
          XCTAssertEqual(basket.total, 300)
          XCTAssertTrue(basket.prices.count == 1, "one item")
          XCTAssertNil(basket.coupon)
          XCTAssertNil(basket.prices.first { $0 > 1000 })
          let first = try XCTUnwrap(basket.first)
          XCTAssertEqual(Double(first), 300, accuracy: 0.001)
          XCTAssertThrowsError(try basket.remove(42))
          if basket.isEmpty { XCTFail("emptied") }
          XCTAssertThrowsError(try basket.remove(42)) { error in
            XCTAssertEqual(error as? BasketError, .missing)
          }
        }

        func fail() {}
      }
      """
    #expect(
      try XCTestMigration.migrate(source, path: "T.swift", options: options).text == """
        import Assay
        import Foundation
        import Testing

        struct BasketTests {
          @Test
          func testAddsPricesUp() throws {
            var basket = Basket()
            basket.add(300)
            assertEqual(basket.total, 300)
            assertTrue(basket.prices.count == 1, "one item")
            assertNil(basket.coupon)
            assertNil(basket.prices.first { $0 > 1000 } as Any?)
            let first = try unwrap(basket.first)
            assertEqual(Double(first), 300, accuracy: 0.001)
            assertThrows(try basket.remove(42))
            if basket.isEmpty { Assay.fail("emptied") }
            if let error = assertThrows(try basket.remove(42)) {
              assertEqual(error as? BasketError, .missing)
            }
          }

          func fail() {}
        }
        """)
  }

  @Test func assayAssertionsNeedTheTestsToDependOnAssay() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "assay-assertions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "import XCTest\n".write(
      to: folder.appendingPathComponent("T.swift"), atomically: true, encoding: .utf8)
    var options = MigrationSession.Options()
    options.paths = ["T.swift"]
    options.usesAssay = false
    options.migration.assertions = .assay
    options.workingDirectory = folder.path
    #expect(
      throws: RunError(
        "--assertions assay: the tests do not depend on Assay; add its product to the test "
          + "targets (or pass --assay if they do)")
    ) {
      _ = try MigrationSession(options: options, print: { _ in }).run()
    }
  }
}

extension XCTestMigrationTests {
  @Test func anExpectedFailureBecomesAKnownIssue() throws {
    let source = """
      import XCTest

      final class CacheTests: XCTestCase {
        func testEviction() {
          XCTExpectFailure("eviction is broken, #12") {
            XCTAssertEqual(cache.count, 0)
          }
          XCTExpectFailure("flaky on CI", strict: false) {
            XCTAssertTrue(cache.isWarm)
          }
        }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing

        struct CacheTests {
          @Test
          func testEviction() {
            withKnownIssue("eviction is broken, #12") {
              #expect(cache.count == 0)
            }
            withKnownIssue("flaky on CI", isIntermittent: true) {
              #expect(cache.isWarm)
            }
          }
        }
        """)
  }

  /// swift-certificates' `CSRTests`: `XCTExpectFailure("…")` without a block, in an
  /// `#if canImport(Darwin)` that ends the test, expects a failure until the test ends.
  /// The rest of the test is the rest of the statements it stands among: they become the body
  /// of `withKnownIssue("…") { … }` (awaited when they await). Before, the class (71 assertion
  /// calls) stayed XCTest; where the rest of the test is elsewhere (in an `if`), it still does
  /// (see `unsafeShapesAreLeftWithAReason`).
  @Test func anExpectedFailureForTheRestOfTheTestWrapsTheRest() throws {
    let source = """
      import XCTest

      final class CacheTests: XCTestCase {
        func testEviction() {
          #if canImport(Darwin)
          XCTExpectFailure("eviction is broken")
          XCTAssertEqual(cache.count, 0)
          #else
          XCTAssertEqual(cache.count, 1)
          #endif
        }

        func testWarmUp() async {
          XCTExpectFailure("flaky", strict: false)
          let warm = await cache.warmUp()
          XCTAssertTrue(warm)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes == [])
    #expect(
      result.text.contains(
        """
            #if canImport(Darwin)
            withKnownIssue("eviction is broken") {
              #expect(cache.count == 0)
            }
            #else
        """), "\(result.text)")
    #expect(
      result.text.contains(
        """
            await withKnownIssue("flaky", isIntermittent: true) {
              let warm = await cache.warmUp()
              #expect(warm)
            }
          }
        """), "\(result.text)")
  }
}

extension XCTestMigrationTests {
  /// Yams's tests name its `Tag`: written `Yams.Tag`, it keeps its meaning next to
  /// `import Testing`, in the converted suite and in what stays XCTest alike.
  @Test func aNameSwiftTestingAlsoDeclaresIsWrittenWithItsModule() throws {
    let source = """
      import XCTest
      import Yams

      final class TagTests: XCTestCase {
        func testResolves() {
          let tag: Tag = Tag(.str)
          XCTAssertEqual(tag.name, Tag.Name.str)
        }
      }

      final class SlowTagTests: XCTestCase {
        func testLater() { continueAfterFailure = false; XCTAssertNotNil(Tag?(nil) ?? Tag(.int)) }
      }

      func makeTag() -> [Tag] { [Tag(.str)] }
      """
    #expect(
      try migrated(source) == """
        import Testing
        import XCTest
        import Yams

        struct TagTests {
          @Test
          func testResolves() {
            let tag: Yams.Tag = Yams.Tag(.str)
            #expect(tag.name == Yams.Tag.Name.str)
          }
        }

        // assay-migrate: left as XCTest: it uses continueAfterFailure
        final class SlowTagTests: XCTestCase {
          func testLater() { continueAfterFailure = false; XCTAssertNotNil(Yams.Tag?(nil) ?? Yams.Tag(.int)) }
        }

        func makeTag() -> [Yams.Tag] { [Yams.Tag(.str)] }
        """)
  }

  @Test func aNameTheTestsDeclareThemselvesNeedsNoModule() throws {
    let source = """
      import XCTest
      import Shop

      final class TagTests: XCTestCase {
        struct Tag { let name: String }

        func testNames() {
          XCTAssertEqual(Tag(name: "a").name, "a")
        }
      }
      """
    let result = try migrated(source)
    #expect(result.contains("XCTAssertEqual") == false)
    #expect(result.contains(#"#expect(Tag(name: "a").name == "a")"#), "\(result)")
  }
}

extension XCTestMigrationTests {
  /// Without `LinuxMain.swift` (or anything else) to read them, XCTest's lists of tests are
  /// dead code: they go with the class's conversion.
  @Test func aListOfTestsNothingUsesIsRemoved() throws {
    let source = """
      import XCTest

      final class MarkTests: XCTestCase {
        func testMark() {
          XCTAssertTrue(true)
        }

        static var allTests: [(String, (MarkTests) -> () throws -> Void)] {
          [("testMark", testMark)]
        }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing

        struct MarkTests {
          @Test
          func testMark() {
            #expect(true)
          }
        }
        """)
  }
}

extension XCTestMigrationTests {
  /// XCTest's assertions catch what their value throws; `#expect` hands it on.
  @Test func aTestWhoseAssertionTriesBecomesThrowing() throws {
    let source = """
      import XCTest

      final class ParserTests: XCTestCase {
        func testParses() {
          XCTAssertEqual(try parse("1"), 1)
        }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing

        struct ParserTests {
          @Test
          func testParses() throws {
            #expect((try parse("1")) == 1)
          }
        }
        """)
    // Assay's assertions take values too (swift-tagged's `XCTAssertEqual(…, try decode(…))`).
    var options = XCTestMigration.Options()
    options.assertions = .assay
    let assay = try XCTestMigration.migrate(source, path: "T.swift", options: options)
    #expect(
      assay.text.contains("  func testParses() throws {\n    assertEqual(try parse(\"1\"), 1)\n"),
      "\(assay.text)")
  }
}

extension XCTestMigrationTests {
  /// swift-async-algorithms' TestInterspersed: a child task iterates a sequence that never
  /// suspends until the test cancels it, which needs another thread free. XCTest ran it alone;
  /// beside another such test (TestBufferedByteIterator) on 2 cores, both children held both
  /// threads and neither test could cancel its child: the migrated suite hung in 2 runs of 3.
  /// Before the fix, this suite was written with no trait.
  @Test(arguments: ["group.cancelAll()", "task.cancel()"])
  func aSuiteWhoseTestsCancelWorkTheyStartRunsOneAtATime(cancel: String) throws {
    let source = """
      import XCTest

      final class InterspersedTests: XCTestCase {
        func testCancellation() async {
          \(cancel)
        }
      }
      """
    #expect(try migrated(source).contains("@Suite(.oneAtATime)\nstruct InterspersedTests {"))
  }

  /// swift-nio-extras' TimedCertificateReloaderTests: a test starts a reloader that reloads
  /// every 50 ms, sleeps 200 ms and expects two reloads. XCTest ran it with no other test
  /// beside it; converted, it ran beside the others on 2 cores and saw fewer reloads (failed
  /// in 3 of 4 runs). Before the fix, this suite was written with no trait.
  @Test(arguments: [
    "try await Task.sleep(for: .milliseconds(200))", "try await Task.sleep(nanoseconds: 1)",
    "Thread.sleep(forTimeInterval: 0.2)", "usleep(200_000)", "sleep(1)",
  ])
  func aSuiteWhoseTestsSleepForWorkTheyStartRunsOneAtATime(sleep: String) throws {
    let source = """
      import XCTest

      final class ReloaderTests: XCTestCase {
        func testReloads() async throws {
          let reloader = Reloader(every: .milliseconds(50))
          \(sleep)
          XCTAssertGreaterThanOrEqual(reloader.reloads, 2)
        }
      }
      """
    #expect(try migrated(source).contains("@Suite(.oneAtATime)\nstruct ReloaderTests {"))
  }

  /// A name that only reads like a sleep (a property, an argument label) is no wait.
  @Test func aSleepThatIsNoCallLeavesTheSuiteAsItWas() throws {
    let source = """
      import XCTest

      final class SettingsTests: XCTestCase {
        func testSleepSetting() {
          let settings = Settings(sleep: true)
          XCTAssertTrue(settings.sleep)
        }
      }
      """
    let text = try migrated(source)
    #expect(text.contains("struct SettingsTests {"))
    #expect(!text.contains(".oneAtATime"))
  }

  /// vapor/fluent-kit: its tests wait on futures (`query.all().wait()`) that its library
  /// completes from tasks. XCTest ran each on a thread it could block; converted, they blocked
  /// the threads every task shares, and the migrated run hung (45 of 144 tests the same).
  /// Before the fix, this suite was written with no trait.
  @Test(arguments: [
    "_ = try query.all().wait()", "semaphore.wait()", "_ = group.wait(timeout: .now() + 1)",
  ])
  func aSuiteWhoseTestsBlockTheirThreadRunsEachOnItsOwn(call: String) throws {
    let source = """
      import XCTest

      final class QueryTests: XCTestCase {
        func testAll() throws {
          \(call)
        }
      }
      """
    let migrated = try migrated(source)
    #expect(migrated.contains("@Suite("), "\(migrated)")
    #expect(migrated.contains(".onItsOwnThread)\nstruct QueryTests {"), "\(migrated)")
    #expect(migrated.contains("import Assay"), "\(migrated)")
  }

  /// An asynchronous test ran on the shared threads under XCTest too: it keeps them, and the
  /// tasks of its groups stay free to run side by side.
  @Test func anAsynchronousTestThatBlocksGetsNoThreadOfItsOwn() throws {
    let source = """
      import XCTest

      final class QueryTests: XCTestCase {
        func testAll() async throws {
          _ = try query.all().wait()
        }
      }
      """
    #expect(try !migrated(source).contains(".onItsOwnThread"))
  }

  /// XCTest's own `wait(for:timeout:)` is no member call: converted, it waits without blocking.
  @Test func aTestThatWaitsForExpectationsGetsNoThreadOfItsOwn() throws {
    let source = """
      import XCTest

      final class WaitingTests: XCTestCase {
        func testWaits() {
          let done = expectation(description: "done")
          done.fulfill()
          wait(for: [done], timeout: 1)
        }
      }
      """
    #expect(try !migrated(source).contains(".onItsOwnThread"))
  }

  /// The control: a suite that neither waits for nor cancels work runs in parallel.
  @Test func aSuiteThatNeitherWaitsNorCancelsHasNoTrait() throws {
    let source = """
      import XCTest

      final class InterspersedTests: XCTestCase {
        func testValues() async { XCTAssertEqual(await values(), [1]) }
      }
      """
    let converted = try migrated(source)
    #expect(converted.contains("\nstruct InterspersedTests {"), "\(converted)")
    #expect(!converted.contains("@Suite"), "\(converted)")
  }

  /// XCTest sets an expectation up after making it; Assay's takes the settings when made.
  @Test func countedAndInvertedExpectationsTakeTheirSettingsWhenMade() throws {
    let source = """
      import XCTest

      final class RetryTests: XCTestCase {
        func testRetriesThreeTimes() {
          let retried = expectation(description: "retried")
          retried.expectedFulfillmentCount = 3
          retried.assertForOverFulfill = false
          let failed = expectation(description: "failed")
          failed.isInverted = true
          client.onRetry = { retried.fulfill() }
          wait(for: [retried, failed], timeout: 1)
        }
      }
      """
    #expect(
      try migrated(source) == """
        import Assay
        import Foundation
        import Testing

        @Suite(.oneAtATime)
        struct RetryTests {
          @Test
          func testRetriesThreeTimes() async {
            let retried = TestExpectation("retried", expectedCount: 3, reportsOverFulfillment: false)
            let failed = TestExpectation("failed", isInverted: true)
            client.onRetry = { retried.fulfill() }
            await waitForFulfillment(of: [retried, failed], timeout: .seconds(1))
          }
        }
        """)
  }

  @Test func aSettingMadeAfterTheExpectationIsUsedIsLeft() throws {
    let source = """
      import XCTest

      final class RetryTests: XCTestCase {
        func testRetries() {
          let retried = expectation(description: "retried")
          client.onRetry = { retried.fulfill() }
          retried.expectedFulfillmentCount = 3
          wait(for: [retried], timeout: 1)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.notes == [
        XCTestMigration.Note(line: 3, message: "left as XCTest: it uses expectedFulfillmentCount")
      ])
  }
}

extension XCTestMigrationTests {
  /// swift-nio's `FileSystemTests` and `FileHandleTests` (262 assertion calls) write
  /// `self.addTeardownBlock { … }`: called through `self.`, it stayed XCTestCase's, and so did
  /// the classes. With a trailing closure it is Assay's `addTeardownBlock`, written bare.
  @Test func aTeardownBlockAddedThroughSelfIsAssays() throws {
    let source = """
      import XCTest

      final class FileTests: XCTestCase {
        func testOpens() throws {
          let path = try makeFile()
          self.addTeardownBlock { try? remove(path) }
          XCTAssertTrue(open(path))
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes.isEmpty, "\(result.notes)")
    #expect(
      result.text.contains(
        """
        @Suite(.tearsDown)
        struct FileTests {
          @Test
          func testOpens() throws {
            let path = try makeFile()
            addTeardownBlock { try? remove(path) }
        """), "\(result.text)")
  }

  /// Assay's `addTeardownBlock` runs its blocks when the test ends, under `.tearsDown`.
  @Test func teardownBlocksRunUnderTheTearsDownTrait() throws {
    let source = """
      import XCTest

      final class DownloadTests: XCTestCase {
        func testSaves() throws {
          let folder = try makeFolder()
          addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
          XCTAssertTrue(save(in: folder))
        }
      }

      final class UploadTests: XCTestCase {
        override func tearDown() { Server.stop() }

        func testUploads() {
          addTeardownBlock { Server.reset() }
          XCTAssertTrue(upload())
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
        @Suite(.tearsDown)
        struct DownloadTests {
          @Test
          func testSaves() throws {
            let folder = try makeFolder()
            addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
            #expect(save(in: folder))
          }
        }
        """), "\(result.text)")
    // XCTest runs tearDown after the test's blocks: it becomes the block `init` adds first.
    #expect(
      result.text.contains(
        """
        @Suite(.tearsDown)
        final class UploadTests {
          init() {
            addTeardownBlock { [self] in self.tearDown() }
          }

          func tearDown() { Server.stop() }

          @Test
          func testUploads() {
        """), "\(result.text)")
    #expect(result.text.hasPrefix("import Assay\n"))
    #expect(result.notes == [])
  }
}

extension XCTestMigrationTests {
  /// A `deinit` can neither throw nor await: such a tearDown becomes a method that a teardown
  /// block, added last by `init` (or by an `init` of its own), calls when each test ends.
  @Test func anAsyncOrThrowingTearDownBecomesATeardownBlock() throws {
    let source = """
      import XCTest

      final class DatabaseTests: XCTestCase {
        var database: Database!

        override func setUp() async throws {
          try await super.setUp()
          database = try await Database.open()
        }

        override func tearDown() async throws {
          try await database.close()
          try await super.tearDown()
        }

        func testStores() async throws {
          try await database.store(1)
        }
      }

      final class CacheTests: XCTestCase {
        override func tearDownWithError() throws {
          try Cache.clear()
          try super.tearDownWithError()
        }

        func testCaches() {
          XCTAssertTrue(Cache.put(1))
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
        @Suite(.tearsDown)
        final class DatabaseTests {
          var database: Database!

          init() async throws {
            database = try await Database.open()
            addTeardownBlock { [self] in try await self.tearDown() }
          }

          func tearDown() async throws {
            try await database.close()
          }
        """), "\(result.text)")
    #expect(
      result.text.contains(
        """
        @Suite(.tearsDown)
        final class CacheTests {
          init() {
            addTeardownBlock { [self] in try self.tearDownWithError() }
          }

          func tearDownWithError() throws {
            try Cache.clear()
          }
        """), "\(result.text)")
    #expect(result.notes == [])
  }

  /// XCTest runs a class's several tearDown methods in an order of its own: left as they are.
  @Test func severalTearDownsAreLeft() throws {
    let source = """
      import XCTest

      final class MixedTests: XCTestCase {
        override func tearDown() { }
        override func tearDownWithError() throws { }
        func testNothing() { }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.text.contains("final class MixedTests: XCTestCase {"))
    #expect(
      result.notes == [
        XCTestMigration.Note(
          line: 3,
          message:
            "left as XCTest: it has 2 tearDown methods, which XCTest runs in an order of its own")
      ])
  }
}

extension XCTestMigrationTests {
  /// Expectations of notifications become Assay's `TestExpectation(notification:)`, with their
  /// settings folded in; one with a handler (which Assay needs `@Sendable`) is left.
  @Test func notificationExpectationsBecomeAssays() throws {
    let source = """
      import XCTest

      final class NotifyTests: XCTestCase {
        func testPosts() {
          let posted = expectation(forNotification: .loaded, object: loader)
          loader.load()
          wait(for: [posted], timeout: 5)
        }

        func testPostsTwice() {
          let posted = XCTNSNotificationExpectation(name: .loaded, notificationCenter: center)
          posted.expectedFulfillmentCount = 2
          loader.load()
          wait(for: [posted], timeout: 5)
        }
      }

      final class HandlerTests: XCTestCase {
        func testFilters() {
          let posted = expectation(forNotification: .loaded, object: nil) { _ in true }
          wait(for: [posted], timeout: 5)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        "let posted = TestExpectation(notification: .loaded, object: loader)"),
      "\(result.text)")
    #expect(
      result.text.contains(
        "let posted = TestExpectation(notification: .loaded, center: center, expectedCount: 2)"),
      "\(result.text)")
    #expect(
      result.notes == [
        XCTestMigration.Note(
          line: 18,
          message:
            "left as XCTest: an expectation other than of a description, a notification or a "
            + "predicate")
      ])
  }

  /// Predicate expectations become Assay's `TestExpectation(predicate:evaluatedWith:)`, which
  /// checks the predicate every 10 ms (XCTest's, once a second).
  @Test func predicateExpectationsBecomeAssays() throws {
    let source = """
      import XCTest

      final class JobTests: XCTestCase {
        func testFinishes() {
          let done = expectation(for: NSPredicate(format: "isDone == true"), evaluatedWith: job)
          wait(for: [done], timeout: 5)
        }

        func testFinishesToo() {
          let done = XCTNSPredicateExpectation(predicate: finished, object: job)
          wait(for: [done], timeout: 5)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        "let done = TestExpectation(predicate: NSPredicate(format: \"isDone == true\"), "
          + "evaluatedWith: job)"), "\(result.text)")
    #expect(
      result.text.contains("let done = TestExpectation(predicate: finished, evaluatedWith: job)"),
      "\(result.text)")
    #expect(result.notes == [])
  }
}

extension XCTestMigrationTests {
  /// A type of the tests' own named `Test` keeps its meaning; Swift Testing's is then written
  /// `Testing.Test` (Yams declares a `struct Test` in a test).
  @Test func aTypeNamedTestOfTheTestsOwnKeepsItsMeaning() throws {
    let source = """
      import XCTest

      final class DecodingTests: XCTestCase {
        func testDecodes() throws {
          struct Test: Decodable { var x: Int }
          try XCTSkipIf(isSlow, "slow")
          XCTAssertEqual(try decode(Test.self).x, 1)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
          @Testing.Test
          func testDecodes() throws {
            struct Test: Decodable { var x: Int }
            if isSlow { try Testing.Test.cancel("slow") }
            #expect((try decode(Test.self).x) == 1)
          }
        """), "\(result.text)")
    #expect(result.notes == [])
  }
}

extension XCTestMigrationTests {
  /// A nested class's hooks would need its full name in the file-level functions: left.
  @Test func classWideHooksOfANestedClassAreLeft() throws {
    let source = """
      import XCTest

      enum Server {
        final class Tests: XCTestCase {
          override class func setUp() { }
          func testServes() { }
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.notes == [
        XCTestMigration.Note(
          line: 4,
          message: "left as XCTest: a class-wide setUp or tearDown in a nested class")
      ])
  }

  /// XCTest runs `class func setUp()` and `tearDown()` once for all the class's tests: they
  /// become static methods that Assay's `.aroundSuite` trait runs once around the suite.
  @Test func classWideSetUpAndTearDownRunAroundTheSuite() throws {
    let source = """
      import XCTest

      final class ServerTests: XCTestCase {
        override class func setUp() {
          super.setUp()
          Server.start()
        }

        override class func tearDown() {
          Server.stop()
          super.tearDown()
        }

        func testServes() {
          XCTAssertTrue(Server.isRunning)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
        @Suite(.aroundSuite(setUp: setUpServerTests, tearDown: tearDownServerTests))
        struct ServerTests {
          static func setUp() {
            Server.start()
          }

          static func tearDown() {
            Server.stop()
          }
        """), "\(result.text)")
    // The trait names file-level functions: an attribute cannot name its suite's members.
    #expect(
      result.text.hasSuffix(
        """
          }
        }

        /// Runs `ServerTests.setUp()` once around the suite (XCTest's class-wide setUp).
        @Sendable private func setUpServerTests() { ServerTests.setUp() }

        /// Runs `ServerTests.tearDown()` once around the suite (XCTest's class-wide tearDown).
        @Sendable private func tearDownServerTests() { ServerTests.tearDown() }
        """), "\(result.text)")
    #expect(result.notes == [])
  }
}

extension XCTestMigrationTests {
  /// A test that waits becomes `async` and awaits: a blocking wait would hold one of the
  /// threads that run tests and the main queue's work (XCTest's wait kept the run loop going).
  /// A wait in a closure stays as it is.
  @Test func testsThatWaitBecomeAsync() throws {
    let source = """
      import XCTest

      final class ScreenTests: XCTestCase {
        func testShows() throws {
          let shown = expectation(description: "shown")
          DispatchQueue.main.async { shown.fulfill() }
          wait(for: [shown], timeout: 5)
        }

        func testInAClosure() {
          let done = expectation(description: "done")
          [1].forEach { _ in done.fulfill(); wait(for: [done], timeout: 1) }
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
          @Test
          func testShows() async throws {
            let shown = TestExpectation("shown")
            DispatchQueue.main.async { shown.fulfill() }
            await waitForFulfillment(of: [shown], timeout: .seconds(5))
          }
        """), "\(result.text)")
    #expect(
      result.text.contains(
        """
          @Test
          func testInAClosure() {
            let done = TestExpectation("done")
            [1].forEach { _ in done.fulfill(); waitForFulfillment(of: [done], timeout: .seconds(1)) }
          }
        """), "\(result.text)")
  }
}

extension XCTestMigrationTests {
  /// A name of the package's own that starts with `XCT` is not XCTest's: swift-protobuf's
  /// `typealias XCTestFileArgType = StaticString`, the type of its helpers' `file:` (15 classes
  /// stayed XCTest, "XCTestFileArgType has no Swift Testing form here"), and async-http-client's
  /// base class `XCTestCaseHTTPClientTestsBaseClass` (its family of ten classes stayed).
  @Test func aTypeThePackageNamesWithXCTIsItsOwn() throws {
    let helpers = """
      typealias XCTestFileArgType = StaticString

      class XCTestCaseMapBase: XCTestCase {
        var map: [Int: Int] { [1: 1] }
      }
      """
    let tests = """
      import XCTest

      final class MapTests: XCTestCaseMapBase {
        func testCounts() { check(map.count) }

        func check(_ value: Int, file: XCTestFileArgType = #filePath, line: UInt = #line) {
          XCTAssertEqual(value, 1, file: file, line: line)
        }
      }
      """
    let results = try migratedRun([
      ("Tests/M/Helpers.swift", "import XCTest\n\n" + helpers),
      ("Tests/M/MapTests.swift", tests),
    ])
    #expect(results.flatMap(\.notes) == [])
    #expect(results[1].suites == 1)
    #expect(
      results[1].text.contains("file: XCTestFileArgType = #filePath"), "\(results[1].text)")
  }

  /// swift-nio-ssl's `NIOSSLIntegrationTest` (327 assertion calls) waits with
  /// `XCTAssertEqual(XCTWaiter.wait(for: [closed], timeout: 10.0), .completed)`, and stayed
  /// XCTest ("XCTWaiter has no Swift Testing form here"). Checking that the wait completed is
  /// what Assay's `waitForFulfillment` does itself; any other use of a waiter's result stays.
  @Test func anAssertionThatAWaiterCompletedIsAWait() throws {
    let source = """
      import XCTest

      final class ChannelTests: XCTestCase {
        func testCloses() throws {
          let closed = XCTestExpectation(description: "closed")
          closed.fulfill()
          XCTAssertEqual(XCTWaiter.wait(for: [closed], timeout: 10.0), .completed)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
          @Test
          func testCloses() async throws {
            let closed = TestExpectation("closed")
            closed.fulfill()
            await waitForFulfillment(of: [closed], timeout: .seconds(10.0))
          }
        """), "\(result.text)")
    let timesOut = """
      import XCTest

      final class ChannelTests: XCTestCase {
        func testTimesOut() {
          let never = XCTestExpectation(description: "never")
          XCTAssertEqual(XCTWaiter.wait(for: [never], timeout: 0.1), .timedOut)
        }
      }
      """
    let other = try XCTestMigration.migrate(timesOut, path: "T.swift")
    #expect(
      other.notes.map(\.description) == [
        "3: left as XCTest: XCTWaiter has no Swift Testing form here"
      ])
  }

  /// swift-nio's `CodableByteBufferTest` (41 assertion calls) waits through a waiter of its
  /// own, `XCTWaiter().wait(for:timeout:)`, the instance form of the same wait: it stayed
  /// XCTest ("XCTWaiter has no Swift Testing form here").
  @Test func anAssertionThatAWaiterInstanceCompletedIsAWait() throws {
    let source = """
      import XCTest

      final class CoderTests: XCTestCase {
        func testUsesStrategy() {
          let used = XCTestExpectation(description: "used")
          used.fulfill()
          XCTAssertEqual(XCTWaiter().wait(for: [used], timeout: 0.0), .completed)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes.isEmpty, "\(result.notes)")
    #expect(
      result.text.contains("    await waitForFulfillment(of: [used], timeout: .seconds(0.0))\n"),
      "\(result.text)")
  }

  /// XCTest runs tests on the main thread: a test that assumes the main actor becomes
  /// `@MainActor`; one that asks whether it is on the main thread is left (on Linux, Swift
  /// Testing's `@MainActor` tests are not on it).
  @Test func aTestThatAssumesTheMainActorKeepsIt() throws {
    let source = """
      import XCTest

      final class ScreenTests: XCTestCase {
        func testTitle() {
          let title = MainActor.assumeIsolated { screen.title }
          XCTAssertEqual(title, "Home")
        }

        func testCounts() {
          XCTAssertEqual(1 + 1, 2)
        }
      }

      final class ThreadTests: XCTestCase {
        func testRunsOnMain() {
          XCTAssertTrue(Thread.isMainThread)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.text.contains("  @Test\n  @MainActor\n  func testTitle() {"), "\(result.text)")
    #expect(result.text.contains("  @Test\n  func testCounts() {"), "\(result.text)")
    #expect(
      result.notes == [
        XCTestMigration.Note(
          line: 14,
          message:
            "left as XCTest: it asks whether it runs on the main thread, which a Swift Testing "
            + "test need not")
      ])
  }

  /// A suite cannot be marked `@available`: the class's availability moves onto each member,
  /// which `@Test` turns into a condition; a test's own stays on it.
  @Test func availabilityMovesOntoTheMembersOfTheSuite() throws {
    let source = """
      import XCTest

      @available(macOS 14, iOS 17, *)
      final class ClockTests: XCTestCase {
        override func setUp() {
          Clock.reset()
        }

        var now: Int { Clock.now }

        func testTicks() {
          XCTAssertEqual(now, 0)
        }

        #if os(Linux)
          func testTicksOnLinux() {}
        #endif

        @available(macOS 15, *)
        func testTicksTwice() {}
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.hasSuffix(
        """
        struct ClockTests {
          @available(macOS 14, iOS 17, *)
          init() {
            Clock.reset()
          }

          @available(macOS 14, iOS 17, *)
          var now: Int { Clock.now }

          @available(macOS 14, iOS 17, *)
          @Test
          func testTicks() {
            #expect(now == 0)
          }

          #if os(Linux)
            @available(macOS 14, iOS 17, *)
            @Test
            func testTicksOnLinux() {}
          #endif

          @available(macOS 14, iOS 17, *)
          @Test
          @available(macOS 15, *)
          func testTicksTwice() {}
        }
        """), "\(result.text)")
    #expect(result.notes == [])
    #expect(result.tests == 3)
  }

  /// swift-openapi-generator's `PetstoreConsumerTestCore/Assertions.swift` writes
  /// `package import XCTest` (a module built with `InternalImportsByDefault`) and declares
  /// `package` helpers: the imports that replace XCTest's keep its access level, or the helpers'
  /// signatures name an internal module's types ("function cannot be declared package because
  /// its parameter uses an internal type", and the build put the file back, with every caller).
  @Test func theImportsThatReplaceXCTestsKeepItsAccessLevel() throws {
    let source = """
      import Foundation
      package import XCTest

      package func assertPositive(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(value > 0, file: file, line: line)
      }

      final class ValueTests: XCTestCase {
        func testValue() {
          assertPositive(1)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.hasPrefix("import Foundation\npackage import Assay\npackage import Testing\n"),
      "\(result.text)")
    #expect(result.text.contains("package func assertPositive("), "\(result.text)")
  }

  /// grpc-swift-2's `ClientRPCExecutorTests`: its tests are in extensions marked
  /// `@available(gRPCSwift 2.0, *)`, and `@Test` refuses a function of such an extension
  /// ("Attribute 'Test' cannot be applied to this function because it has been marked
  /// '@available(gRPCSwift 2.0, *)'"; an expanded platform list too). The extension's
  /// availability moves onto each member, where `@Test` takes it. Before the fix, the build put
  /// the suite back as XCTest.
  @Test func anExtensionsAvailabilityMovesOntoItsMembers() throws {
    let source = """
      import XCTest

      final class ExecutorTests: XCTestCase {}

      /// Retries.
      @available(gRPCSwift 2.0, *)
      extension ExecutorTests {
        func testRetries() {
          XCTAssertEqual(retries, 3)
        }

        var retries: Int { 3 }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.hasSuffix(
        """
        struct ExecutorTests {}

        /// Retries.
        extension ExecutorTests {
          @available(gRPCSwift 2.0, *)
          @Test
          func testRetries() {
            #expect(retries == 3)
          }

          @available(gRPCSwift 2.0, *)
          var retries: Int { 3 }
        }
        """), "\(result.text)")
    #expect(result.notes == [])
    #expect(result.tests == 1)
  }

  /// vapor/multipart-kit: `#expect(xs.allSatisfy(\.success))` does not compile ("call can
  /// throw, but it is not marked with 'try'": the macro takes the call apart, and the key path no
  /// longer stands for a function). A key path given to the outermost call becomes the closure
  /// it stands for; elsewhere it stays. Before the fix, its suite was put back as XCTest.
  @Test(arguments: [
    ("XCTAssert(xs.allSatisfy(\\.success))", "#expect(xs.allSatisfy({ $0.success }))"),
    (
      "XCTAssertTrue(xs.contains(where: \\.a?.b), \"why\")",
      "#expect(xs.contains(where: { $0.a?.b }), \"why\")"
    ),
    ("XCTAssertFalse(xs.allSatisfy(\\Foo.done))", "#expect(!xs.allSatisfy({ $0.done }))"),
    (
      "_ = try XCTUnwrap(xs.first(where: \\.done))",
      "_ = try #require(xs.first(where: { $0.done }))"
    ),
    ("XCTAssertEqual(xs.map(\\.done), [true])", "#expect(xs.map(\\.done) == [true])"),
  ])
  func aKeyPathGivenToTheCheckedCallBecomesAClosure(assertion: String, expected: String) throws {
    let source = """
      import XCTest

      final class ListTests: XCTestCase {
        func testList() throws {
          \(assertion)
        }
      }
      """
    let text = try migrated(source)
    #expect(text.contains("\n    \(expected)\n"), "\(text)")
  }

  /// swift-case-paths' `DeprecatedTests`: a class marked deprecated only (so that its tests
  /// call deprecated API without warnings) converts, stored properties and tearDown included:
  /// each member takes the deprecation. Before, it stayed XCTest for its stored property.
  @Test func aDeprecationMovesOntoEveryMemberStoredPropertiesIncluded() throws {
    let source = """
      import XCTest

      @available(*, deprecated, message: "tests deprecated API")
      final class OldTests: XCTestCase {
        var path = OldPath()

        override func tearDown() {
          path.reset()
        }

        func testExtracts() {
          XCTAssertEqual(path.extract(1), 1)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.hasSuffix(
        """
        final class OldTests {
          @available(*, deprecated, message: "tests deprecated API")
          var path = OldPath()

          @available(*, deprecated, message: "tests deprecated API")
          deinit {
            path.reset()
          }

          @available(*, deprecated, message: "tests deprecated API")
          @Test
          func testExtracts() {
            #expect(path.extract(1) == 1)
          }
        }
        """), "\(result.text)")
    #expect(result.notes == [])
  }

  /// A version of a platform cannot go on a stored property: a class whose stored property
  /// starts with a value that may need that version (`ContinuousClock()`, which the migration
  /// cannot see) stays XCTest.
  @Test func availabilityFromAVersionWithAStoredPropertyStaysXCTest() throws {
    let source = """
      import XCTest

      @available(macOS 14, *)
      final class ClockTests: XCTestCase {
        var clock = ContinuousClock()
        func testTicks() { XCTAssertNotNil(clock) }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.suites == 0)
    #expect(
      result.notes.map(\.message) == [
        "left as XCTest: it is marked @available and has stored properties, which a suite cannot "
          + "carry (@Suite does not take @available, and a stored property cannot take it alone)"
      ])
  }

  /// grpc-swift-nio-transport's `ZlibTests` (a text in a `private let`) and
  /// `HTTP2TransportNIOPosixTests` (PEM files in `static let`s), marked available from a
  /// version: a static property takes `@available` as a function does, and an instance one
  /// whose type needs no version (a literal's, the standard library's) stays bare in a suite
  /// whose other members take it.
  @Test func availabilityMovesOntoMembersPastStaticAndPlainStoredProperties() throws {
    let source = """
      import XCTest

      @available(gRPCSwiftNIOTransport 2.0, *)
      final class ZlibTests: XCTestCase {
        private let text = \"""
          Here's to the crazy ones.
          \"""
        static let pem = "-----BEGIN-----"
        let sizes: [Int: String?] = [:]

        func testCompresses() {
          XCTAssertEqual(compress(text).count, Self.pem.count + sizes.count)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes.map(\.message) == [])
    #expect(
      result.text.hasSuffix(
        """
        struct ZlibTests {
          private let text = \"""
            Here's to the crazy ones.
            \"""
          @available(gRPCSwiftNIOTransport 2.0, *)
          static let pem = "-----BEGIN-----"
          let sizes: [Int: String?] = [:]

          @available(gRPCSwiftNIOTransport 2.0, *)
          @Test
          func testCompresses() {
            #expect(compress(text).count == (Self.pem.count + sizes.count))
          }
        }
        """), "\(result.text)")
  }

  /// XCTest's performance tests become Assay's `measure`, named after the test; a run measured
  /// by hand takes the run, which starts and stops measuring.
  @Test func performanceTestsBecomeAssayMeasures() throws {
    let source = """
      import XCTest

      final class SortTests: XCTestCase {
        func testSorts() {
          measure { sort() }
        }

        func testSortsShuffled() {
          measureMetrics([.wallClockTime], automaticallyStartMeasuring: false) {
            var people = shuffled()
            startMeasuring()
            people.sort()
            stopMeasuring()
          }
        }

        func testSortsAlone() {
          measureMetrics(XCTestCase.defaultPerformanceMetrics, automaticallyStartMeasuring: true) {
            let iteration = 1
            sort(iteration)
          }
        }

        func testSortsWithMetrics() {
          measure(metrics: [XCTClockMetric(), XCTCPUMetric(), XCTMemoryMetric()]) { sort() }
        }

        func testSortsThroughSelf() {
          self.measure(metrics: [XCTCPUMetric()]) { sort() }
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.hasSuffix(
        """
        struct SortTests {
          @Test
          func testSorts() {
            measure("SortTests/testSorts") { sort() }
          }

          @Test
          func testSortsShuffled() {
            measure("SortTests/testSortsShuffled") { iteration in
              var people = shuffled()
              iteration.startMeasuring()
              people.sort()
              iteration.stopMeasuring()
            }
          }

          @Test
          func testSortsAlone() {
            measure("SortTests/testSortsAlone") {
              let iteration = 1
              sort(iteration)
            }
          }

          @Test
          func testSortsWithMetrics() {
            measure("SortTests/testSortsWithMetrics", metrics: [.wallClock, .cpuTime, .peakMemory]) { sort() }
          }

          @Test
          func testSortsThroughSelf() {
            measure("SortTests/testSortsThroughSelf", metrics: [.cpuTime]) { sort() }
          }
        }
        """), "\(result.text)")
    #expect(result.notes == [])
    #expect(result.assertions == 5)
  }

  /// The name a run measured by hand goes by does not hide the block's own.
  @Test func aRunMeasuredByHandIsNamedApartFromTheBlocksNames() throws {
    let source = """
      import XCTest

      final class SortTests: XCTestCase {
        func testSorts() {
          measureMetrics([.wallClockTime], automaticallyStartMeasuring: false) {
            let iteration = 1
            startMeasuring()
            sort(iteration)
          }
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            measure("SortTests/testSorts") { measureIteration in
              let iteration = 1
              measureIteration.startMeasuring()
              sort(iteration)
            }
        """), "\(result.text)")
  }

  @Test(arguments: [
    (
      "measure(metrics: [XCTStorageMetric()]) { write() }",
      "measure with metrics Assay does not read (it reads XCTClockMetric(), XCTCPUMetric() and "
        + "XCTMemoryMetric())"
    ),
    (
      "measure(options: options) { write() }",
      "measure with options:"
    ),
    (
      "measureMetrics(metrics, automaticallyStartMeasuring: true) { write() }",
      "measureMetrics with metrics other than the wall clock"
    ),
    (
      "measureMetrics([.wallClockTime], automaticallyStartMeasuring: manual) { write() }",
      "measureMetrics whose automaticallyStartMeasuring is not a literal"
    ),
    (
      "measureMetrics([.wallClockTime], automaticallyStartMeasuring: true) {\n"
        + " startMeasuring()\n write() }",
      "it calls startMeasuring outside the block of measureMetrics(…, "
        + "automaticallyStartMeasuring: false)"
    ),
    (
      "measure { DispatchQueue.main.sync { stopMeasuring() } }",
      "it calls stopMeasuring outside the block of measureMetrics(…, "
        + "automaticallyStartMeasuring: false)"
    ),
  ])
  func aPerformanceTestWithoutAnAssayFormIsLeft(body: String, note: String) throws {
    let source = "import XCTest\n\nfinal class A: XCTestCase {\n func testA() {\n\(body)\n }\n}\n"
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes.map(\.message) == ["left as XCTest: \(note)"])
    #expect(result.suites == 0)
  }

  /// A helper method of `extension XCTestCase`, or of `extension XCTest` (its superclass, as
  /// swift-argument-parser's `assertDumpHelp`), that uses the test case (`self`) cannot be
  /// called from a suite: its callers stay XCTest. Before the fix, `extension XCTest` was taken for a free function's home, the
  /// helper became Assay's and its callers did not compile.
  @Test(arguments: ["XCTestCase", "XCTest", "XCTest.XCTest"])
  func aHelperMethodOfAnExtensionOfXCTestKeepsItsCallersXCTest(extended: String) throws {
    var helpers = XCTestHelpers()
    helpers.read(
      """
      import XCTest

      extension \(extended) {
        func assertRoundTrip(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
          XCTAssertEqual(value, value, "in \\(self)", file: file, line: line)
        }
      }
      """)
    let source = """
      import XCTest

      final class CodecTests: XCTestCase {
        func testRoundTrip() { assertRoundTrip(1) }
      }
      """
    var options = XCTestMigration.Options()
    options.helpers = helpers
    let result = try XCTestMigration.migrate(source, path: "T.swift", options: options)
    #expect(result.suites == 0)
    #expect(
      result.notes.map(\.message) == [
        "left as XCTest: it calls assertRoundTrip, which stays XCTest"
      ])
  }

  /// XCTestCase's waits and measures called through `self.` convert as the plain calls do; a
  /// copy of XCTest's `fulfillment(of:)` in `extension XCTestCase` (for older toolchains) is
  /// taken for XCTest's own.
  @Test func waitsAndMeasuresThroughSelfConvert() throws {
    var helpers = XCTestHelpers()
    helpers.read(
      """
      import XCTest

      extension XCTestCase {
        @_disfavoredOverload
        func fulfillment(of expectations: [XCTestExpectation], timeout: TimeInterval) async {
          _ = XCTWaiter.wait(for: expectations, timeout: timeout)
        }
      }
      """)
    let source = """
      import XCTest

      final class FeedTests: XCTestCase {
        func testLoads() async {
          let loaded = self.expectation(description: "loaded")
          let parsed = XCTestExpectation(description: "parsed")
          feed.load { loaded.fulfill(); parsed.fulfill() }
          await fulfillment(of: [loaded, parsed], timeout: 1)
        }

        func testParsesQuickly() {
          run { self.measure { parse() } }
        }
      }
      """
    var options = XCTestMigration.Options()
    options.helpers = helpers
    let result = try XCTestMigration.migrate(source, path: "T.swift", options: options)
    #expect(
      result.text.hasSuffix(
        """
        struct FeedTests {
          @Test
          func testLoads() async {
            let loaded = TestExpectation("loaded")
            let parsed = TestExpectation("parsed")
            feed.load { loaded.fulfill(); parsed.fulfill() }
            await waitForFulfillment(of: [loaded, parsed], timeout: .seconds(1))
          }

          @Test
          func testParsesQuickly() {
            run { measure("FeedTests/testParsesQuickly") { parse() } }
          }
        }
        """), "\(result.text)")
    #expect(result.notes == [])
  }

  /// vapor/leaf-kit's helpers record a thrown error as XCTest's failure with
  /// `return XCTAssert(try { throw error }(), ...)`, in a function that does not throw. XCTest's
  /// assertions catch what their arguments throw; Assay's take values, so the converted helper
  /// did not compile ("errors thrown from here are not handled") and was put back, with every
  /// suite that calls it. Assay's `assertNoThrow` catches it now; so in a class left as XCTest.
  /// In an `async` helper it is awaited: Swift picks its asynchronous overload there (the
  /// first fix, without `await`, was put back: "expression is 'async' but is not marked with
  /// 'await'").
  @Test func anAssertionWhoseArgumentsThrowInAHelperRecordsTheErrorThroughAssertNoThrow() throws {
    let source = """
      import XCTest

      func assertAsync(
        _ predicate: @autoclosure () async throws -> Bool,
        file: StaticString = #filePath, line: UInt = #line
      ) async {
        do {
          let result = try await predicate()
          XCTAssert(result, file: file, line: line)
        } catch {
          return XCTAssert(try { throw error }(), file: file, line: line)
        }
      }

      func check(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try parse(text), 1, "parsed", file: file, line: line)
      }

      final class A: XCTestCase {
        func testA() async { await assertAsync(true); check("1") }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            return await Assay.assertNoThrow(Assay.assertTrue(try { throw error }(), \
        filePath: file, line: line), filePath: file, line: line) ?? ()
        """), "\(result.text)")
    #expect(
      result.text.contains(
        """
          Assay.assertNoThrow(Assay.assertEqual(try parse(text), 1, "parsed", filePath: file, \
        line: line), filePath: file, line: line)
        """), "\(result.text)")
    #expect(result.text.contains("struct A {"), "\(result.text)")
  }

  /// swift-openapi-generator's `XCTAssertEqualWithDiff` calls `XCTFail` with a message that
  /// tries (`\(try diff(expected: expected, actual: actual))`): XCTest's message is a plain
  /// string, Assay's `fail` takes an autoclosure, and `try` there does not compile ("call can
  /// throw, but it is executed in a non-throwing autoclosure"; the build put the file back).
  /// The message is worked out first, where it was, and handed to `fail`.
  @Test func aFailureMessageThatTriesIsWorkedOutBeforeTheCall() throws {
    let source = """
      import XCTest

      func diff(_ a: String, _ b: String) throws -> String { a + b }

      func assertSame(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws {
        if a == b { return }
        XCTFail("differ: \\(try diff(a, b))", file: file, line: line)
      }

      final class A: XCTestCase {
        func testA() throws { try assertSame("a", "a") }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
          _ = { Assay.fail($0, filePath: file, line: line) }("differ: \\(try diff(a, b))")
        """), "\(result.text)")
  }

  /// A helper in `extension XCTestCase` that uses nothing of the test case (ZIPFoundation's
  /// `XCTAssertPOSIXError`) moves out of it, a function with Assay's assertions that suites can
  /// call; `self.check(1)` calls it as `check(1)`. Before, its callers stayed XCTest.
  @Test func aHelperOfAnXCTestCaseExtensionThatUsesNoTestCaseBecomesAFunction() throws {
    let source = """
      import XCTest

      extension XCTestCase {
        /// Checks a value.
        func check(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
          XCTAssertThrowsError(try parse(value), file: file, line: line) {
            XCTAssertEqual($0 as? ParseError, .negative, file: file, line: line)
          }
        }

        func name(of value: Int) -> String { "\\(self): \\(value)" }
      }

      final class A: XCTestCase {
        func testA() { self.check(-1) }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text == """
        import Assay
        import Testing
        import XCTest

        extension XCTestCase {
          func name(of value: Int) -> String { "\\(self): \\(value)" }
        }

        /// Checks a value.
        func check(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
          if let error = Assay.assertThrows(try parse(value), filePath: file, line: line) {
            Assay.assertEqual(error as? ParseError, .negative, filePath: file, line: line)
          }
        }

        struct A {
          @Test
          func testA() { check(-1) }
        }
        """)
    #expect(result.notes == [])
  }

  /// ZIPFoundation: a class left as XCTest (for a reason of its own) that calls a lifted helper
  /// as `self.check(1)`, in a file the migration changes nothing else in, calls the function:
  /// `self.check` no longer exists. Before the fix, the file was left as it was and the tests
  /// did not build.
  @Test func aClassLeftAsXCTestCallsTheLiftedHelperWithoutSelf() throws {
    let helpers = """
      import XCTest

      extension XCTestCase {
        func check(_ value: Int) { XCTAssertEqual(value, 1) }
      }
      """
    let caller = """
      import XCTest

      final class A: XCTestCase {
        func testA() {
          continueAfterFailure = false
          self.check(1)
        }
      }
      """
    let results = try migratedRun([("Helpers.swift", helpers), ("A.swift", caller)])
    #expect(results[0].text.contains("\nfunc check(_ value: Int) {"), "\(results[0].text)")
    #expect(
      results[1].text == """
        import XCTest

        // assay-migrate: left as XCTest: it uses continueAfterFailure
        final class A: XCTestCase {
          func testA() {
            continueAfterFailure = false
            check(1)
          }
        }
        """)
  }

  /// A method written with what only a method can take (`open`, `final`, `nonisolated`,
  /// `@objc`) stays one: as a function it would not compile.
  @Test(arguments: ["open", "final", "nonisolated", "@objc"])
  func aHelperWithAMethodsModifierStaysAMethod(modifier: String) throws {
    let source = """
      import XCTest

      extension XCTestCase {
        \(modifier) func check(_ value: Int) { XCTAssertEqual(value, 1) }
      }

      final class A: XCTestCase {
        func testA() { check(1) }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains("extension XCTestCase {\n  \(modifier) func check(_ value: Int) { XCT"),
      "\(result.text)")
    #expect(
      result.notes.map(\.description) == ["7: left as XCTest: it calls check, which stays XCTest"])
  }

  /// Called through another value (`other.check(1)`), a helper stays a method of
  /// `extension XCTestCase`, and its callers XCTest.
  @Test func aHelperCalledThroughAnotherValueStaysAMethod() throws {
    let source = """
      import XCTest

      extension XCTestCase {
        func check(_ value: Int) { XCTAssertEqual(value, 1) }
      }

      final class A: XCTestCase {
        func testA() { check(1) }
        func testB() { A().check(1) }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.text.contains("extension XCTestCase {\n  func check(_ value: Int) { XCTAss"))
    #expect(
      result.notes.map(\.description) == ["7: left as XCTest: it calls check, which stays XCTest"])
  }

  /// `#expect` and `#require` call a method on a copy they cannot change: a method of a
  /// variable, which may be `mutating`, is called where the value can change.
  @Test func aMethodOfAVariableIsCalledWhereItCanMutate() throws {
    let source = """
      import XCTest

      final class PathTests: XCTestCase {
        let root = Path("/")

        func testRemovesComponents() throws {
          var path = Path("/usr")
          XCTAssertTrue(path.removeLastComponent())
          XCTAssertFalse(path.removeLastComponent(), "at the root")
          XCTAssert(!path.removeLastComponent())
          var parts = path.components.makeIterator()
          XCTAssertNil(try XCTUnwrap(parts.next()).extension)
          XCTAssertTrue(root.isAbsolute())
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            #expect(path.removeLastComponent() == true)
            #expect(path.removeLastComponent() == false, "at the root")
            #expect(!path.removeLastComponent() == true)
            var parts = path.components.makeIterator()
            #expect((try unwrap(parts.next()).extension) == nil)
            #expect(root.isAbsolute())
        """), "\(result.text)")
    #expect(result.text.contains("import Assay"))
    #expect(result.notes == [])
  }

  /// swift-nio's `ByteBufferTest` declares `private var buf: ByteBuffer!` in the class and
  /// tests in an `extension ByteBufferTest` of the same file:
  /// `try XCTUnwrap(self.buf.readInlineArray(as: …))` became `try #require(…)`, which calls
  /// the mutating `readInlineArray` on a copy ("cannot use mutating member on immutable
  /// value"), and the suite fell back to Assay's assertions. The extended class's stored
  /// properties count as the extension's own.
  @Test func aMethodOfAVariableOfTheExtendedClassIsCalledWhereItCanMutate() throws {
    let source = """
      import XCTest

      final class BufferTests: XCTestCase {
        private var buf: ByteBuffer! = nil
      }

      extension BufferTests {
        func testReads() throws {
          let bytes = try XCTUnwrap(self.buf.readBytes(length: 2))
          XCTAssertEqual(bytes, [1, 2])
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains("let bytes = try unwrap(self.buf.readBytes(length: 2))"),
      "\(result.text)")
  }

  /// XCTest runs a class's tests one at a time; Swift Testing runs a suite's side by side. A
  /// suite whose tests share process-wide state keeps them one at a time.
  @Test(arguments: [
    ("static var count = 0", true),
    ("static let count = 0", false),
    ("func moveOut() { chdir(\"/tmp\") }", true),
    ("func fd() -> FileDescriptor { FileDescriptor(rawValue: 731) }", true),
    ("func fd(_ n: CInt) -> FileDescriptor { FileDescriptor(rawValue: n) }", false),
    ("var chdir = 1", false),
    // swift-mustache's LibraryTests: each test makes and removes templates/ in the working
    // folder, and three failed side by side.
    (
      "func make() throws { try FileManager().createDirectory(atPath: \"templates\", withIntermediateDirectories: true) }",
      true
    ),
    ("func url() -> URL { URL(fileURLWithPath: \"out/a.txt\") }", true),
    ("func url() -> URL { URL(fileURLWithPath: \"/tmp/a.txt\") }", false),
    ("func url(_ d: URL) -> URL { URL(fileURLWithPath: \"a.txt\", relativeTo: d) }", false),
    ("func url(_ n: String) -> URL { URL(fileURLWithPath: \"\\(n).txt\") }", false),
    // vapor/fluent-sqlite-driver: its 36 tests share one SQLite file, and side by side all
    // failed.
    (
      "let path = FileManager.default.temporaryDirectory.appendingPathComponent(\"benchmark.sqlite\").absoluteString",
      true
    ),
    ("let path = NSTemporaryDirectory() + \"cache.db\"", true),
    ("let path = \"\\(NSTemporaryDirectory())/cache.db\"", true),
    ("let url = URL.temporaryDirectory.appending(path: \"cache.db\")", true),
    (
      "let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)",
      false
    ),
    ("func url(_ n: String) -> String { NSTemporaryDirectory() + \"\\(n).db\" }", false),
    ("let path = \"\\(NSTemporaryDirectory())/\\(UUID().uuidString)\"", false),
    (
      "let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).appendingPathComponent(\"db.sqlite\")",
      false
    ),
  ])
  func suitesSharingProcessWideStateAreSerialized(member: String, serialized: Bool) throws {
    let source = """
      import XCTest

      final class A: XCTestCase {
        \(member)

        func testA() {}
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes == [])
    #expect(
      result.text.contains("@Suite(.serialized)\n") == serialized, "\(result.text)")
  }

  /// `--serialized` keeps every suite's tests one at a time.
  @Test func everySuiteCanBeSerialized() throws {
    var options = XCTestMigration.Options()
    options.serialized = true
    let result = try XCTestMigration.migrate(
      "import XCTest\n\nfinal class A: XCTestCase {\n  func testA() {}\n}\n", path: "T.swift",
      options: options)
    #expect(result.text.contains("@Suite(.serialized)\nstruct A {"), "\(result.text)")
    #expect(!result.text.contains("import Assay"), "\(result.text)")
  }

  /// A table-driven test passes each row's line to its assertions: Assay's take it.
  @Test func anAssertionPassingItsLineBecomesAssays() throws {
    let source = """
      import XCTest

      final class TagTests: XCTestCase {
        func testResolves() {
          for sample in samples {
            XCTAssertEqual(resolve(sample.text), sample.tag, "resolves", line: sample.line)
          }
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        "    assertEqual(resolve(sample.text), sample.tag, \"resolves\", line: sample.line)"),
      "\(result.text)")
    #expect(result.text.contains("import Assay"))
    #expect(result.notes == [])
    var options = XCTestMigration.Options()
    options.usesAssay = false
    let without = try XCTestMigration.migrate(source, path: "T.swift", options: options)
    #expect(
      without.notes.map(\.message) == [
        "left as XCTest: an assertion passes file: and line: (a helper of its own)"
      ])
  }

  /// A class whose tests cancel, wait for or sleep beside work they start runs its tests with
  /// Assay's `.oneAtATime`, one whose tests block their thread on a future's `wait()` with
  /// `.onItsOwnThread`; without Assay each stays XCTest, saying so. Before the fix, the suite
  /// imported Assay and took the trait in a package without it: a tree that does not build
  /// (`--no-build`), or a build round to put it back.
  @Test(arguments: [
    (
      "func testCancels() async {\n    let task = Task { await work() }\n    task.cancel()\n"
        + "    XCTAssertTrue(task.isCancelled)\n  }",
      ".oneAtATime",
      "its tests cancel, wait for or sleep beside work they start, which XCTest runs alone and "
        + "Assay's .oneAtATime runs alone in Swift Testing"
    ),
    (
      "func testWaits() {\n    let value = try! future.wait()\n    XCTAssertEqual(value, 1)\n  }",
      ".onItsOwnThread",
      "its tests block their thread until work finishes (a `wait()`), which XCTest gives a "
        + "thread of its own for and Assay's .onItsOwnThread does in Swift Testing"
    ),
  ])
  func withoutAssayAClassThatNeedsAnAssayTraitStaysXCTest(
    test: String, trait: String, why: String
  ) throws {
    let source = "import XCTest\n\nfinal class StreamTests: XCTestCase {\n  \(test)\n}\n"
    var options = XCTestMigration.Options()
    options.usesAssay = false
    let without = try XCTestMigration.migrate(source, path: "T.swift", options: options)
    #expect(!without.text.contains("import Assay"), "\(without.text)")
    #expect(without.text.contains("final class StreamTests: XCTestCase {"), "\(without.text)")
    #expect(
      without.notes.map(\.message) == [
        "left as XCTest: \(why): needs Assay: add it to the test target's dependencies"
      ])
    let with = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(with.text.contains("@Suite(\(trait))"), "\(with.text)")
  }

  /// A helper named like XCTest's wait but waiting on something else is the run's own.
  @Test func aWaitOfItsOwnInAnXCTestCaseExtensionStaysXCTest() throws {
    var helpers = XCTestHelpers()
    helpers.read(
      """
      import XCTest

      extension XCTestCase {
        func wait(for seconds: Double) {
          let done = expectation(description: "waited")
          DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { done.fulfill() }
          XCTWaiter().wait(for: [done], timeout: seconds + 1)
        }
      }
      """)
    var options = XCTestMigration.Options()
    options.helpers = helpers
    let result = try XCTestMigration.migrate(
      "import XCTest\n\nfinal class A: XCTestCase {\n  func testA() { wait(for: 0.1) }\n}\n",
      path: "T.swift", options: options)
    #expect(
      result.notes.map(\.description) == ["3: left as XCTest: it calls wait, which stays XCTest"])
  }
}

extension XCTestMigrationTests {
  /// swift-atomics' tests free what each instance allocated in a deinit: the suite is a final
  /// class that keeps it (Swift Testing ends each test's instance after the test).
  @Test func aDeinitStaysTheDeinitOfAFinalClass() throws {
    let source = """
      import XCTest

      class PointerTests: XCTestCase {
        private let pointer = UnsafeMutablePointer<Int>.allocate(capacity: 1)

        deinit {
          pointer.deallocate()
        }

        func testStores() {
          pointer.pointee = 1
          XCTAssertEqual(pointer.pointee, 1)
        }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import Testing

        final class PointerTests {
          private let pointer = UnsafeMutablePointer<Int>.allocate(capacity: 1)

          deinit {
            pointer.deallocate()
          }

          @Test
          func testStores() {
            pointer.pointee = 1
            #expect(pointer.pointee == 1)
          }
        }
        """)
  }

  /// A test method that only compares the class's list for Linux with the tests XCTest
  /// finds goes with the list (weichsel/ZIPFoundation's, from Ole Begemann's post).
  @Test func aMethodThatOnlyChecksTheListGoesWithIt() throws {
    let source = """
      import XCTest

      final class ZipTests: XCTestCase {
        func testZips() { XCTAssertTrue(zips()) }

        func testLinuxTestSuiteIncludesAllTests() {
          #if os(macOS)
            let linuxCount = type(of: self).allTests.count
            let darwinCount = Int(type(of: self).defaultTestSuite.testCaseCount)
            XCTAssertEqual(linuxCount, darwinCount)
          #endif
        }

        static var allTests = [("testZips", testZips)]
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(!result.text.contains("testLinuxTestSuiteIncludesAllTests"), "\(result.text)")
    #expect(!result.text.contains("allTests"), "\(result.text)")
    #expect(result.text.contains("@Test\n  func testZips() { #expect(zips()) }"), "\(result.text)")
    #expect(result.tests == 1)
    #expect(
      result.notes == [
        XCTestMigration.Note(
          line: 6,
          message: "removed testLinuxTestSuiteIncludesAllTests: it only compares XCTest's list "
            + "for Linux with the tests XCTest finds, and the list goes")
      ])
  }

  /// `return XCTFail()` returns nothing, `Issue.record()` returns the issue: the record and
  /// the return become two statements (swift-case-paths' `testExistentials` did not compile
  /// after migration).
  @Test func aReturnedFailureBecomesARecordAndAReturn() throws {
    let source = """
      import XCTest

      final class CaseTests: XCTestCase {
        func testCase() {
          guard let value = load() else { return XCTFail() }
          guard value > 0 else {
            return XCTFail("negative")
          }
          XCTAssertEqual(value, 1)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains("guard let value = load() else { Issue.record(); return }"),
      "\(result.text)")
    #expect(
      result.text.contains(
        "guard value > 0 else {\n      Issue.record(\"negative\"); return\n    }"),
      "\(result.text)")
  }

  /// A tearDown becomes the deinit; beside a deinit of its own, it stays a method that the
  /// deinit calls first, as XCTest calls tearDown before the instance goes (swift-atomics'
  /// pointer tests: ten classes were left as XCTest for this).
  @Test func aTearDownBesideADeinitIsCalledFirstByIt() throws {
    let source = """
      import XCTest

      class PointerTests: XCTestCase {
        override func tearDown() {
          reset()
          super.tearDown()
        }
        deinit {
          release()
        }
        func testStores() { XCTAssertTrue(store()) }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes == [])
    #expect(
      result.text == """
        import Foundation
        import Testing

        final class PointerTests {
          func tearDown() {
            reset()
          }
          deinit {
            tearDown()
            release()
          }
          @Test
          func testStores() { #expect(store()) }
        }
        """)
  }
}

extension XCTestMigrationTests {
  /// swift-openapi-runtime's `Test_URICodingRoundtrip`: `FoundationEssentials` where it can be
  /// imported, else `Foundation`, and `Foundation.Date` written out, which only `import XCTest`
  /// made resolve. Before, the converted file lost it ("cannot find type 'Foundation' in
  /// scope"), and the build put the suite back, with its base's whole family.
  @Test func foundationComesInWhereXCTestBroughtItThoughAnIfImportsIt() throws {
    let source = """
      #if canImport(FoundationEssentials)
      import FoundationEssentials
      #else
      import Foundation
      #endif
      import XCTest

      final class DateTests: XCTestCase {
        func testEpoch() { XCTAssertEqual(Foundation.Date(timeIntervalSince1970: 0).timeIntervalSince1970, 0) }
      }
      """
    let text = try migrated(source)
    #expect(text.contains("#endif\nimport Foundation\nimport Testing\n"), "\(text)")
  }
}

extension XCTestMigrationTests {
  /// swift-openapi-runtime's `Test_OpenAPIValue` reads the test case as an `NSNumber`
  /// (`unsafeBitCast(self, to: NSNumber.self)`, on Linux), and expects the value to be
  /// refused: converted, `self` is another type, and the test process crashed (every test of
  /// the package then failed). It stays XCTest.
  @Test func aTestThatReinterpretsTheTestCaseStaysXCTest() throws {
    let source = """
      import XCTest

      final class ValueTests: XCTestCase {
        func testRefusesANonNumber() {
          let number = unsafeBitCast(self, to: NSNumber.self)
          XCTAssertThrowsError(try Value(number))
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.notes.map(\.description) == [
        "3: left as XCTest: it reinterprets the test case itself (unsafeBitCast(self, …)), "
          + "whose type would change"
      ])
  }
}

extension XCTestMigrationTests {
  /// Setting an expectation's `handler` keeps the class XCTest; a method named `handler`
  /// (swift-nio's `pipeline.handler(type:)`) is no such thing. Before the fix, any `.handler`
  /// kept its class XCTest: seven classes of apple/swift-nio-http2; nor is the test class's own
  /// property (`self.handler = ...`: three classes of swift-nio-extras stayed XCTest).
  @Test func onlySettingAnExpectationsHandlerKeepsAClassXCTest() throws {
    let source = """
      import XCTest

      final class HandlerTests: XCTestCase {
        func testFilters() {
          let done = XCTNSPredicateExpectation(predicate: predicate, object: nil)
          done.handler = { true }
          wait(for: [done], timeout: 5)
        }
      }

      final class PipelineTests: XCTestCase {
        func testFinds() throws {
          let handler = try channel.pipeline.syncOperations.handler(type: Multiplexer.self)
          XCTAssertNotNil(handler)
        }
      }

      final class DecoderTests: XCTestCase {
        var handler: Decoder!

        override func setUp() { self.handler = Decoder() }

        func testDecodes() { XCTAssertTrue(handler.decodes) }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.text.contains("struct PipelineTests {"), "\(result.text)")
    // The class's own property (swift-nio-extras' `self.handler = ByteToMessageHandler(...)`).
    #expect(result.text.contains("final class DecoderTests {"), "\(result.text)")
    #expect(result.text.contains("final class HandlerTests: XCTestCase {"), "\(result.text)")
    #expect(
      result.notes.map(\.line) == [3]
        && result.notes[0].message.contains("it sets an expectation's handler"),
      "\(result.notes)")
  }
}

extension XCTestMigrationTests {
  /// apple/swift-nio-ssh's `BackToBackEmbeddedChannel.finish()`:
  /// `XCTAssertNoThrow(XCTAssertTrue(try client.finish().isClean))`. What the inner assertion's
  /// argument throws, the outer `assertNoThrow` catches and records: the inner converts as
  /// though nothing threw. Before the fix, the helper stayed XCTest, and so did the class
  /// that calls it.
  @Test func anAssertionWhoseArgumentTriesInsideNoThrowConverts() throws {
    let source = """
      import XCTest

      final class Channels {
        func finish() {
          XCTAssertNoThrow(XCTAssertTrue(try client.finish().isClean))
        }
      }

      final class EndToEndTests: XCTestCase {
        func testCloses() { channels.finish() }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        "Assay.assertNoThrow(Assay.assertTrue(try client.finish().isClean))"),
      "\(result.text)")
    #expect(result.text.contains("struct EndToEndTests {"), "\(result.text)")
    #expect(result.notes.isEmpty, "\(result.notes)")
  }
}

extension XCTestMigrationTests {
  /// A helper that is a method of a plain class (swift-nio-ssh's `BackToBackEmbeddedChannel`)
  /// asserts with Assay once its callers convert: before the fix, the class was never visited,
  /// its `XCTAssertTrue` stayed, and inside a converted test its failures were lost.
  @Test func aHelperMethodOfAPlainClassAssertsWithAssay() throws {
    let source = """
      import XCTest

      final class Channels {
        func finish() {
          XCTAssertTrue(client.isClean)
        }
      }

      final class EndToEndTests: XCTestCase {
        func testCloses() { channels.finish() }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains("  func finish() {\n    Assay.assertTrue(client.isClean)\n  }"),
      "\(result.text)")
    #expect(result.text.contains("struct EndToEndTests {"), "\(result.text)")
    #expect(result.notes.isEmpty, "\(result.notes)")
  }
}

extension XCTestMigrationTests {
  /// apple/swift-nio-http2 declares its own `assertNoThrow` (async, throwing) in
  /// `TestUtilities.swift`: in the other files of the target it hides Assay's, so a converted
  /// `assertNoThrow(try x)` called it ("call can throw but is not marked with 'try'"), and
  /// three classes were put back. A name that any file of the run declares is written
  /// `Assay.assertNoThrow`; before the fix, only the file's own declarations counted.
  @Test func anAssertionNameThatAnotherFileDeclaresIsQualified() throws {
    let utilities = """
      import XCTest

      func assertNoThrow<T>(_ body: @autoclosure () async throws -> T) async throws {
        _ = try await body()
      }
      """
    let tests = """
      import XCTest

      final class ChannelTests: XCTestCase {
        func testWrites() async throws {
          XCTAssertNoThrow(try channel.writeInbound(frame))
        }
      }
      """
    var options = XCTestMigration.Options()
    options.assertions = .assay
    let results = try migratedRun(
      [("Utilities.swift", utilities), ("ChannelTests.swift", tests)], options: options)
    #expect(
      results[1].text.contains("await Assay.assertNoThrow(try channel.writeInbound(frame))"),
      "\(results[1].text)")
  }

  /// A file outside the run that declares one of Assay's assertion names counts too, read from
  /// its text.
  @Test func assertionNamesDeclaredOutsideTheRunAreNoted() {
    var helpers = XCTestHelpers()
    helpers.noteDeclaredFunctions(
      in: "func assertNoThrow<T>(_ body: () throws -> T) {}\nfunc unwrap() {}\nfunc other() {}")
    #expect(helpers.declaredAssertionNames == ["assertNoThrow", "unwrap"])
  }
}

extension XCTestMigrationTests {
  /// grpc-swift-nio-transport's `EmbeddedChannel.assertReadHeadersOutbound()`:
  /// `guard case .headers(let h) = try XCTUnwrap(try self.readOutbound(as: …))`. An assertion
  /// whose arguments try takes Assay's `assertNoThrow` around it, which only a statement can
  /// carry, so the helper stayed XCTest, and with it the two classes that call it (259
  /// assertion calls). `XCTUnwrap` throws itself: what its argument throws ends the test as a
  /// failure either way, so it becomes Assay's `unwrap` with the `try` inside, wherever it
  /// stands.
  @Test func anUnwrapWhoseArgumentTriesConvertsWhereverItStands() throws {
    let source = """
      import XCTest

      extension EmbeddedChannel {
        fileprivate func assertReadHeaders() throws -> Headers {
          guard
            case .headers(let headers) = try XCTUnwrap(
              try self.readOutbound(as: Frame.self)
            )
          else {
            throw TestError.assertionFailure("Expected to write headers")
          }
          return headers
        }
      }

      final class StreamHandlerTests: XCTestCase {
        func testWritesHeaders() throws {
          let headers = try channel.assertReadHeaders()
          XCTAssertEqual(try XCTUnwrap(try headers.first), "a")
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        "case .headers(let headers) = try Assay.unwrap(try self.readOutbound(as: Frame.self))"),
      "\(result.text)")
    #expect(
      result.text.contains("#expect((try #require(try headers.first)) == \"a\")"),
      "\(result.text)")
    #expect(result.notes.isEmpty, "\(result.notes)")
  }
}

extension XCTestMigrationTests {
  /// apple/swift-certificates' `DistinguishedNameTests` declares `XCTAssertEqualValueAndHash`
  /// as a local function of a test, with XCTest's assertions in it: a name of the class's own,
  /// not one of XCTest's that has no Swift Testing form. Before the fix, the class stayed
  /// XCTest for it (37 assertion calls); its body converts with the test's.
  @Test func aFunctionTheClassDeclaresWithAnXCTNameIsItsOwn() throws {
    let source = """
      import XCTest

      final class NameTests: XCTestCase {
        func testHashes() {
          func XCTAssertEqualValueAndHash<V: Hashable>(
            _ a: V, _ b: V, file: StaticString = #filePath, line: UInt = #line
          ) {
            XCTAssertEqual(a, b, file: file, line: line)
          }
          XCTAssertEqualValueAndHash(1, 1)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes.isEmpty, "\(result.notes)")
    #expect(
      result.text.contains("    Assay.assertEqual(a, b, filePath: file, line: line)\n"),
      "\(result.text)")
    #expect(result.text.contains("    XCTAssertEqualValueAndHash(1, 1)\n"), "\(result.text)")
  }
}

extension XCTestMigrationTests {
  /// swift-nio's `NIOWebSocketFrameAggregatorTests.tearDown`:
  /// `XCTAssertEqual(try self.channel.finish().isClean, true)`, and `ChannelPipelineTest`'s
  /// `defer { XCTAssertTrue(try channel.finish().isClean) }`. XCTest's assertion records what
  /// its argument throws; as `#expect(try …)` the error had to leave a `deinit` or a `defer`,
  /// which cannot throw ("errors thrown from here are not handled", "errors cannot be thrown
  /// out of a defer body"), and both classes were put back (444 assertion calls); in a closure
  /// it left to the closure's caller. There, Assay's `assertNoThrow` records it, as XCTest
  /// did; directly in a test, the test throws.
  @Test func anAssertionThatTriesWhereTheTestCannotThrowIsCaughtByAssay() throws {
    let source = """
      import XCTest

      final class AggregatorTests: XCTestCase {
        var channel: EmbeddedChannel!

        override func tearDown() {
          XCTAssertEqual(try self.channel.finish().isClean, true)
        }

        func testRemoves() {
          defer { XCTAssertTrue(try channel.finish().isClean) }
          try loop.submit { XCTAssertEqual(try self.channel.readInbound(as: Int.self), 1) }.wait()
          XCTAssertEqual(try channel.readInbound(as: Int.self), 2)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    let expected = [
      "deinit {\n    assertNoThrow(assertEqual(try self.channel.finish().isClean, true))\n  }",
      "defer { assertNoThrow(assertTrue(try channel.finish().isClean)) }",
      "submit { assertNoThrow(assertEqual(try self.channel.readInbound(as: Int.self), 1)) }",
      "#expect((try channel.readInbound(as: Int.self)) == 2)",
      "func testRemoves() throws {",
    ]
    for text in expected {
      #expect(result.text.contains(text), "\(text)\n---\n\(result.text)")
    }
    #expect(result.text.contains("final class AggregatorTests {"), "\(result.text)")
  }
}

extension XCTestMigrationTests {
  /// swift-nio's `NIOAsyncWriterTests` (and its other async-sequence, bootstrap and executor
  /// tests, swift-nio-transport-services' and async-http-client's: about 850 assertion calls of
  /// the population), marked available from a version, keep what `setUp` makes in stored
  /// properties of types available from that version, and end it in `tearDown`. A stored
  /// property cannot take `@available`: its value is kept untyped behind a computed property
  /// that takes it; the `deinit` that `tearDown` becomes runs its body under
  /// `if #available(…)`. Before, the class stayed XCTest.
  @Test func availabilityFromAVersionKeepsStoredPropertiesInStorageOfNoVersion() throws {
    let source = """
      import XCTest

      @available(macOS 10.15, iOS 13.0, *)
      final class WriterTests: XCTestCase {
          private var writer: NIOAsyncWriter<String>!
          var sink: Sink?

          override func setUp() {
              super.setUp()
              self.writer = NIOAsyncWriter.make()
          }

          override func tearDown() {
              self.writer.finish()
              self.writer = nil
              super.tearDown()
          }

          func testWrites() async throws {
              try await self.writer.yield("a")
              XCTAssertNil(sink)
          }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(result.notes.map(\.message) == [])
    #expect(
      result.text.hasSuffix(
        """
        final class WriterTests {
            // `writer`'s storage: a stored property cannot take @available.
            private var _writer: Any?
            @available(macOS 10.15, iOS 13.0, *)
            private var writer: NIOAsyncWriter<String>! {
                get { _writer as? NIOAsyncWriter<String> }
                set { _writer = newValue }
            }
            // `sink`'s storage: a stored property cannot take @available.
            private var _sink: Any?
            @available(macOS 10.15, iOS 13.0, *)
            var sink: Sink? {
                get { _sink as? Sink }
                set { _sink = newValue }
            }

            @available(macOS 10.15, iOS 13.0, *)
            init() {
                self.writer = NIOAsyncWriter.make()
            }

            deinit {
                if #available(macOS 10.15, iOS 13.0, *) {
                    self.writer.finish()
                    self.writer = nil
                }
            }

            @available(macOS 10.15, iOS 13.0, *)
            @Test
            func testWrites() async throws {
                try await self.writer.yield("a")
                #expect(sink == nil)
            }
        }
        """), "\(result.text)")
  }

  /// A `deinit` runs its body under `#available`, which only platform versions make: with
  /// `@available(macOS, introduced: 10.15)` the class stays XCTest, as does one whose stored
  /// property already has a member named as its storage would be.
  @Test func availabilityThatNoConditionCanSayKeepsATearDownXCTest() throws {
    let longForm = """
      import XCTest

      @available(macOS, introduced: 10.15)
      final class WriterTests: XCTestCase {
        override func tearDown() { finish() }
        func testWrites() { XCTAssertTrue(true) }
      }
      """
    let taken = """
      import XCTest

      @available(macOS 10.15, *)
      final class WriterTests: XCTestCase {
        var writer: Writer?
        var _writer = 1
        func testWrites() { XCTAssertNil(writer) }
      }
      """
    for (source, member) in [(longForm, "a tearDown"), (taken, "stored properties")] {
      let result = try XCTestMigration.migrate(source, path: "T.swift")
      #expect(result.suites == 0)
      #expect(
        result.notes.map(\.message).first?.hasPrefix(
          "left as XCTest: it is marked @available and has \(member)") == true,
        "\(result.notes)")
    }
  }
}

extension XCTestMigrationTests {
  /// swift-nio's `EmbeddedChannelTest`: `try XCTAssertNoThrow(channel.finish())`, the `try`
  /// outside covering the call XCTest's autoclosure makes. Converted as it stood,
  /// `try #expect(throws: Never.self) { channel.finish() }` did not compile ("call can throw,
  /// but it is not marked with 'try'"): a closure needs its own `try`, and the class (194
  /// assertion calls) was put back. The `try` moves into the closure.
  @Test func aTryBeforeAnAssertionOfThrowingMovesIntoTheClosure() throws {
    let source = """
      import XCTest

      final class EmbeddedTests: XCTestCase {
        func testFinishes() throws {
          try XCTAssertNoThrow(channel.finish())
          try XCTAssertThrowsError(channel.close(), "closed")
          try XCTAssertTrue(channel.writeOutbound(buf).isFull)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            #expect(throws: Never.self) { try channel.finish() }
            #expect(throws: (any Error).self, "closed") { try channel.close() }
            try #expect(channel.writeOutbound(buf).isFull)
        """), "\(result.text)")
  }
}

extension XCTestMigrationTests {
  /// swift-nio's `EmbeddedChannelTest`:
  /// `XCTAssertNoThrow(XCTAssertEqual(try channel.pipeline.handler(…).wait(), "0"))`. In the
  /// closure of `#expect(throws: Never.self) { … }`, an `#expect` whose operand tries does not
  /// compile ("errors thrown from here are not handled"); the `try` goes before the inner
  /// `#expect`, which throws to the outer one, as XCTest's outer assertion caught it. A `try?`
  /// stays where it is.
  @Test func anAssertionThatTriesInsideNoThrowTriesTheWholeExpectation() throws {
    let source = """
      import XCTest

      final class PipelineTests: XCTestCase {
        func testHandlers() throws {
          XCTAssertNoThrow(XCTAssertEqual(try channel.handler(named: "0").identifier, "0"))
          XCTAssertNoThrow(XCTAssertTrue(try channel.finish().isClean))
          XCTAssertNoThrow(XCTAssertEqual(try? value(), 1))
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            #expect(throws: Never.self) { try #expect(channel.handler(named: "0").identifier == "0") }
            #expect(throws: Never.self) { try #expect(channel.finish().isClean) }
            #expect(throws: Never.self) { #expect((try? value()) == 1) }
        """), "\(result.text)")
  }

  /// swift-nio's `EmbeddedEventLoopTest`: `XCTAssertFalse(fired.load(ordering: .relaxed))`.
  /// `#expect` calls a function on its own with the arguments it was given, and an atomic's
  /// ordering must be written where it is used ("ordering argument must be a static method or
  /// property of 'AtomicLoadOrdering'"): 17 suites fell back to Assay's assertions. A call
  /// passing an ordering is cast (`as Bool`), which `#expect` checks as a value.
  @Test func aCallPassingAnAtomicOrderingIsCheckedAsAValue() throws {
    let source = """
      import XCTest

      final class LoopTests: XCTestCase {
        func testFires() {
          XCTAssertFalse(fired.load(ordering: .sequentiallyConsistent))
          XCTAssertTrue(fired.load(ordering: .relaxed))
          XCTAssertEqual(count.load(ordering: .relaxed), 1)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            #expect(!(fired.load(ordering: .sequentiallyConsistent) as Bool))
            #expect(fired.load(ordering: .relaxed) as Bool)
            #expect(count.load(ordering: .relaxed) == 1)
        """), "\(result.text)")
  }
}

extension XCTestMigrationTests {
  /// swift-nio's `NonBlockingFileIOTest`: `XCTAssertThrowsError(try fileIO.readChunked(…) {
  /// … }.wait()) { error in … }`. Its `#expect(throws:) { … }` became the `performing:` form by
  /// rewriting every `) { `, the argument's trailing closure's too, into code that did not
  /// parse ("expected ',' separator"), and the class (247 assertion calls) was put back. Only
  /// the macro's own brace changes.
  @Test func anErrorHandlerAfterATrailingClosureKeepsTheArgumentAsItIs() throws {
    let source = """
      import XCTest

      final class FileIOTests: XCTestCase {
        func testFailsTheRead() {
          XCTAssertThrowsError(try fileIO.readChunked(size: 1) { buf in
            return loop.makeFailedFuture(DummyError.dummy)
          }.wait()) { error in
            XCTAssertEqual(.dummy, error as? DummyError)
          }
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            if let error = #expect(throws: (any Error).self, performing: { try fileIO.readChunked(size: 1) { buf in
              return loop.makeFailedFuture(DummyError.dummy)
            }.wait() }) {
              #expect(.dummy == (error as? DummyError))
            }
        """), "\(result.text)")
  }
}

extension XCTestMigrationTests {
  /// swift-nio's `EchoServerClientTest`: `XCTAssertNoThrow(try withTCPServerChannel { server in
  /// … XCTAssertNoThrow(try …) … })`. Swift does not expand a macro inside its own expansion
  /// ("recursive expansion of macro 'expect(throws:_:sourceLocation:performing:)'"), so an
  /// `#expect(throws:)` in the closure of another did not compile and the suites (1,680 errors
  /// in `NIOPosixTests`) kept Assay's assertions. An assertion of throwing inside another's
  /// expression becomes Assay's; the outer one stays `#expect(throws:)`.
  @Test func anAssertionOfThrowingInsideAnotherBecomesAssays() throws {
    let source = """
      import XCTest

      final class EchoTests: XCTestCase {
        func testEcho() throws {
          XCTAssertNoThrow(try withServer { server in
            XCTAssertNoThrow(try server.start().wait())
            XCTAssertThrowsError(try server.bind()) { error in
              XCTAssertEqual(error as? BindError, .inUse)
            }
          })
          XCTAssertNoThrow(try server.stop())
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            #expect(throws: Never.self) { try withServer { server in
              assertNoThrow(try server.start().wait())
              if let error = assertThrows(try server.bind()) {
                #expect((error as? BindError) == .inUse)
              }
            } }
            #expect(throws: Never.self) { try server.stop() }
        """), "\(result.text)")
    #expect(result.text.contains("import Assay"), "\(result.text)")
  }
}

extension XCTestMigrationTests {
  /// `try items.forEach { XCTAssertNoThrow(try check($0)) }` (the `try` in the autoclosure
  /// makes the closure throw): in `#expect(throws: Never.self) { try check($0) }`, `$0` is the
  /// new closure's, which has none ("contextual closure type '()
  /// throws -> Int' expects 0 arguments, but 1 was used in closure body", checked with Swift
  /// 6.3.1), and the build check gave the whole suite Assay's assertions. An assertion of
  /// throwing whose expression names an enclosing closure's anonymous parameters becomes
  /// Assay's, which takes the expression itself; `$0` of a closure inside the expression stays.
  @Test func anAssertionOfThrowingThatNamesAnEnclosingClosuresParametersBecomesAssays() throws {
    let source = """
      import XCTest

      final class ListTests: XCTestCase {
        func testItems() throws {
          let items = ["a", "b"]
          try items.forEach { XCTAssertNoThrow(try check($0)) }
          try items.forEach { XCTAssertThrowsError(try check($0), "fails") }
          XCTAssertNoThrow(try items.filter { $0.isEmpty }.forEach(check))
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            try items.forEach { assertNoThrow(try check($0)) }
            try items.forEach { assertThrows(try check($0), "fails") }
            #expect(throws: Never.self) { try items.filter { $0.isEmpty }.forEach(check) }
        """), "\(result.text)")
    #expect(result.text.contains("import Assay"), "\(result.text)")
  }
}

extension XCTestMigrationTests {
  /// swift-nio's `NIOLoopBoundTests`: `let box = NIOLoopBoundBox(…)` (a class), then
  /// `XCTAssertTrue(box.value.mutateInPlace())`. A constant's property may be settable when
  /// the constant holds a class, so a method called on it may be `mutating`: as
  /// `#expect(box.value.mutateInPlace())`, `#expect` called it on a copy ("cannot use mutating
  /// member on immutable value: '$0' is immutable") and the suite fell back to Assay's
  /// assertions. A method called on a property is called where it can mutate; one called on
  /// the constant itself cannot be mutating.
  @Test func aMethodOfAConstantsPropertyIsCalledWhereItCanMutate() throws {
    let source = """
      import XCTest

      final class BoxTests: XCTestCase {
        func testMutates() throws {
          let box = Box(Value())
          XCTAssertTrue(box.value.mutateInPlace())
          XCTAssertFalse(self.box.value.mutateInPlace())
          XCTAssertTrue(box.isEmpty())
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
            #expect(box.value.mutateInPlace() == true)
            #expect(self.box.value.mutateInPlace() == false)
            #expect(box.isEmpty())
        """), "\(result.text)")
  }
}

extension XCTestMigrationTests {
  /// async-http-client's `XCTAsyncTest { … }`, a method of `extension XCTestCase` that runs
  /// the closure in a `Task` and waits on an expectation, written before XCTest ran `async`
  /// tests: the four classes that call it (446 assertion calls) stayed XCTest ("it calls
  /// XCTAsyncTest, which stays XCTest"). Where the call ends a test, the test becomes
  /// `async throws` and takes the closure's statements; anywhere else the class stays.
  @Test func aTestEndingInAnAsyncAdapterRunsItsBodyItself() throws {
    let source = """
      import XCTest

      extension XCTestCase {
        func XCTAsyncTest(
          timeout: TimeInterval = 30,
          operation: @escaping @Sendable () async throws -> Void
        ) {
          let expectation = self.expectation(description: "Async operation")
          Task {
            do {
              try await operation()
            } catch {
              XCTFail("Error thrown: \\(error)")
            }
            expectation.fulfill()
          }
          self.wait(for: [expectation], timeout: timeout)
        }
      }

      final class ClientTests: XCTestCase {
        func testGet() {
          // Gets the root.
          XCTAsyncTest(timeout: 5) {
            let client = Client()
            defer { XCTAssertNoThrow(try client.shutdown()) }
            let response = try await client.get("/")
            XCTAssertEqual(response.status, .ok)
          }
        }
      }

      final class LaterTests: XCTestCase {
        func testThen() {
          XCTAsyncTest { try await Client().get("/") }
          XCTAssertTrue(done)
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
          @Test
          func testGet() async throws {
            // Gets the root.
            let client = Client()
            defer { #expect(throws: Never.self) { try client.shutdown() } }
            let response = try await client.get("/")
            #expect(response.status == .ok)
          }
        """), "\(result.text)")
    #expect(result.text.contains("final class LaterTests: XCTestCase {"), "\(result.text)")
    #expect(
      result.notes.map(\.description) == [
        "33: left as XCTest: it calls XCTAsyncTest, which stays XCTest"
      ], "\(result.notes)")
  }
}

extension XCTestMigrationTests {
  /// async-http-client's `AsyncAwaitEndToEndTests`: tests call
  /// `self._testPostConvertedToGetOnRedirect(…)`, a method that ends in `XCTAsyncTest { … }`
  /// (209 assertion calls stayed XCTest for it). The method becomes `async throws` and runs the
  /// closure's statements, and each test that calls it as a statement `try await`s it; called
  /// anywhere else (a closure), it cannot be awaited, and the class stays.
  @Test func aMethodEndingInAnAsyncAdapterIsAwaitedByItsTests() throws {
    let source = """
      import XCTest

      extension XCTestCase {
        func XCTAsyncTest(operation: @escaping @Sendable () async throws -> Void) {
          let expectation = self.expectation(description: "Async operation")
          Task {
            do { try await operation() } catch { XCTFail("Error thrown: \\(error)") }
            expectation.fulfill()
          }
          self.wait(for: [expectation], timeout: 30)
        }
      }

      final class RedirectTests: XCTestCase {
        func testMovedPermanently() {
          self._redirects(status: 301)
        }

        func testFound() {
          _redirects(status: 302)
        }

        private func _redirects(status: Int) {
          XCTAsyncTest {
            let response = try await Client().get("/\\(status)")
            XCTAssertEqual(response.status, 200)
          }
        }
      }

      final class EachTests: XCTestCase {
        func testEach() {
          [1, 2].forEach { _ in self._gets() }
        }

        func _gets() {
          XCTAsyncTest { XCTAssertEqual(try await Client().get("/").status, 200) }
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.text.contains(
        """
          @Test
          func testMovedPermanently() async throws {
            try await self._redirects(status: 301)
          }

          @Test
          func testFound() async throws {
            try await _redirects(status: 302)
          }

          private func _redirects(status: Int) async throws {
            let response = try await Client().get("/\\(status)")
            #expect(response.status == 200)
          }
        """), "\(result.text)")
    #expect(
      result.notes.map(\.description) == [
        "31: left as XCTest: it calls _gets, which runs its work asynchronously, where it cannot "
          + "be awaited"
      ], "\(result.notes)")
  }
}

extension XCTestMigrationTests {
  /// swift-nio's `FileHandleTests`: a helper runs each test's body and catches `XCTSkip` by its
  /// type (`catch let skip as XCTSkip { …; throw skip } catch { XCTFail(…) }`). `throw XCTSkip`
  /// became `try Test.cancel(…)`, which throws another type: the helper recorded the skip as a
  /// failure, and the migrated run of `NIOFSIntegrationTests` crashed after it (twice, 956 of
  /// swift-nio's tests without an outcome on the harness at aaab75f). A class that handles
  /// `XCTSkip` by its type stays XCTest.
  @Test func aClassThatCatchesXCTSkipByItsTypeStaysXCTest() throws {
    let source = """
      import XCTest

      final class FileTests: XCTestCase {
        func withFile(_ body: () throws -> Void) throws {
          do {
            try body()
          } catch let skip as XCTSkip {
            throw skip
          } catch {
            XCTFail("threw \\(error)")
          }
        }

        func testAttributes() throws {
          try withFile {
            throw XCTSkip("not supported here")
          }
        }
      }
      """
    let result = try XCTestMigration.migrate(source, path: "T.swift")
    #expect(
      result.notes.map(\.description) == [
        "3: left as XCTest: it handles XCTSkip by its type, which Swift Testing's Test.cancel "
          + "does not throw"
      ], "\(result.text)")
    #expect(result.text.contains("final class FileTests: XCTestCase"), "\(result.text)")
  }
}
