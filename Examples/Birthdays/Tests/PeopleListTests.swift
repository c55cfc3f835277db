import Assay
import Birthdays
import Testing

@Suite("Birthdays list")
struct PeopleListTests {
  // Swift Testing makes a new instance of the suite for every test: fresh doubles each time.
  let store = InMemoryPeopleStore()
  // Relaxed: unstubbed calls answer 0 (the default sort), an empty list, and so on.
  let preferences = MockPreferenceStore(strict: false)
  let api = MockAPICommunicator()

  func makeList(store: (any PeopleStore)? = nil) -> PeopleList {
    PeopleList(store: store ?? self.store, preferences: preferences, api: api)
  }

  @Test func addingAPersonStoresAndShowsThem() {
    let list = makeList()
    list.add(.appleseed)
    assertEqual(list.people, [.appleseed])
  }

  @Test func addingAPersonGoesThroughTheStore() {
    let mock = MockPeopleStore(strict: false)
    let list = makeList(store: mock)
    list.add(.taylor)
    // The person is added once, then the list refreshes from the store, in that order.
    verify(mock.calls.add(.equal(.taylor)), .once)
    verifyInOrder([mock.calls.add(.any), mock.calls.fetch(sortedBy: .equal(.lastName))])
  }

  @Test func theListShowsWhatTheStoreReturns() {
    let mock = MockPeopleStore()  // strict: every call it answers must be stubbed
    mock.calls.fetch(sortedBy: .any).willReturn([.appleseed, .taylor])
    let list = makeList(store: mock)
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
    // From now on the stored preference reads "first name", as UserDefaults would after the
    // write; the mock answers that, however the list stores it.
    preferences.calls.integer(forKey: .equal(PeopleList.sortKey))
      .willReturn(ListOrder.firstName.rawValue)
    list.changeSorting(to: .firstName)
    // Check the interaction with the preferences, not how UserDefaults stores things.
    verify(preferences.calls.set(.equal(1), forKey: .equal("sort")), .once)
    assertThat(list.people.map(\.firstName), equalTo(["David", "John"]))
  }

  @Test func syncAddsEveryoneTheBackEndKnows() async throws {
    api.calls.fetchPeople().willReturn([.taylor, .appleseed])
    let list = makeList()
    try await list.sync()
    assertThat(list.people, allOf(hasCount(2), beginsWith([.appleseed])))
  }

  @Test func syncReportsTheBackEndsError() async {
    api.calls.fetchPeople().willThrow(OfflineError())
    let list = makeList()
    await assertThrows(OfflineError(), try await list.sync())
    assertThat(list.people, isEmpty())
  }

  @Test(.verifiesCallExpectations) func syncAsksTheBackEndOnceAndAddsEachPerson() async throws {
    // Kiwi's "should receive", declared before acting and verified when the test ends.
    let mock = MockPeopleStore(strict: false)
    expectCalls(api.calls.fetchPeople(), .once).willReturn([.taylor, .appleseed])
    expectCalls(mock.calls.add(.any), .times(2))
    expectCalls(mock.calls.add(.equal(.taylor)), .once)
    try await makeList(store: mock).sync()
  }
}
