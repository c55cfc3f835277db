import Assay
import Foundation
import Testing
import XCTest

/// Tests that fail on purpose. They run only in the child process that `EndToEndTests`
/// starts with `ASSAY_RUN_FIXTURES=1`; in a normal run they are skipped.
enum RoutingFixture {
  static let isRunning = ProcessInfo.processInfo.environment["ASSAY_RUN_FIXTURES"] == "1"
  static let filePath = #filePath
}

final class RoutingFixtureXCTests: XCTestCase {
  override class func setUp() {
    super.setUp()
    // No test case runs during a class's setUp: XCTest would drop an XCTFail here.
    if RoutingFixture.isRunning {
      fail("outside any test")
      _ = try? unwrap(Int?.none, "unwrapped outside any test")
    }
  }

  override func setUpWithError() throws {
    guard RoutingFixture.isRunning else {
      throw XCTSkip("fixture: runs only in EndToEndTests' child process")
    }
  }

  func testAssertEqualFails() {
    assertEqual(1, 2, "xctest fixture")
  }

  func testUnwrapEndsTheTest() throws {
    _ = try unwrap(Int?.none, "xctest fixture")
    fail("unreachable after unwrap")
  }

  func testFailFromAnotherThread() {
    let done = expectation(description: "thread finished")
    Thread.detachNewThread {
      fail("from another thread")
      done.fulfill()
    }
    wait(for: [done], timeout: 10)
  }

  func testExpectedCallNeverCame() {
    let store = MockPeopleStore()
    expectCalls(CallPattern(store.calls, "save(_:)", .equal("John")))
    expectCalls(CallPattern(store.calls, "save(_:)", .equal("Jane")))  // met: no failure
    store.save("Jane")
  }
}

/// Run alone, its one test holds the process's first Assay failure, inside a running test.
final class FirstFailureFixtureXCTests: XCTestCase {
  override func setUpWithError() throws {
    guard RoutingFixture.isRunning else {
      throw XCTSkip("fixture: runs only in EndToEndTests' child process")
    }
  }

  func testTheFirstFailureOfTheProcess() {
    assertEqual(1, 2, "first of the process")
  }
}

@Suite(.enabled(if: RoutingFixture.isRunning, "fixture: runs only in EndToEndTests' child process"))
struct RoutingFixtures {
  @Test func assertEqualFails() {
    assertEqual(1, 2, "swift testing fixture")
  }

  @Test func unwrapEndsTheTest() throws {
    _ = try unwrap(Int?.none, "first person")
    fail("unreachable after unwrap")
  }

  @Test func awaitCallbackTimeoutEndsTheTest() async throws {
    _ = try await awaitCallback(timeout: .milliseconds(20)) {
      (_: @escaping @Sendable (Int) -> Void) in
    }
    fail("unreachable after awaitCallback")
  }

  @Test func awaitFirstElementTimeoutEndsTheTest() async throws {
    let (changes, continuation) = AsyncStream.makeStream(of: Int.self)
    defer { continuation.finish() }
    _ = try await awaitFirstElement(of: changes, timeout: .milliseconds(20))
    fail("unreachable after awaitFirstElement")
  }

  @Test func awaitFirstElementOfAnEmptySequenceEndsTheTest() async throws {
    let (changes, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.finish()
    _ = try await awaitFirstElement(of: changes, timeout: .seconds(600))
    fail("unreachable after awaitFirstElement of an empty sequence")
  }

  @Test(.verifiesCallExpectations) func expectedCallNeverCame() {
    let store = MockPeopleStore()
    expectCalls(CallPattern(store.calls, "save(_:)", .equal("Ada")))
    expectCalls(CallPattern(store.calls, "save(_:)", .equal("Jane")))  // met: no failure
    store.save("Jane")
  }

  @Test func failFromDetachedTask() async {
    await Task.detached { fail("from a detached task") }.value
  }
}

/// `.verifiesCallExpectations` given to a suite verifies each of its tests when that test ends.
@Suite(.enabled(if: RoutingFixture.isRunning), .verifiesCallExpectations)
struct CallExpectationSuiteFixtures {
  @Test func expectedCallNeverCameInASuite() {
    let store = MockPeopleStore()
    expectCalls(CallPattern(store.calls, "save(_:)", .equal("Grace")))
  }

  @Test func expectedCallCameInASuite() {
    let store = MockPeopleStore()
    expectCalls(CallPattern(store.calls, "save(_:)", .equal("Ada")))
    store.save("Ada")
  }
}

/// A spec hosted as users host theirs, with examples that fail on purpose.
@Suite(.enabled(if: RoutingFixture.isRunning))
struct RoutingFixtureSpec: Spec {
  static func spec() {
    describe("routing spec") {
      it("passes") { assertTrue(true) }
      context("when broken") {
        it("fails at its assertion") { assertEqual("spec", "fixture") }
        it("ends at unwrap") {
          _ = try unwrap(Int?.none, "spec fixture")
          fail("unreachable after unwrap in a spec")
        }
      }
      it("passes after the others") { assertTrue(true) }
    }
  }

  @Test(arguments: examples) func example(_ example: SpecExample) async throws {
    try await example.run()
  }
}

/// A spec with a focused example: a warning locally, a failure on CI.
@Suite(.enabled(if: RoutingFixture.isRunning))
struct FocusFixtureSpec: Spec {
  static func spec() {
    describe("focus fixture") {
      fit("runs") { assertTrue(true) }
      it("is left out") { fail("a left-out example ran") }
    }
  }

  @Test(arguments: examples) func example(_ example: SpecExample) async throws {
    try await example.run()
  }
}

/// A spec whose host test runs only some of its examples, without `.finishesSpec`: three
/// groups' `afterAll` hooks, the spec's own among them, never run.
@Suite(.enabled(if: RoutingFixture.isRunning))
struct UnfinishedFixtureSpec: Spec {
  static func spec() {
    afterAll {}
    describe("unfinished") {
      afterAll {}
      it("runs") {}
      it("is left out") {}
      context("inner") {
        afterAll {}
        it("runs too") {}
        it("is left out too") {}
      }
    }
  }

  @Test func runsTwoExamplesOfFour() async throws {
    let examples = Self.examples
    try await examples[0].run()
    try await examples[2].run()
  }
}

/// A broken contract applied in the two documented ways; where do its failures point?
@Suite(.enabled(if: RoutingFixture.isRunning))
struct ContractLineFixtures {
  @Test(arguments: Contract.checks(.equatable(LooseMoney.self)))
  func appliedInTheAttribute(_ check: ContractCheck) async throws {
    try await check.run()
  }

  static let looseMoney = Contract.checks(.equatable(LooseMoney.self))

  @Test(arguments: looseMoney)
  func appliedInAProperty(_ check: ContractCheck) async throws {
    try await check.run()
  }
}
