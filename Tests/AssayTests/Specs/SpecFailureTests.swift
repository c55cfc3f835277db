import Testing
import XCTest

@testable import Assay

/// Runs all of `spec`'s examples and returns the failures Swift Testing recorded.
private func failures(of spec: any Spec.Type) async throws -> [RecordedFailure] {
  try await recordedIssues { try await runAll(spec) }
}

/// Failing examples, hooks and declarations, hosted in Swift Testing: each failure has the
/// message users see and points at the line of the assertion, hook or declaration.
@Suite(.serialized) struct SwiftTestingSpecFailureTests {
  @Test func aFailingAssertionPointsAtItsLine() async throws {
    let recorded = try await failures(of: FailingExampleSpec.self)
    #expect(
      recorded == [
        RecordedFailure(
          message: "assertEqual failed: 1 is not equal to 0", fileName: "FailingSpecs.swift",
          line: FailingExampleSpec.assertionLine),
        RecordedFailure(
          message: "\"a gauge, loads\": threw Offline: the network is offline",
          fileName: "FailingSpecs.swift", line: FailingExampleSpec.throwingLine),
      ])
  }

  @Test func aThrowingBeforeEachSkipsTheExampleButNotAfterEach() async throws {
    FailingHookSpec.log.removeAll()
    let recorded = try await failures(of: FailingHookSpec.self)
    #expect(
      recorded == [
        RecordedFailure(
          message: "\"a store, saves\": beforeEach threw Offline: the network is offline",
          fileName: "FailingSpecs.swift", line: FailingHookSpec.hookLine)
      ])
    #expect(FailingHookSpec.log.all == ["afterEach"])
  }

  @Test func anAroundEachThatNeverRunsTheExampleFails() async throws {
    let recorded = try await failures(of: ForgetfulAroundSpec.self)
    #expect(
      recorded == [
        RecordedFailure(
          message: "\"a cache, evicts\": aroundEach never called run(): the example did not run",
          fileName: "FailingSpecs.swift", line: ForgetfulAroundSpec.hookLine)
      ])
    #expect(ForgetfulAroundSpec.log.all.contains("example") == false)
  }

  @Test func aThrowingBeforeAllFailsTheGroupsExamples() async throws {
    let recorded = try await failures(of: FailingBeforeAllSpec.self)
    #expect(
      recorded == [
        RecordedFailure(
          message:
            "\"a server, serves\": beforeAll threw Offline: the network is offline; the example did not run",
          fileName: "FailingSpecs.swift", line: FailingBeforeAllSpec.hookLine)
      ])
  }

  @Test func aBeforeAllValueReadOutsideItsGroupFailsSayingWhy() async throws {
    let recorded = try await failures(of: BorrowedValueSpec.self)
    #expect(
      recorded == [
        RecordedFailure(
          message: "\"a client, borrows the server\": threw SpecValueUnavailable: this beforeAll "
            + "value is only available to the examples and hooks of the group that declares it",
          fileName: "FailingSpecs.swift", line: BorrowedValueSpec.exampleLine)
      ])
  }

  @Test func failuresInsideAStepNameIt() async throws {
    let recorded = try await failures(of: SteppedSpec.self)
    #expect(
      recorded == [
        RecordedFailure(
          message: "assertTrue failed: the condition is false\n(in step: Then it asks to log in)",
          fileName: "FailingSpecs.swift", line: SteppedSpec.assertionLine),
        RecordedFailure(
          message: "When accept is tapped: threw Offline: the network is offline",
          fileName: "FailingSpecs.swift", line: SteppedSpec.stepLine),
      ])
  }

  @Test func anExpectedCallThatNeverCameFailsWhenTheExampleEnds() async throws {
    let recorded = try await failures(of: ExpectingSpec.self)
    #expect(
      recorded == [
        RecordedFailure(
          message: """
            expectCalls failed: expected MockPeopleStore.save("John") to be called once, but it \
            was called 0 times
            calls to MockPeopleStore:
            1. save("Jane")
            """,
          fileName: "FailingSpecs.swift", line: ExpectingSpec.expectationLine)
      ])
  }

  @Test func misusesAreListedAsFailingCasesAtTheirLines() async throws {
    let examples = MisusedSpec.examples
    #expect(
      examples.map(\.name) == [
        "misuse, comes first", "misuse, twice, says hello", "misuse, twice, says hello",
        "MisusedSpec: line \(MisusedSpec.lateHookLine)",
        "MisusedSpec: line \(MisusedSpec.emptyLine)",
        "MisusedSpec: line \(MisusedSpec.duplicateLine)",
      ])
    let recorded = try await failures(of: MisusedSpec.self)
    #expect(
      recorded == [
        RecordedFailure(
          message: """
            MisusedSpec: beforeEach in "misuse" comes after its examples: declare hooks \
            before the examples and groups they run around
            """,
          fileName: "FailingSpecs.swift", line: MisusedSpec.lateHookLine),
        RecordedFailure(
          message: """
            MisusedSpec: "misuse, nothing here" has no examples: add an `it`, or remove it
            """,
          fileName: "FailingSpecs.swift", line: MisusedSpec.emptyLine),
        RecordedFailure(
          message: """
            MisusedSpec: two examples are named "misuse, twice, says hello" (lines \
            \(MisusedSpec.duplicateLine - 1) and \(MisusedSpec.duplicateLine)): give them \
            different names so that each result says which one ran
            """,
          fileName: "FailingSpecs.swift", line: MisusedSpec.duplicateLine),
      ])
  }

  /// Every kind of hook says its name when declared late, and the spec's own level is "the
  /// spec".
  @Test func lateHooksOfEachKindAreListedAsMisusesAtTheirLines() async throws {
    let kinds = [
      "beforeEach", "justBeforeEach", "afterEach", "afterAll", "aroundEach", "beforeAll",
    ]
    let recorded = try await failures(of: LateHooksSpec.self)
    #expect(
      recorded
        == kinds.enumerated().map { offset, kind in
          RecordedFailure(
            message: "LateHooksSpec: \(kind) in the spec comes after its examples: declare "
              + "hooks before the examples and groups they run around",
            fileName: "FailingSpecs.swift", line: LateHooksSpec.firstLine + offset)
        })
  }

  /// A throwing hook is reported under its own kind; a `beforeEach` or `justBeforeEach` stops
  /// the hooks after it and the example, an `afterEach` or `afterAll` stops nothing.
  @Test func aThrowingHookNamesItsKindAndStopsOnlyWhatComesBeforeTheExample() async throws {
    ThrowingHooksSpec.log.removeAll()
    let recorded = try await failures(of: ThrowingHooksSpec.self)
    let offline = "threw Offline: the network is offline"
    #expect(
      recorded == [
        RecordedFailure(
          message: "\"a beforeEach, runs\": beforeEach \(offline)", fileName: "FailingSpecs.swift",
          line: ThrowingHooksSpec.beforeEachLine),
        RecordedFailure(
          message: "\"a justBeforeEach, runs\": justBeforeEach \(offline)",
          fileName: "FailingSpecs.swift", line: ThrowingHooksSpec.justBeforeEachLine),
        RecordedFailure(
          message: "\"an afterEach, runs\": afterEach \(offline)", fileName: "FailingSpecs.swift",
          line: ThrowingHooksSpec.afterEachLine),
        RecordedFailure(
          message: "\"an afterAll, runs\": afterAll \(offline)", fileName: "FailingSpecs.swift",
          line: ThrowingHooksSpec.afterAllLine),
      ])
    #expect(
      ThrowingHooksSpec.log.all == [
        "example before afterEach", "second afterEach", "example before afterAll",
        "second afterAll",
      ])
  }

  /// An example that `spec()` names otherwise when it runs than when it was listed fails at
  /// its line, and does not run in the place of the one listed.
  @Test func anExampleDeclaredOtherwiseWhenItRunsFails() async throws {
    ChangingSpec.log.removeAll()
    let recorded = try await failures(of: ChangingSpec.self)
    #expect(
      recorded == [
        RecordedFailure(
          message: "ChangingSpec declared other examples when it ran \"a changing spec, run 1\" "
            + "than when it listed them: a spec must declare the same groups and examples "
            + "every time spec() runs",
          fileName: "FailingSpecs.swift", line: ChangingSpec.exampleLine)
      ])
  }

  @Test func anItInsideARunningExampleFailsAndDoesNotRun() async throws {
    let recorded = try await failures(of: NestedItSpec.self)
    #expect(
      recorded == [
        RecordedFailure(
          message: """
            it("inner") is inside the running example "outer, has an inner it": examples \
            cannot declare examples, groups or hooks; move it into a describe or context
            """,
          fileName: "FailingSpecs.swift", line: NestedItSpec.innerLine)
      ])
    #expect(NestedItSpec.log.all == [])
  }

  /// The DSL is scoped to `Spec`, but a spec type's helper can still call it outside `spec()`:
  /// every declaration then fails, naming itself, and declares nothing.
  @Test(arguments: OutsideDeclaration.all)
  func aDeclarationOutsideASpecFails(_ declaration: OutsideDeclaration) throws {
    let recorded = try recordedIssues { declaration.declare() }
    #expect(
      recorded == [
        RecordedFailure(
          message: "\(declaration.name) is outside a spec: declare it inside the `spec()` of a "
            + "type conforming to Spec",
          fileName: "SpecFailureTests.swift", line: declaration.line)
      ])
  }

  /// A spec whose only declaration is a misuse lists that misuse, not also "declares no
  /// examples": one failure for one mistake.
  @Test func aSpecWithOnlyAMisuseListsTheMisuseAlone() {
    #expect(
      OnlyAMisuseSpec.examples.map(\.name) == [
        "OnlyAMisuseSpec: line \(OnlyAMisuseSpec.emptyLine)"
      ])
  }

  /// A step that throws inside another step is reported once, by the step that threw; the
  /// step around it passes the end of the example on without a failure of its own.
  @Test func aThrowingStepInsideAStepIsReportedOnce() async throws {
    let recorded = try await recordedIssues {
      await #expect(throws: SpecStep.Failed.self) {
        try await OnlyAMisuseSpec.given("a logged-in user") {
          try await OnlyAMisuseSpec.when("the network drops") { throw Offline() }
        }
      }
    }
    #expect(
      recorded.map(\.message) == [
        "When the network drops: threw Offline: the network is offline\n(in step: Given a "
          + "logged-in user)"
      ])
  }

  @Test func aSpecWithoutExamplesFails() async throws {
    #expect(EmptySpec.examples.map(\.name) == ["EmptySpec declares no examples"])
    let recorded = try await failures(of: EmptySpec.self)
    #expect(
      recorded.map(\.message) == [
        "EmptySpec declares no examples: add describe and it to its spec()"
      ])
  }
}

