import Assay
import Birthdays
import Testing

@Suite("Birthdays list")
struct PeopleListTests {
  // Swift Testing makes a new instance of the suite for every test: fresh doubles each time.
  let store = InMemoryPeopleStore()
  let preferences = SpyPreferences()

  func makeList(api: StubAPICommunicator = StubAPICommunicator(result: .success([])))
    -> PeopleList
  {
    PeopleList(store: store, preferences: preferences, api: api)
  }

  @Test func addingAPersonStoresAndShowsThem() {
    let list = makeList()
    list.add(.appleseed)
    assertEqual(list.people, [.appleseed])
  }

  @Test func addingAPersonGoesThroughTheStore() {
    let mock = MockPeopleStore()
    let list = PeopleList(
      store: mock,
      preferences: preferences,
      api: StubAPICommunicator(result: .success([]))
    )
    list.add(.taylor)
    // The person is added once, then the list refreshes from the store, in that order.
    verify(CallPattern(mock.calls, "add(_:)", .equal(PersonInfo.taylor)), .once)
    verifyInOrder([
      CallPattern(mock.calls, "add(_:)", ArgumentMatcher<PersonInfo>.any),
      CallPattern(mock.calls, "fetch(sortedBy:)", .equal(ListOrder.lastName)),
    ])
  }

  @Test func theListShowsWhatTheStoreReturns() {
    let mock = MockPeopleStore()
    CallPattern(mock.calls, "fetch(sortedBy:)", ArgumentMatcher<ListOrder>.any)
      .willReturn([PersonInfo.appleseed, .taylor])
    let list = PeopleList(
      store: mock,
      preferences: preferences,
      api: StubAPICommunicator(result: .success([]))
    )
    list.add(.taylor)
    assertEqual(list.people, [.appleseed, .taylor])
  }

  @Test func sortsByLastNameUnlessToldOtherwise() {
    let list = makeList()
    list.add(.taylor)
    list.add(.appleseed)
    assertEqual(list.people.map(\.lastName), ["Appleseed", "Taylor"])
  }

  @Test func changingTheSortingIsRememberedAndApplied() {
    let list = makeList()
    list.add(.appleseed)
    list.add(.taylor)
    list.changeSorting(to: .firstName)
    // Check the interaction with the preferences, not how UserDefaults stores things.
    assertEqual(preferences.writes, ["sort=1"])
    assertThat(list.people.map(\.firstName), equalTo(["David", "John"]))
  }

  @Test func syncAddsEveryoneTheBackEndKnows() async throws {
    let list = makeList(api: StubAPICommunicator(result: .success([.taylor, .appleseed])))
    try await list.sync()
    assertThat(list.people, allOf(hasCount(2), beginsWith([.appleseed])))
  }

  @Test func syncReportsTheBackEndsError() async {
    let list = makeList(api: StubAPICommunicator(result: .failure(OfflineError())))
    await assertThrows(OfflineError(), try await list.sync())
    assertThat(list.people, isEmpty())
  }
}
