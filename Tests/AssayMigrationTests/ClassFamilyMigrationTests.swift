import AssayToolSupport
import Foundation
import Testing

@testable import AssayMigration

/// `assay migrate xctest` on helper base classes and the test classes that inherit from them
/// (swift-openapi-runtime's `Test_Runtime`, swift-certificates' `RFC5280PolicyBase`): each
/// family converts whole, or stays XCTest whole, saying why.
struct ClassFamilyMigrationTests {
  private let base = """
    import XCTest

    class PetTestCase: XCTestCase {
      var store: PetStore!

      override func setUp() async throws {
        try await super.setUp()
        store = PetStore()
      }

      override func tearDown() {
        store = nil
        super.tearDown()
      }

      var fluffy: Pet { Pet(name: "Fluffy") }

      func checkAdoptable(_ pet: Pet) {
        XCTAssertTrue(pet.isAdoptable, "\\(pet.name) cannot be adopted")
      }
    }
    """

  private let dogs = """
    import XCTest

    final class DogTests: PetTestCase {
      func testAdopts() async {
        await store.add(fluffy)
        checkAdoptable(fluffy)
        XCTAssertEqual(store.count, 1)
      }
    }
    """

  /// Before: the subclasses stayed XCTest ("a subclass of PetTestCase, not of XCTestCase"),
  /// the base too ("it has no test methods"), so none of their assertions converted
  /// (swift-openapi-runtime: 608 of 655).
  @Test func aHelperBaseClassBecomesAPlainClassThatItsSubclassesSuitesInherit() throws {
    let results = try migratedRun([
      ("Tests/PetTests/PetTestCase.swift", base),
      ("Tests/PetTests/DogTests.swift", dogs),
    ])
    let converted = results[0].text
    #expect(converted.contains("class PetTestCase {\n"), "\(converted)")
    #expect(!converted.contains("XCTest"), "\(converted)")
    #expect(
      converted.contains("init() async throws {\n    store = PetStore()\n  }"), "\(converted)")
    #expect(converted.contains("deinit {\n    store = nil\n  }"), "\(converted)")
    #expect(converted.contains("#expect(pet.isAdoptable, \"\\(pet.name) cannot be adopted\")"))
    #expect(results[0].notes == [])
    let suite = results[1].text
    #expect(suite.contains("final class DogTests: PetTestCase {"), "\(suite)")
    #expect(suite.contains("@Test\n  func testAdopts() async {"), "\(suite)")
    #expect(suite.contains("#expect(store.count == 1)"), "\(suite)")
    #expect(!suite.contains("XCTest"), "\(suite)")
    #expect(results[1].notes == [])
    #expect(results[1].suites == 1)
  }

  /// swift-openapi-generator's `Test_translateSchemas: Test_Core`, not written `final`, with
  /// no class of the run inheriting it: it kept its family of twenty classes XCTest ("it is
  /// not final"). A suite of the family is a final class whatever it was written.
  @Test func aSubclassNotWrittenFinalThatNothingInheritsConvertsFinal() throws {
    let results = try migratedRun([
      ("Tests/PetTests/PetTestCase.swift", base),
      (
        "Tests/PetTests/DogTests.swift", dogs.replacingOccurrences(of: "final class", with: "class")
      ),
    ])
    #expect(results.flatMap(\.notes) == [])
    #expect(results[1].text.contains("final class DogTests: PetTestCase {"), "\(results[1].text)")
    #expect(results[1].suites == 1)
  }

  /// A family goes whole: one subclass that cannot convert keeps the base and every other
  /// subclass XCTest, and each says why.
  @Test func aSubclassThatStaysXCTestKeepsItsWholeFamilyXCTestSayingWhy() throws {
    let cats = """
      import XCTest

      final class CatTests: PetTestCase {
        func testPurrs() {
          XCTAssertEqual(fluffy.name, "Fluffy")
          waitForExpectations(timeout: 1)
        }
      }
      """
    let results = try migratedRun([
      ("Tests/PetTests/PetTestCase.swift", base),
      ("Tests/PetTests/DogTests.swift", dogs),
      ("Tests/PetTests/CatTests.swift", cats),
    ])
    #expect(results[0].text.contains("class PetTestCase: XCTestCase {"), "\(results[0].text)")
    #expect(results[1].text.contains("final class DogTests: PetTestCase {"))
    #expect(results[1].text.contains("XCTAssertEqual(store.count, 1)"), "\(results[1].text)")
    #expect(results[2].text.contains("waitForExpectations(timeout: 1)"))
    let baseNote = try #require(results[0].notes.first)
    #expect(baseNote.line == 3)
    #expect(
      baseNote.message.hasPrefix(
        "left as XCTest with the classes that inherit from it: its subclass CatTests "
          + "(Tests/PetTests/CatTests.swift:3): it uses waitForExpectations"),
      "\(baseNote.message)")
    #expect(
      results[1].notes.map(\.message) == [
        "left as XCTest with its base class PetTestCase (Tests/PetTests/PetTestCase.swift): "
          + baseNote.message.replacingOccurrences(
            of: "left as XCTest with the classes that inherit from it: ", with: "")
      ])
  }

  /// What only the files' own conversion finds (a subclass whose file names Swift Testing's
  /// `Tag`, a suite the build put back) leaves the family too: the base is converted again as
  /// XCTest, never left a plain class under an `XCTestCase` subclass.
  @Test func aSubclassLeftInItsFileLeavesTheBaseAsXCTestToo() throws {
    var options = XCTestMigration.Options()
    let files = [
      ("Tests/PetTests/PetTestCase.swift", base), ("Tests/PetTests/DogTests.swift", dogs),
    ]
    for file in files { options.helpers.read(file.1, path: file.0) }
    options.keptAsXCTest = ["DogTests": "its converted code does not compile: oops"]
    let results = try XCTestMigration.migrate(files, options: options).map { try $0.get() }
    #expect(
      results[0].text
        == base.replacingOccurrences(
          of: "class PetTestCase",
          with:
            "\(XCTestMigration.marker) \(results[0].notes.first?.message ?? "")\nclass PetTestCase"),
      "\(results[0].text)")
    #expect(
      results[0].notes.map(\.message) == [
        "left as XCTest with the classes that inherit from it: its subclass DogTests "
          + "(Tests/PetTests/DogTests.swift) stays XCTest: its converted code does not "
          + "compile: oops"
      ])
    #expect(results[1].text.contains("final class DogTests: PetTestCase {"))
    #expect(results[1].text.contains("XCTAssertEqual(store.count, 1)"))
  }

  /// The base left in its own file (it names Swift Testing's `Tag`, which `import Testing`
  /// would change) leaves the subclasses XCTest, each naming the base's reason.
  @Test func aBaseLeftInItsFileLeavesItsSubclassesXCTestSayingWhy() throws {
    let base = """
      import XCTest

      class PetTestCase: XCTestCase {
        var tag: Tag { Tag("pet") }
      }
      """
    let results = try migratedRun([
      ("Tests/PetTests/PetTestCase.swift", base), ("Tests/PetTests/DogTests.swift", dogs),
    ])
    #expect(results[0].text.contains("class PetTestCase: XCTestCase {"), "\(results[0].text)")
    let why =
      "the file names Tag, which Swift Testing declares too: importing it would change what "
      + "that name means"
    #expect(results[0].notes.map(\.message) == ["left as XCTest: " + why])
    #expect(
      results[1].notes.map(\.message) == [
        "left as XCTest with its base class PetTestCase (Tests/PetTests/PetTestCase.swift): " + why
      ], "\(results[1].notes)")
  }

  /// What a plain class cannot carry over from `XCTestCase` keeps the family XCTest: a base
  /// with tests of its own (each subclass runs them again under XCTest), a subclass with a
  /// setUp of its own, a base that overrides XCTestCase's other members.
  @Test(arguments: [
    (
      "  func testBase() { XCTAssertTrue(true) }\n",
      "",
      "it has tests of its own, which each subclass runs again"
    ),
    (
      "",
      "  override func setUp() { super.setUp() }\n",
      "its subclass DogTests (Tests/PetTests/DogTests.swift:3): it has a setUp or tearDown of its own"
    ),
    (
      "  override func invokeTest() { super.invokeTest() }\n",
      "",
      "it calls super.invokeTest"
    ),
  ])
  func whatAPlainClassCannotCarryKeepsTheFamilyXCTest(
    baseMember: String, subclassMember: String, why: String
  ) throws {
    let base = "import XCTest\n\nclass PetTestCase: XCTestCase {\n\(baseMember)}\n"
    let dogs = """
      import XCTest

      final class DogTests: PetTestCase {
      \(subclassMember)  func testBarks() { XCTAssertTrue(true) }
      }
      """
    let results = try migratedRun([
      ("Tests/PetTests/PetTestCase.swift", base), ("Tests/PetTests/DogTests.swift", dogs),
    ])
    #expect(results[0].text.contains("class PetTestCase: XCTestCase {"), "\(results[0].text)")
    #expect(results[1].text.contains("func testBarks() { XCTAssertTrue(true) }"))
    #expect(
      results[0].notes.map(\.message)
        == ["left as XCTest with the classes that inherit from it: " + why],
      "\(results[0].notes)")
  }
}