/// The same failures when the examples run inside an `XCTestCase`: XCTest records them, and
/// each message names the example, since XCTest shows only the test method's name.
final class XCTestSpecFailureTests: FailureCapturingTestCase {
  func testAFailingAssertionNamesTheExampleAndPointsAtItsLine() async throws {
    let recorded = try await recordedFailuresAwaiting { try await runAll(FailingExampleSpec.self) }
    XCTAssertEqual(
      recorded,
      [
        RecordedFailure(
          message: "assertEqual failed: 1 is not equal to 0\n(in example: a gauge, reads zero)",
          fileName: "FailingSpecs.swift", line: FailingExampleSpec.assertionLine),
        RecordedFailure(
          message:
            "\"a gauge, loads\": threw Offline: the network is offline\n(in example: a gauge, loads)",
          fileName: "FailingSpecs.swift", line: FailingExampleSpec.throwingLine),
      ])
  }

  func testAThrowingBeforeEachFails() async throws {
    let recorded = try await recordedFailuresAwaiting { try await runAll(FailingHookSpec.self) }
    XCTAssertEqual(
      recorded.map(\.line), [FailingHookSpec.hookLine])
    XCTAssertEqual(
      recorded.first?.message,
      "\"a store, saves\": beforeEach threw Offline: the network is offline\n(in example: a store, saves)"
    )
  }
}

