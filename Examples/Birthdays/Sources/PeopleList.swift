/// The birthdays list: what the screen shows, and what happens when the user acts.
public final class PeopleList {
  /// The key of the sort preference.
  public static let sortKey = "sort"

  /// The people shown, in the preferred order.
  public private(set) var people: [PersonInfo] = []
  private let store: any PeopleStore
  private let preferences: any PreferenceStore
  private let api: any APICommunicator

  /// Creates a list over its three collaborators, each behind a protocol.
  public init(store: any PeopleStore, preferences: any PreferenceStore, api: any APICommunicator) {
    self.store = store
    self.preferences = preferences
    self.api = api
  }

  /// The order the user last chose; by last name until they choose.
  public var sortOrder: ListOrder {
    ListOrder(rawValue: preferences.integer(forKey: Self.sortKey)) ?? .lastName
  }

  /// Adds a person picked by the user and refreshes the list.
  public func add(_ person: PersonInfo) {
    store.add(person)
    reload()
  }

  /// Remembers the user's choice of order and refreshes the list.
  public func changeSorting(to order: ListOrder) {
    preferences.set(order.rawValue, forKey: Self.sortKey)
    reload()
  }

  /// Adds everyone the back end knows about and refreshes the list.
  public func sync() async throws {
    for person in try await api.fetchPeople() {
      store.add(person)
    }
    reload()
  }

  /// Fetches the people again, in the preferred order.
  public func reload() {
    people = store.fetch(sortedBy: sortOrder)
  }
}
