import Foundation

/// Where people are kept (a database in the app, a fake in tests).
public protocol PeopleStore: AnyObject {
  /// Keeps a person.
  func add(_ person: PersonInfo)
  /// Everyone kept, in `order`.
  func fetch(sortedBy order: ListOrder) -> [PersonInfo]
}

/// Integer preferences, as `UserDefaults` stores them. Injected so tests can check what is
/// written without touching the user's real defaults.
public protocol PreferenceStore: AnyObject {
  /// The value stored for `key`, or 0.
  func integer(forKey key: String) -> Int
  /// Stores `value` for `key`.
  func set(_ value: Int, forKey key: String)
}

extension UserDefaults: PreferenceStore {}

/// The web back end that shares the list between devices.
public protocol APICommunicator: Sendable {
  /// Everyone the back end knows about.
  func fetchPeople() async throws -> [PersonInfo]
}
