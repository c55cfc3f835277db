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

  /// The DSL is scoped to `Spec`, but a spec type's helper can still call it outside `spec()`.
  @Test func aDeclarationOutsideASpecFails() throws {
    let line = #line + 2
    let recorded = try recordedIssues {
      NestedSpec.it("floats") {}
    }
    #expect(
      recorded == [
        RecordedFailure(
          message: """
            it("floats") is outside a spec: declare it inside the `spec()` of a type \
            conforming to Spec
            """,
          fileName: "SpecFailureTests.swift", line: line)
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
