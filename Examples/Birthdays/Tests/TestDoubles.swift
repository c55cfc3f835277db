import Assay
import Birthdays
import Foundation

// Hand-written test doubles, one of each kind. The mock keeps its calls in Assay's
// `CallRecorder`; issue #4 will generate mocks like it.

/// A fake: a real, working store, only simpler than the app's database (it lives in memory).
final class InMemoryPeopleStore: PeopleStore {
  private var people: [PersonInfo] = []

  func add(_ person: PersonInfo) {
    people.append(person)
  }

  func fetch(sortedBy order: ListOrder) -> [PersonInfo] {
    switch order {
    case .lastName: people.sorted { ($0.lastName, $0.firstName) < ($1.lastName, $1.firstName) }
    case .firstName: people.sorted { ($0.firstName, $0.lastName) < ($1.firstName, $1.lastName) }
    }
  }
}

/// A mock: records every call in a `CallRecorder`, so the test can verify the interaction and
/// stub the answers. Relaxed: a call with no stubbed answer returns an empty list.
final class MockPeopleStore: PeopleStore {
  let calls = CallRecorder("MockPeopleStore", strict: false)

  func add(_ person: PersonInfo) {
    calls.record("add(_:)", person)
  }

  func fetch(sortedBy order: ListOrder) -> [PersonInfo] {
    calls.answer("fetch(sortedBy:)", order)
  }
}

/// A spy on preferences: works like `UserDefaults` and remembers every write.
final class SpyPreferences: PreferenceStore {
  private var values: [String: Int] = [:]
  private(set) var writes: [String] = []

  func integer(forKey key: String) -> Int {
    values[key] ?? 0
  }

  func set(_ value: Int, forKey key: String) {
    values[key] = value
    writes.append("\(key)=\(value)")
  }
}

/// A stub: answers with canned people, or a canned error.
struct StubAPICommunicator: APICommunicator {
  var result: Result<[PersonInfo], any Error>

  func fetchPeople() async throws -> [PersonInfo] {
    try result.get()
  }
}

struct OfflineError: Error, Equatable {}

extension PersonInfo {
  static let appleseed = PersonInfo(
    firstName: "John",
    lastName: "Appleseed",
    birthday: Date(timeIntervalSince1970: 0)
  )
  static let taylor = PersonInfo(
    firstName: "David",
    lastName: "Taylor",
    birthday: Date(timeIntervalSince1970: 86_400 * 365)
  )
}
