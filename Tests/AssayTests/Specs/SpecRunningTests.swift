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
