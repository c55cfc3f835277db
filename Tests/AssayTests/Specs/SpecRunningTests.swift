import Foundation
import Testing

@testable import Assay

/// Counts what specs actually run, so that an example skipped silently fails a test.
/// Serialized, because the tests share the fixtures' logs.
@Suite(.serialized) struct SpecRunningTests {
  @Test func everyNestedAndSharedExampleRunsOnceUnderItsFullName() async throws {
    NestedSpec.log.removeAll()
    let examples = try await runAll(NestedSpec.self)

    #expect(
      examples.map(\.name) == [
        "Wireframe, exists",
        "Wireframe, first screen, user is not logged in, asks to log in",
        "Wireframe, first screen, user is logged in, shows the second screen",
        "Wireframe, first screen, user is logged in, remembers the user",
        "Wireframe, behaves like a counter, starts where it was told",
        "Wireframe, works offline",
      ])
    #expect(
      NestedSpec.log.all == ["exists", "asks to log in", "shows the second screen", "shared: 3"])
  }

  @Test func pendingExamplesAreListedAsPendingAndNeverRun() async throws {
    let pending = NestedSpec.examples.filter {
      if case .pending = $0.kind { return true } else { return false }
    }
    #expect(
      pending.map(\.name) == [
        "Wireframe, first screen, user is logged in, remembers the user",
        "Wireframe, works offline",
      ])
    NestedSpec.log.removeAll()
    for example in pending { try await example.run() }
    #expect(NestedSpec.log.all == [])
  }

  @Test func hooksRunOuterFirstAroundTheExample() async throws {
    HookOrderSpec.log.removeAll()
    try await runAll(HookOrderSpec.self)

    #expect(
      HookOrderSpec.log.all == [
        "outer around: before",
        "outer beforeEach",
        "inner beforeEach",
        "outer justBeforeEach",
        "inner justBeforeEach",
        "example",
        "inner afterEach",
        "outer afterEach",
        "outer around: after",
      ])
  }

  @Test func everyExampleStartsFromFreshState() async throws {
    FreshStateSpec.log.removeAll()
    try await runAll(FreshStateSpec.self)

    #expect(FreshStateSpec.log.all == ["first: 1", "second: 1"])
  }

  @Test func beforeAllRunsOnceAndAfterAllAfterTheLastExample() async throws {
    OnceHooksSpec.log.removeAll()
    try await runAll(OnceHooksSpec.self)

    #expect(
      OnceHooksSpec.log.all == [
        "beforeAll",
        "a uses server #1",
        "b uses server #1",
        "afterAll with server #1",
      ])
  }

  /// A runner that runs one example of two: without the trait the `afterAll` is pending and
  /// reported at exit; with it, it runs when the host test ends.
  @Test func afterAllRunsWhenTheHostTestEndsIfOnlySomeExamplesRan() async throws {
    PartlyRunSpec.log.removeAll()
    let examples = PartlyRunSpec.examples
    try await examples[0].run()
    #expect(PartlyRunSpec.log.all == ["beforeAll", "a"])
    #expect(
      PendingAfterAll.shared.unfinished == [
        "warning: afterAll of \"partly run\" did not run: 1 of its 2 examples ran. Give the "
          + "spec's host test the .finishesSpec trait to run afterAll when a runner runs only "
          + "some examples."
      ])
    try await examples[1].run()  // the last listed example finishes the group as usual
    #expect(PartlyRunSpec.log.all == ["beforeAll", "a", "b", "afterAll with server"])
    #expect(PendingAfterAll.shared.unfinished.isEmpty)

    PartlyRunSpec.log.removeAll()
    let test = try #require(Test.current)
    try await FinishesSpecTrait().provideScope(for: test, testCase: nil) {
      try await PartlyRunSpec.examples[1].run()
    }
    #expect(PartlyRunSpec.log.all == ["beforeAll", "b", "afterAll with server"])
    #expect(PendingAfterAll.shared.unfinished.isEmpty)
  }

  /// The trait scopes the whole host test, not each of its cases: a case that leaves its
  /// group's `afterAll` to a later case does not run it.
  @Test func afterAllRunsOnceWhenTheHostTestsCasesEachEnd() async throws {
    PartlyRunSpec.log.removeAll()
    let test = try #require(Test.current)
    let testCase = try #require(Test.Case.current)
    let examples = PartlyRunSpec.examples
    try await FinishesSpecTrait().provideScope(for: test, testCase: nil) {
      for example in examples {
        try await FinishesSpecTrait().provideScope(for: test, testCase: testCase) {
          try await example.run()
        }
      }
    }
    #expect(PartlyRunSpec.log.all == ["beforeAll", "a", "b", "afterAll with server"])
  }

  /// A host test that throws still finishes what its examples left pending, and its error is
  /// not lost.
  @Test func afterAllRunsWhenTheHostTestThrows() async throws {
    struct HostFailed: Error {}
    PartlyRunSpec.log.removeAll()
    let test = try #require(Test.current)
    let examples = PartlyRunSpec.examples
    await #expect(throws: HostFailed.self) {
      try await FinishesSpecTrait().provideScope(for: test, testCase: nil) {
        try await examples[0].run()
        throw HostFailed()
      }
    }
    #expect(PartlyRunSpec.log.all == ["beforeAll", "a", "afterAll with server"])
    #expect(PendingAfterAll.shared.unfinished.isEmpty)
  }

  /// The same listed examples run twice (a runner repeating a test): the `beforeAll` and
  /// `afterAll` run around each round.
  @Test func onceHooksRunAgainWhenTheListedExamplesRunAgain() async throws {
    OnceHooksSpec.log.removeAll()
    let examples = OnceHooksSpec.examples
    for example in examples + examples { try await example.run() }
    #expect(
      OnceHooksSpec.log.all == [
        "beforeAll", "a uses server #1", "b uses server #1", "afterAll with server #1",
        "beforeAll", "a uses server #5", "b uses server #5", "afterAll with server #5",
      ])
  }

  /// A group with a `beforeAll` and no `afterAll` leaves nothing to report when only some of
  /// its examples run.
  @Test func aGroupWithoutAfterAllLeavesNothingPending() async throws {
    BeforeAllOnlySpec.log.removeAll()
    let examples = BeforeAllOnlySpec.examples
    try await examples[0].run()
    #expect(BeforeAllOnlySpec.log.all == ["a uses server"])
    #expect(!PendingAfterAll.shared.unfinished.contains { $0.contains("set up once") })
    try await examples[1].run()
  }

  /// Hooks and examples declared in `spec()` itself run like those of a group, and an example
  /// there is not mistaken for one of a group's with the same index.
  @Test func hooksAndExamplesOutsideAnyGroupRun() async throws {
    RootLevelSpec.log.removeAll()
    let examples = try await runAll(RootLevelSpec.self)
    #expect(examples.map(\.name) == ["a group, first", "a group, second", "sits at the root"])
    #expect(
      RootLevelSpec.log.all == [
        "root beforeEach", "group first", "root beforeEach", "group second", "root beforeEach",
        "root example",
      ])
  }

  /// An example that the test library ends (`#require`) ends its host test, after its
  /// `afterEach` ran: the error is passed on, not swallowed as a failure of the example.
  @Test func anExampleEndedByTheTestLibraryEndsItsHostTest() async throws {
    EndedByTheTestLibrarySpec.log.removeAll()
    let example = try #require(EndedByTheTestLibrarySpec.examples.first)
    let ended = Locked<(any Error)?>(nil)
    let recorded = try await recordedIssues {
      do { try await example.run() } catch { ended.withLock { $0 = error } }
    }
    #expect(recorded.map(\.message) == ["the log already holds the example"])
    #expect(ended.withLock { $0.map(isTestLibraryError) } == true)
    #expect(EndedByTheTestLibrarySpec.log.all == ["example", "afterEach"])
  }

  @Test func beforeAllRunsOnceWhenExamplesRunInParallel() async throws {
    OnceHooksSpec.log.removeAll()
    let examples = OnceHooksSpec.examples
    try await withThrowingTaskGroup(of: Void.self) { group in
      for example in examples { group.addTask { try await example.run() } }
      try await group.waitForAll()
    }

    let log = OnceHooksSpec.log.all
    #expect(log.filter { $0 == "beforeAll" }.count == 1)
    #expect(log.first == "beforeAll")
    #expect(log.last == "afterAll with server #1")
    #expect(log.count == 4)
  }

  @Test func onlyFocusedExamplesRunAndTheFocusIsReported() async throws {
    FocusedSpec.log.removeAll()
    let examples = FocusedSpec.examples
    #expect(
      examples.map(\.name) == [
        "focus, runs alone",
        "focus, a focused group, runs too",
        "focus, stays pending",
        "focus, behaves like a counter, starts where it was told",
        "focus, later, behaves like a counter, starts where it was told",
        "FocusedSpec is focused",
      ])
    #expect(
      examples.map {
        switch $0.kind {
        case .pending: "pending"
        case .focused: "notice"
        default: "runs"
        }
      } == ["runs", "runs", "pending", "runs", "pending", "notice"])

    for example in examples {
      if case .focused = example.kind { continue }
      try await example.run()
    }
    #expect(FocusedSpec.log.all == ["focused it", "focused group", "shared: 1"])
  }

  @Test func anExampleCanBeSelectedByItsFullName() {
    let selected = SpecListing(
      of: NestedSpec.self,
      selecting: "Wireframe, first screen, user is not logged in, asks to log in"
    ).examples
    #expect(
      selected.map(\.name) == ["Wireframe, first screen, user is not logged in, asks to log in"])

    let byPart = SpecListing(of: NestedSpec.self, selecting: "user is logged in").examples
    #expect(byPart.count == 2)
  }

  /// A test case's argument is encoded as the example's full name, which identifies the case
  /// from one run to the next.
  @Test func anExampleIsEncodedAsItsFullName() throws {
    struct Argument: Encodable {
      let example: SpecExample
      func encode(to encoder: any Encoder) throws { try example.encodeTestArgument(to: encoder) }
    }
    let example = try #require(NestedSpec.examples.first)
    let encoded = try JSONEncoder().encode(Argument(example: example))
    #expect(String(decoding: encoded, as: UTF8.self) == #""Wireframe, exists""#)
  }

  /// An empty `ASSAY_EXAMPLE` selects nothing out, even beside an example named "".
  @Test func anEmptySelectionKeepsEveryExample() {
    let selected = SpecListing(of: EmptyNamedSpec.self, selecting: "").examples
    #expect(selected.map(\.name) == ["", "is named"])
  }

  /// `assay test --shard` names each spec's share of the examples in `ASSAY_EXAMPLES`.
  @Test func aShardRunsExactlyTheExamplesNamedForThisSpec() {
    let lines = """
      AssayTests.NestedSpec\tWireframe, first screen, user is not logged in, asks to log in
      AssayTests.OtherSpec\tWireframe, first screen, user is logged in, shows the second screen
      """
    let names = CaseSelection.names(for: String(reflecting: NestedSpec.self), in: lines)
    #expect(names == ["Wireframe, first screen, user is not logged in, asks to log in"])
    let selected = SpecListing(of: NestedSpec.self, selecting: nil, only: names).examples
    #expect(
      selected.map(\.name) == ["Wireframe, first screen, user is not logged in, asks to log in"])
    #expect(SpecListing(of: NestedSpec.self, selecting: nil, only: []).examples.isEmpty)
  }
}