/// A declaration of the spec DSL made outside a spec, at `line`.
struct OutsideDeclaration: Sendable, CustomTestStringConvertible {
  let name: String
  let line: Int
  let declare: @Sendable () -> Void

  init(_ name: String, line: Int = #line, _ declare: @escaping @Sendable () -> Void) {
    self.name = name
    self.line = line
    self.declare = declare
  }

  var testDescription: String { name }

  static let behaviour = SharedExamples<Void>("a float") { _ in }
  static let counting = SharedExamples<Int>("a count") { _ in }

  static let all = [
    OutsideDeclaration(#"it("floats")"#) { NestedSpec.it("floats") {} },
    OutsideDeclaration(#"fit("floats")"#) { NestedSpec.fit("floats") {} },
    OutsideDeclaration(#"xit("floats")"#) { NestedSpec.xit("floats") {} },
    OutsideDeclaration(#"describe("a float")"#) { NestedSpec.describe("a float") {} },
    OutsideDeclaration(#"fdescribe("a float")"#) { NestedSpec.fdescribe("a float") {} },
    OutsideDeclaration(#"xdescribe("a float")"#) { NestedSpec.xdescribe("a float") {} },
    OutsideDeclaration(#"context("a float")"#) { NestedSpec.context("a float") {} },
    OutsideDeclaration(#"fcontext("a float")"#) { NestedSpec.fcontext("a float") {} },
    OutsideDeclaration(#"xcontext("a float")"#) { NestedSpec.xcontext("a float") {} },
    OutsideDeclaration(#"itBehavesLike("behaves like a float")"#, line: #line + 1) {
      NestedSpec.itBehavesLike(behaviour)
    },
    OutsideDeclaration(#"itBehavesLike("behaves like a count")"#, line: #line + 1) {
      NestedSpec.itBehavesLike(counting) { 1 }
    },
    OutsideDeclaration(#"fitBehavesLike("behaves like a count")"#, line: #line + 1) {
      NestedSpec.fitBehavesLike(counting) { 1 }
    },
    OutsideDeclaration(#"xitBehavesLike("behaves like a count")"#, line: #line + 1) {
      NestedSpec.xitBehavesLike(counting) { 1 }
    },
    OutsideDeclaration("beforeEach") { NestedSpec.beforeEach {} },
    OutsideDeclaration("justBeforeEach") { NestedSpec.justBeforeEach {} },
    OutsideDeclaration("afterEach") { NestedSpec.afterEach {} },
    OutsideDeclaration("afterAll") { NestedSpec.afterAll {} },
    OutsideDeclaration("aroundEach") { NestedSpec.aroundEach { run in try await run() } },
    OutsideDeclaration(#"pending("floats")"#) { NestedSpec.pending("floats") },
    OutsideDeclaration("beforeAll") { NestedSpec.beforeAll { 1 } },
  ]
}
