import AssayResults
import AssayToolSupport
import Foundation
import Testing

@testable import AssayRunning

/// `assay test File.swift:37`: the test, spec example or parameterized test around line 37.
@Suite final class TestLocatorTests {
  static let source = """
    import Testing
    import XCTest

    final class SortingTests: XCTestCase {
      func testSortsByName() {
        XCTAssertTrue(true)
      }

      private func helper() {}
    }

    @Suite struct Adding {
      @Test("adds a person")
      func addsAPerson() {
        #expect(true)
      }
    }

    @Suite struct ListSpec: Spec {
      static func spec() {
        describe("List") {
          context("empty") {
            it("shows nothing") {
              #expect(true)
            }
          }
        }
      }

      @Test(arguments: examples) func example(_ example: SpecExample) async throws {
        try await example.run()
      }
    }

    enum Fixtures {
      static let names = ["Ada"]
    }
    """

  let folder: URL
  let file: String
  let locator: TestLocator

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-locator-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    file = folder.appendingPathComponent("ListTests.swift").path
    try Self.source.write(toFile: file, atomically: true, encoding: .utf8)
    try "let x = 1".write(
      toFile: folder.appendingPathComponent("Other.swift").path, atomically: true,
      encoding: .utf8)
    let inventory = TestInventory(tests: [
      .init(
        id: TestIdentifier(
          library: .xctest, target: "ListTests", suite: "SortingTests", test: "testSortsByName")),
      .init(
        id: TestIdentifier(
          library: .swiftTesting, target: "ListTests", suite: "Adding", test: "addsAPerson()"),
        location: SourceLocation(file: file, line: 13, column: 3)),
      .init(
        id: TestIdentifier(
          library: .swiftTesting, target: "ListTests", suite: "ListSpec", test: "example(_:)"),
        location: SourceLocation(file: file, line: 31, column: 3), isParameterized: true),
    ])
    locator = TestLocator(inventory: inventory, sources: [TestSource(path: file)!])
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  private func test(_ index: Int) -> TestIdentifier { locator.inventory.tests[index].id }

  @Test func aLineInAnXCTestMethodFindsIt() throws {
    let sorting = locator.inventory.tests.first { $0.id.library == .xctest }!.id
    #expect(try locator.find("\(file):5") == .tests([sorting]))
    #expect(try locator.find("\(file):6") == .tests([sorting]))
  }

  /// A place copied from a compiler's or Swift Testing's line has a column too
  /// (`ListTests.swift:13:5`): it was "no such file".
  @Test func aPlaceWithAColumnFindsTheTestOfItsLine() throws {
    let adding = locator.inventory.tests.first { $0.id.suite == "Adding" }!.id
    #expect(try locator.find("\(file):13:5") == .tests([adding]))
    #expect(try locator.find("\(file):15:1") == .tests([adding]))
  }

  @Test func theAttributeLineOrTheBodyOfASwiftTestingTestFindsIt() throws {
    let adding = locator.inventory.tests.first { $0.id.suite == "Adding" }!.id
    #expect(try locator.find("\(file):13") == .tests([adding]))
    #expect(try locator.find("\(file):15") == .tests([adding]))
  }

  @Test func aLineInASpecExampleFindsTheExampleByItsFullName() throws {
    let host = locator.inventory.tests.first { $0.id.suite == "ListSpec" }!.id
    #expect(
      try locator.find("\(file):24") == .specExample(host: host, name: "List, empty, shows nothing")
    )
  }

  @Test func aFileWithoutALineFindsAllItsTestsWithLocations() throws {
    // The XCTest test has no location in this inventory: only the two Swift Testing tests.
    #expect(try locator.find(file) == .tests([test(0), test(1)]))
  }

  /// A line of a suite outside its tests (its declaration, a property, its closing brace), as
  /// an editor's mark on a class runs the class: every test of that type. It was "outside any
  /// test".
  @Test(arguments: [
    (4, "SortingTests"), (8, "SortingTests"), (10, "SortingTests"), (12, "Adding"),
    (17, "Adding"), (29, "ListSpec"),
  ])
  func aLineOfATypeOutsideItsTestsFindsEveryTestOfTheType(line: Int, suite: String) throws {
    let tests = locator.inventory.tests.filter { $0.id.suite == suite }.map(\.id)
    let found = try locator.find("\(file):\(line)")
    #expect(tests.count == 1)
    #expect(found == .tests(tests), "\(found)")
  }

  @Test(arguments: [
    ("ListTests.swift:2", "ListTests.swift:2 is outside any test"),
    ("ListTests.swift:9", "ListTests.swift:9 is in helper(), which is not a test"),
    ("ListTests.swift:36", "ListTests.swift:36 is in Fixtures, which has no test"),
    ("ListTests.swift:99", "ListTests.swift:99 is past the end of the file (37 lines)"),
    ("Other.swift:1", "Other.swift is not a source file of a test target of this package"),
    ("Missing.swift:3", "Missing.swift: no such file"),
    // The file is there: what follows it is not a line (it was "no such file").
    ("ListTests.swift:abc", "ListTests.swift:abc: abc is not a line number (FILE:LINE)"),
    ("ListTests.swift:", "ListTests.swift:: no line number after the colon (FILE:LINE)"),
  ])
  func aBadLocationIsAClearError(argument: String, message: String) {
    let error = #expect(throws: RunError.self) {
      try locator.find(folder.appendingPathComponent(argument).path)
    }
    #expect(error?.description == folder.path + "/" + message)
  }
}
