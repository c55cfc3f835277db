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

  private let cats = """
    import XCTest

    final class CatTests: PetTestCase {
      func testPurrs() {
        XCTAssertEqual(fluffy.name, "Fluffy")
        waitForExpectations(timeout: 1)
      }
    }
    """

  /// GRDB's `GRDBTestCase` and its 213 subclasses: 17 could not convert, so none did (16088
  /// of its 16781 assertion calls stayed XCTest). One subclass that cannot convert keeps the
  /// base as it is, for it; the others inherit the base's Swift Testing copy, and each note
  /// says why.
  @Test func aSubclassThatStaysXCTestKeepsTheBaseForItAndTheOthersInheritItsCopy() throws {
    let results = try migratedRun([
      ("Tests/PetTests/PetTestCase.swift", base),
      ("Tests/PetTests/DogTests.swift", dogs),
      ("Tests/PetTests/CatTests.swift", cats),
    ])
    let why =
      "kept as XCTest for the subclass that stays XCTest (CatTests); the 1 subclass that "
      + "converts inherits its Swift Testing copy, PetTestSuite, written after it: delete this "
      + "class once nothing inherits it"
    #expect(
      results[0].text == """
        import Testing
        import XCTest

        \(XCTestMigration.marker) \(why)
        \(base.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
          .joined(separator: "\n"))

        /// PetTestCase for Swift Testing (`assay migrate`): the suites of its subclasses
        /// that converted inherit this class.
        class PetTestSuite {
          var store: PetStore!

          init() async throws {
            store = PetStore()
          }

          deinit {
            store = nil
          }

          var fluffy: Pet { Pet(name: "Fluffy") }

          func checkAdoptable(_ pet: Pet) {
            #expect(pet.isAdoptable, "\\(pet.name) cannot be adopted")
          }
        }
        """, "\(results[0].text)")
    #expect(results[0].notes.map(\.message) == [why])
    #expect(results[1].text.contains("final class DogTests: PetTestSuite {"), "\(results[1].text)")
    #expect(results[1].text.contains("#expect(store.count == 1)"), "\(results[1].text)")
    #expect(results[1].notes == [])
    #expect(results[1].suites == 1)
    #expect(results[2].text.contains("final class CatTests: PetTestCase {"))
    #expect(results[2].text.contains("XCTAssertEqual(fluffy.name, \"Fluffy\")"))
    #expect(
      results[2].notes.map(\.message) == [
        "left as XCTest with its base class PetTestCase (Tests/PetTests/PetTestCase.swift), "
          + "which stays XCTest for it: it uses waitForExpectations"
      ], "\(results[2].notes)")
  }

  private let waits = """
    import XCTest

    extension PetTestCase {
      func waitForAdoption(of pet: Pet) {
        let adopted = expectation(description: "adopted")
        store.onAdoption { _ in adopted.fulfill() }
        waitForExpectations(timeout: 1)
      }
    }
    """

  /// GRDB's `GRDBTestCase`, extended in `ValueObservationRecorder.swift` with helpers that
  /// wait on XCTest's expectations ("it is extended in other files": 213 classes stayed). The
  /// extension stays with the base; the subclasses that call what it declares stay too, as
  /// the copy lacks it; the others convert.
  @Test func aBaseExtendedElsewhereWithWhatStaysXCTestKeepsItForThoseThatCallIt() throws {
    let birds = """
      import XCTest

      final class BirdTests: PetTestCase {
        func testFlies() {
          waitForAdoption(of: fluffy)
          XCTAssertEqual(store.count, 0)
        }
      }
      """
    let results = try migratedRun([
      ("Tests/PetTests/PetTestCase.swift", base),
      ("Tests/PetTests/PetTestCase+Waits.swift", waits),
      ("Tests/PetTests/DogTests.swift", dogs),
      ("Tests/PetTests/BirdTests.swift", birds),
    ])
    #expect(
      results[0].notes.map(\.message) == [
        "kept as XCTest for the subclass that stays XCTest (BirdTests) and its extensions in "
          + "Tests/PetTests/PetTestCase+Waits.swift; the 1 subclass that converts inherits its "
          + "Swift Testing copy, PetTestSuite, written after it: delete this class once nothing "
          + "inherits it"
      ], "\(results[0].notes)")
    #expect(results[0].text.contains("class PetTestCase: XCTestCase {"), "\(results[0].text)")
    #expect(results[0].text.contains("class PetTestSuite {"), "\(results[0].text)")
    #expect(results[1].text == waits, "\(results[1].text)")
    #expect(results[2].text.contains("final class DogTests: PetTestSuite {"), "\(results[2].text)")
    #expect(results[3].text.contains("final class BirdTests: PetTestCase {"))
    #expect(
      results[3].notes.map(\.message) == [
        "left as XCTest with its base class PetTestCase (Tests/PetTests/PetTestCase.swift), "
          + "which stays XCTest for it: it calls waitForAdoption, which an extension of "
          + "PetTestCase declares, and its Swift Testing copy lacks"
      ], "\(results[3].notes)")
  }

  /// A base extended elsewhere with helpers that convert (an `XCTAssert` in a helper) converts
  /// whole, its extension with it: a copy would only duplicate it.
  @Test func aBaseExtendedElsewhereWithHelpersThatConvertConvertsWithThem() throws {
    let checks = """
      import XCTest

      extension PetTestCase {
        func checkNamed(_ pet: Pet) {
          XCTAssertFalse(pet.name.isEmpty)
        }
      }
      """
    let results = try migratedRun([
      ("Tests/PetTests/PetTestCase.swift", base),
      ("Tests/PetTests/PetTestCase+Checks.swift", checks),
      ("Tests/PetTests/DogTests.swift", dogs),
    ])
    #expect(results.flatMap(\.notes) == [])
    #expect(results[0].text.contains("class PetTestCase {\n"), "\(results[0].text)")
    #expect(!results[0].text.contains("PetTestSuite"), "\(results[0].text)")
    #expect(results[1].text.contains("#expect(!pet.name.isEmpty)"), "\(results[1].text)")
    #expect(!results[1].text.contains("XCTest"), "\(results[1].text)")
    #expect(results[2].text.contains("final class DogTests: PetTestCase {"), "\(results[2].text)")
  }

  /// A subclass of a family that splits put back by the build stays XCTest alone: the
  /// others still inherit the copy, and the base's note counts it.
  @Test func aSubclassPutBackFromAFamilyThatSplitsStaysAlone() throws {
    var options = XCTestMigration.Options()
    options.keptAsXCTest = ["DogTests": "its converted code does not compile: oops"]
    let results = try migratedRun(
      [
        ("Tests/PetTests/PetTestCase.swift", base),
        ("Tests/PetTests/DogTests.swift", dogs),
        ("Tests/PetTests/CatTests.swift", cats),
        (
          "Tests/PetTests/HamsterTests.swift", dogs.replacingOccurrences(of: "Dog", with: "Hamster")
        ),
      ], options: options)
    #expect(
      results[0].notes.map(\.message) == [
        "kept as XCTest for the 2 subclasses that stay XCTest (CatTests, DogTests); the 1 "
          + "subclass that converts inherits its Swift Testing copy, PetTestSuite, written after "
          + "it: delete this class once nothing inherits it"
      ], "\(results[0].notes)")
    #expect(results[1].text.contains("XCTAssertEqual(store.count, 1)"), "\(results[1].text)")
    #expect(
      results[1].notes.map(\.message) == [
        "left as XCTest with its base class PetTestCase (Tests/PetTests/PetTestCase.swift), "
          + "which stays XCTest for it: its converted code does not compile: oops"
      ], "\(results[1].notes)")
    #expect(results[3].text.contains("final class HamsterTests: PetTestSuite {"))
  }

  /// The family stays XCTest whole, as before it could split, where the copy could not stand
  /// in for the base: its name is taken, the base calls what its extension declares, the
  /// build put the copy back.
  @Test(arguments: [
    (
      "struct PetTestSuite {}\n", "", [String: String](),
      "its extensions in other files stay XCTest: Tests/PetTests/PetTestCase+Waits.swift: it "
        + "uses waitForExpectations"
    ),
    (
      "", "  func groom() { waitForAdoption(of: fluffy) }\n", [:],
      "its extensions in other files stay XCTest: Tests/PetTests/PetTestCase+Waits.swift: it "
        + "uses waitForExpectations"
    ),
    (
      "", "", ["PetTestSuite": "its converted code does not compile: oops"],
      "its Swift Testing copy, PetTestSuite: its converted code does not compile: oops"
    ),
  ])
  func aCopyThatCannotStandInForTheBaseKeepsTheFamilyXCTest(
    elsewhere: String, baseMember: String, kept: [String: String], why: String
  ) throws {
    var options = XCTestMigration.Options()
    options.keptAsXCTest = kept
    let results = try migratedRun(
      [
        (
          "Tests/PetTests/PetTestCase.swift",
          base.replacingOccurrences(
            of: "  var store: PetStore!\n", with: "  var store: PetStore!\n" + baseMember)
            + "\n" + elsewhere
        ),
        ("Tests/PetTests/PetTestCase+Waits.swift", waits),
        ("Tests/PetTests/DogTests.swift", dogs),
        ("Tests/PetTests/CatTests.swift", cats),
      ], options: options)
    #expect(!results.contains { $0.text.contains("class PetTestSuite") })
    #expect(results[2].text.contains("XCTAssertEqual(store.count, 1)"), "\(results[2].text)")
    #expect(
      results[0].notes.map(\.message).first
        == "left as XCTest with the classes that inherit from it: " + why,
      "\(results[0].notes)")
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

  /// GRDB's `QueryInterfaceExpressionsTests` (693 assertion calls) adds to the base's setUp:
  /// `super.setUp()`, then its own. It becomes an `override init()` that calls the base's
  /// first, with the effects that call needs.
  @Test func aSubclassSetUpThatBeginsWithTheBasesBecomesAnInitializerAfterIt() throws {
    let dogs = """
      import XCTest

      final class DogTests: PetTestCase {
          var barks = 0

          override func setUp() {
              super.setUp()
              barks = 1
          }

          func testBarks() { XCTAssertEqual(barks, 1) }
      }
      """
    let results = try migratedRun([
      ("Tests/PetTests/PetTestCase.swift", base), ("Tests/PetTests/DogTests.swift", dogs),
    ])
    #expect(results.flatMap(\.notes) == [])
    #expect(
      results[1].text.contains(
        """
        final class DogTests: PetTestCase {
            var barks = 0

            override init() async throws {
                try await super.init()
                barks = 1
            }
        """), "\(results[1].text)")
  }

  /// A subclass's tearDown that ends with `super.tearDown()` (the base's last, as XCTest runs
  /// it) becomes its `deinit`: Swift runs the base's `deinit` after it, in the same order.
  @Test func aSubclassTearDownThatEndsWithTheBasesBecomesItsDeinit() throws {
    let dogs = """
      import XCTest

      final class DogTests: PetTestCase {
          var barks = 0

          override func tearDown() {
              barks = 0
              super.tearDown()
          }

          func testBarks() { XCTAssertEqual(barks, 0) }
      }
      """
    let results = try migratedRun([
      ("Tests/PetTests/PetTestCase.swift", base), ("Tests/PetTests/DogTests.swift", dogs),
    ])
    #expect(results.flatMap(\.notes) == [])
    #expect(
      results[1].text.contains(
        """
        final class DogTests: PetTestCase {
            var barks = 0

            deinit {
                barks = 0
            }
        """), "\(results[1].text)")
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
      "  override func tearDown() {\n    super.tearDown()\n    quiet = true\n  }\n",
      "its subclass DogTests (Tests/PetTests/DogTests.swift:3): its tearDown does not end with "
        + "super.tearDown(), as the deinit it becomes must (the base's deinit runs after it)"
    ),
    (
      "",
      "  override func setUp() { super.setUp() }\n"
        + "  override func setUpWithError() throws { try super.setUpWithError() }\n",
      "its subclass DogTests (Tests/PetTests/DogTests.swift:3): it has 2 setUp methods, which "
        + "XCTest runs in an order of its own"
    ),
    (
      "",
      "  override func setUp() {\n    loud = true\n    super.setUp()\n  }\n",
      "its subclass DogTests (Tests/PetTests/DogTests.swift:3): its setUp does not begin with "
        + "super.setUp(), as the initializer it becomes must"
    ),
    (
      "  override func setUp() { super.setUp() }\n",
      "  override func setUpWithError() throws { try super.setUpWithError() }\n",
      "its subclass DogTests (Tests/PetTests/DogTests.swift:3): its setUpWithError and its base's "
        + "setUp run in another order than initializers do"
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
