import AssayToolSupport
import Testing

@testable import AssayMigration

/// `assay migrate quick` on snippets: what each Quick and Nimble form becomes, and what is left.
struct QuickMigrationTests {
  private func migrated(_ source: String) throws -> MigrationResult {
    try QuickMigration.migrate(source, path: "S.swift")
  }

  /// A spec inside `it`, to convert one expectation.
  private func expectation(_ line: String) throws -> MigrationResult {
    try migrated(
      """
      import Nimble
      import Quick

      final class S: QuickSpec {
        override class func spec() {
          it("x") {
            \(line)
          }
        }
      }
      """)
  }

  @Test func aSpecBecomesAnAssaySpecWithItsHostTest() throws {
    let result = try migrated(
      """
      import Foundation
      import Nimble
      import Quick
      @testable import Shop

      /// The basket.
      final class BasketSpec: QuickSpec {
        override class func spec() {
          describe("a basket") {
            var basket: Basket!
            beforeEach { basket = Basket() }

            // Adding.
            it("adds prices up") {
              basket.add(300)
              expect(basket.total).to(equal(300))
            }
            pending("removes prices") {
              expect(basket.total) == 0
            }
          }
        }
      }
      """)
    #expect(
      result.text == """
        import Foundation
        import Assay
        import Testing
        @testable import Shop

        /// The basket.
        @Suite struct BasketSpec: Spec {
          static func spec() {
            describe("a basket") {
              var basket: Basket!
              beforeEach { basket = Basket() }

              // Adding.
              it("adds prices up") {
                basket.add(300)
                assertEqual(basket.total, 300)
              }
              xit("removes prices") {
                assertEqual(basket.total, 0)
              }
            }
          }

          @Test(arguments: examples) func example(_ example: SpecExample) async throws {
            try await example.run()
          }
        }
        """)
    #expect((result.suites, result.tests, result.assertions, result.notes) == (1, 2, 2, []))
  }

  @Test func runningItTwiceChangesNothingTheSecondTime() throws {
    let once = try expectation("expect(a).to(beNil())").text
    #expect(try migrated(once).text == once)
  }

  @Test(arguments: [
    ("expect(a).to(equal(b))", "assertEqual(a, b)"),
    ("expect(a).toNot(equal(b))", "assertNotEqual(a, b)"),
    ("expect(a).notTo(equal(b))", "assertNotEqual(a, b)"),
    ("expect(a).to(equal(b), description: \"why\")", "assertEqual(a, b, \"why\")"),
    ("expect(a) == b", "assertEqual(a, b)"),
    ("expect(a) != b", "assertNotEqual(a, b)"),
    ("expect(a) == nil", "assertNil(a)"),
    ("expect(a) != nil", "assertNotNil(a)"),
    ("expect(a) == Void()", "assertNotNil(a)"),
    ("expect(a) > 1", "assertGreaterThan(a, 1)"),
    ("expect(a) <= 1", "assertLessThanOrEqual(a, 1)"),
    ("expect(a) === b", "assertIdentical(a, b)"),
    ("expect(a) !== b", "assertNotIdentical(a, b)"),
    ("expect(a) < 1", "assertLessThan(a, 1)"),
    ("expect(a) >= 1", "assertGreaterThanOrEqual(a, 1)"),
    ("expect(a) ≈ 1.5", "assertEqual(a, 1.5, accuracy: 0.0001)"),
    ("expect(a) ≈ (1.5, 0.1)", "assertEqual(a, 1.5, accuracy: 0.1)"),
    ("expect(a) ≈ 1.5 ± 0.1", "assertEqual(a, 1.5, accuracy: 0.1)"),
    ("expect(a).to(beNil())", "assertNil(a)"),
    ("expect(a).toNot(beNil())", "assertNotNil(a)"),
    ("expect(a).to(beTrue())", "assertTrue(a)"),
    ("expect(a).to(beFalse())", "assertFalse(a)"),
    ("expect(a).toNot(beTrue())", "assertThat(a, not(equalTo(true)))"),
    ("expect(a).to(beCloseTo(1.5))", "assertEqual(a, 1.5, accuracy: 0.0001)"),
    ("expect(a).to(beCloseTo(1.5, within: 0.1))", "assertEqual(a, 1.5, accuracy: 0.1)"),
    ("expect(a).to(beGreaterThan(1))", "assertGreaterThan(a, 1)"),
    ("expect(a).to(beLessThan(1))", "assertLessThan(a, 1)"),
    ("expect(a).to(beIdenticalTo(b))", "assertIdentical(a, b)"),
    ("expect(a).toNot(be(b))", "assertNotIdentical(a, b)"),
    ("expect(a).to(contain(1))", "assertThat(a, contains(1))"),
    ("expect(a).to(contain(1, 2))", "assertThat(a, allOf(contains(1), contains(2)))"),
    ("expect(a).to(haveCount(2))", "assertThat(a, hasCount(2))"),
    ("expect(a).to(beEmpty())", "assertThat(a, isEmpty())"),
    ("expect(a).toNot(beEmpty())", "assertThat(a, not(isEmpty()))"),
    ("expect(a).to(beAKindOf(B.self))", "assertThat(a, kindOf(B.self))"),
    ("expect(a).to(beginWith(\"x\"))", "assertThat(a, beginsWith(\"x\"))"),
    ("expect(a).to(allPass(beGreaterThan(0)))", "assertThat(a, everyElement(greaterThan(0)))"),
    (
      "expect(a).to(satisfyAnyOf(equal(1), equal(2)))",
      "assertThat(a, anyOf(equalTo(1), equalTo(2)))"
    ),
    ("expect { try f() }.to(throwError())", "assertThrows(try f())"),
    ("expect { try f() }.toNot(throwError())", "assertNoThrow(try f())"),
    ("expect { try f() }.to(throwError(E.bad))", "assertThrows(E.bad, try f())"),
    ("expect { try f() }.to(throwError(errorType: E.self))", "assertThrows(E.self, try f())"),
    (
      "expect(a).toEventually(equal(1), timeout: .seconds(2))",
      "await eventually(a, equalTo(1), timeout: .seconds(2))"
    ),
    ("expect(a).toEventuallyNot(beNil())", "await eventually(a, not(isNil()))"),
    ("await expect(a).to(equal(1))", "assertEqual(a, 1)"),
    ("await expect(a).toEventually(equal(1))", "await eventually(a, equalTo(1))"),
    (
      "expect(a).toEventually(beTrue(), timeout: 3)",
      "await eventually(a, equalTo(true), timeout: .seconds(3))"
    ),
  ])
  func eachExpectationBecomesAssays(nimble: String, assay: String) throws {
    let result = try expectation(nimble)
    #expect(result.text.contains("\n      \(assay)\n"), "\(result.text)")
    #expect(result.assertions == 1)
    #expect(result.notes == [])
    #expect(!result.text.contains("import Nimble"))
  }

  @Test(arguments: [
    ("expect(a).to(beVoid())", "left as Nimble's: `beVoid` has no matcher in Assay"),
    (
      "expect(a, file: file, line: line).to(equal(1))",
      "left as Nimble's: `expect` with `file:`, `line:` or several arguments is not converted: "
        + "pass the location on with Assay's `fileID:filePath:line:column:`"
    ),
    (
      "expect(await a.value).to(equal(1))",
      "left as Nimble's: the value awaits, and Assay's assertions take a value that does not"
    ),
    (
      "expect { let x = 1; return x }.to(equal(1))",
      "left as Nimble's: `expect { ... }` whose body is not one expression (several "
        + "statements, a `throw`, a signature) is not converted"
    ),
    // One statement, but no expression: the note said "more than one expression".
    (
      "expect { throw Failure.bad }.to(throwError())",
      "left as Nimble's: `expect { ... }` whose body is not one expression (several "
        + "statements, a `throw`, a signature) is not converted"
    ),
    (
      "expect(a).toNever(equal(1))",
      "left as Nimble's: `toNever` is not converted; use Assay's `continually`"
    ),
  ])
  func anExpectationWithoutACounterpartStaysNimblesWithANote(nimble: String, note: String) throws {
    let result = try expectation(nimble)
    #expect(result.notes == [MigrationResult.Note(line: 7, message: note)])
    #expect(result.text.contains(nimble))
    #expect(result.text.contains("import Nimble"), "the expectation still needs it")
    #expect(!result.text.contains("import Quick"))
  }

  @Test func suiteHooksBecomeGroupHooksAndTheHostFinishesTheSpec() throws {
    let result = try migrated(
      """
      final class S: QuickSpec {
        override class func spec() {
          beforeSuite { Database.open() }
          afterSuite { Database.close() }
          it("x") {}
        }
      }
      """)
    #expect(result.text.contains("beforeAll { Database.open() }"))
    #expect(result.text.contains("afterAll { Database.close() }"))
    #expect(result.text.contains("@Test(.finishesSpec, arguments: examples)"))
  }

  /// Quick's `runExample()` is synchronous; Assay's is awaited.
  @Test func aroundEachAwaitsTheExample() throws {
    let result = try migrated(
      """
      final class S: QuickSpec {
        override class func spec() {
          aroundEach { runExample in
            Log.start()
            runExample()
            Log.stop()
          }
          it("x") {}
        }
      }
      """)
    #expect(
      result.text.contains(
        """
            aroundEach { runExample in
              Log.start()
              try await runExample()
              Log.stop()
            }
        """), "\(result.text)")
    #expect(try migrated(result.text).text == result.text)
  }

  @Test func classHelpersBecomeStatic() throws {
    let result = try migrated(
      """
      class S: QuickSpec {
        class func make() -> Int { 1 }
        override func spec() {
          it("x") { expect(S.make()) == 1 }
        }
      }
      """)
    #expect(result.text.contains("  static func make() -> Int { 1 }"), "\(result.text)")
    #expect(result.text.contains("  static func spec() {"))
  }

  @Test(arguments: [
    (
      "sharedExamples(\"a thing\") { _ in }",
      "`sharedExamples` in a spec has no direct form in Assay: declare shared examples in a "
        + "QuickConfiguration (or as SharedExamples) and run again"
    ),
    (
      "itBehavesLike(\"a thing\")",
      "itBehavesLike names shared examples that no QuickConfiguration of the files read "
        + "declares alone in its configure (by a literal name): pass its file too, or write "
        + "them as SharedExamples and run again"
    ),
    (
      "fitBehavesLike(\"a thing\")",
      "fitBehavesLike names shared examples that no QuickConfiguration of the files read "
        + "declares alone in its configure (by a literal name): pass its file too, or write "
        + "them as SharedExamples and run again"
    ),
    (
      "beforeEach { metadata in print(metadata) }",
      "`beforeEach` reads the example's metadata, which Assay's hooks do not pass"
    ),
    (
      "aroundEach { run, metadata in run() }",
      "`aroundEach` reads the example's metadata, which Assay's hooks do not pass"
    ),
    (
      "it(\"x\") { self.helper() }",
      "spec() uses `self`, the spec instance; an Assay spec's spec() is static"
    ),
  ])
  func aSpecWithoutASafeFormIsLeftWithOneNote(body: String, note: String) throws {
    let source = """
      import Quick

      final class S: QuickSpec {
        override func spec() {
          \(body)
        }
      }
      """
    let result = try migrated(source)
    #expect(result.notes == [MigrationResult.Note(line: 3, message: note)])
    #expect(result.suites == 0)
    #expect(result.text.contains("// assay-migrate: \(note)\nfinal class S: QuickSpec {"))
    #expect(result.text.contains("import Quick"))
  }

  /// Shared examples registered by name in a `QuickConfiguration` become Assay's
  /// `SharedExamples` values, which `itBehavesLike` names, across the run's files.
  @Test func sharedExamplesByNameBecomeValues() throws {
    var shared = QuickSharedExamples()
    let configuration = """
      import Quick

      class EdibleConfiguration: QuickConfiguration {
        override class func configure(_ configuration: QCKConfiguration) {
          sharedExamples("something edible") { (context: @escaping SharedExampleContext) in
            it("is eaten") {
              expect(context()["edible"] as? Int) == 3
            }
          }
          sharedExamples("a thing") {
            it("exists") {}
          }
        }
      }
      """
    shared.read(configuration)
    let holder = try QuickMigration.migrate(configuration, path: "E.swift", shared: shared)
    #expect(
      holder.text == """
        import Assay
        import Testing

        enum EdibleConfiguration: Spec {
          static func spec() {}

          /// Quick's shared examples "something edible".
          static let somethingEdible = SharedExamples<[String: Any]>("something edible") {
            context in
            it("is eaten") {
              assertEqual(context()["edible"] as? Int, 3)
            }
          }

          /// Quick's shared examples "a thing".
          static let aThing = SharedExamples<[String: Any]>("a thing") {
            _ in
            it("exists") {}
          }
        }
        """, "\(holder.text)")
    let spec = try QuickMigration.migrate(
      """
      import Quick

      final class FishSpec: QuickSpec {
        override class func spec() {
          itBehavesLike("something edible") { ["edible": 3] }
          itBehavesLike("a thing")
          fitBehavesLike("a thing")
          xitBehavesLike("something edible") { ["edible": 4] }
        }
      }
      """, path: "F.swift", shared: shared)
    #expect(
      spec.text.contains(
        """
            itBehavesLike(EdibleConfiguration.somethingEdible) { ["edible": 3] }
            itBehavesLike(EdibleConfiguration.aThing) { [:] }
            fitBehavesLike(EdibleConfiguration.aThing) { [:] }
            xitBehavesLike(EdibleConfiguration.somethingEdible) { ["edible": 4] }
        """), "\(spec.text)")
    #expect(spec.notes == [])
  }

  /// A `Behavior<Context>` becomes typed `SharedExamples`, which `itBehavesLike(X.self)` names.
  @Test func behaviorsBecomeTypedSharedExamples() throws {
    var shared = QuickSharedExamples()
    let behavior = """
      class EdibleBehavior: Behavior<Fish> {
        override class func spec(_ aContext: @escaping () -> Fish) {
          it("is eaten") {
            expect(aContext().isEdible) == true
          }
          it("weighs enough") {
            expect(aContext().weight) == minimumWeight()
          }
        }

        /// The weight of the smallest edible fish.
        class func minimumWeight() -> Int {
          expect(1) == 1
          return 1
        }
      }
      """
    shared.read(behavior)
    let holder = try QuickMigration.migrate(behavior, path: "E.swift", shared: shared)
    #expect(
      holder.text == """
        enum EdibleBehavior: Spec {
          static func spec() {}

          /// Quick's behaviour `EdibleBehavior`, as shared examples.
          static let behavior = SharedExamples<Fish>("EdibleBehavior") {
            aContext in
            it("is eaten") {
              assertEqual(aContext().isEdible, true)
            }
            it("weighs enough") {
              assertEqual(aContext().weight, minimumWeight())
            }
          }

          /// The weight of the smallest edible fish.
          static func minimumWeight() -> Int {
            assertEqual(1, 1)
            return 1
          }
        }
        """, "\(holder.text)")
    let spec = try QuickMigration.migrate(
      """
      final class FishSpec: QuickSpec {
        override class func spec() {
          itBehavesLike(EdibleBehavior.self) { Fish() }
          fitBehavesLike(EdibleBehavior.self) { Fish() }
          xitBehavesLike(EdibleBehavior.self) { Fish() }
        }
      }
      """, path: "F.swift", shared: shared)
    #expect(
      spec.text.contains(
        """
            itBehavesLike(EdibleBehavior.behavior) { Fish() }
            fitBehavesLike(EdibleBehavior.behavior) { Fish() }
            xitBehavesLike(EdibleBehavior.behavior) { Fish() }
        """), "\(spec.text)")
    #expect(spec.notes == [])
  }

  /// A configuration that does more than declare shared examples stays Quick's.
  @Test func aConfigurationWithMoreThanSharedExamplesIsLeft() throws {
    var shared = QuickSharedExamples()
    let configuration = """
      class Setup: QuickConfiguration {
        override class func configure(_ configuration: QCKConfiguration) {
          configuration.beforeEach { reset() }
          sharedExamples("a thing") { it("exists") {} }
        }
      }
      """
    shared.read(configuration)
    let result = try QuickMigration.migrate(configuration, path: "S.swift", shared: shared)
    #expect(result.text == configuration)
  }

  @Test func instanceMembersLeaveTheSpec() throws {
    let result = try migrated(
      """
      final class S: QuickSpec {
        let shared = 1
        override func spec() {}
      }
      """)
    #expect(
      result.notes == [
        MigrationResult.Note(
          line: 1,
          message: "the spec has instance members, which an Assay spec's static spec() cannot "
            + "reach; make them static (or local to spec()) and run again")
      ])
  }

  @Test func aFileThatDoesNotParseIsAnErrorNamingItsLine() {
    #expect(
      throws: RunError("S.swift:2: error: this file does not parse; it was left as it is")
    ) {
      try migrated("final class S: QuickSpec {\n  override func spec( {\n}")
    }
  }

  @Test func aFileWithoutSpecsOrExpectationsIsUnchanged() throws {
    let source = "import Foundation\n\nstruct Helper {}\n"
    #expect(try migrated(source) == MigrationResult(text: source))
  }
}
