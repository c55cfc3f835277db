import Foundation

/// Where people are kept (a database in the app, a fake in tests).
public protocol PeopleStore: AnyObject {
  func add(_ person: PersonInfo)
  func fetch(sortedBy order: ListOrder) -> [PersonInfo]
}

/// Integer preferences, as `UserDefaults` stores them. Injected so tests can check what is
/// written without touching the user's real defaults.
public protocol PreferenceStore: AnyObject {
  func integer(forKey key: String) -> Int
  func set(_ value: Int, forKey key: String)
}

extension UserDefaults: PreferenceStore {}

/// The web back end that shares the list between devices.
public protocol APICommunicator: Sendable {
  func fetchPeople() async throws -> [PersonInfo]
}
