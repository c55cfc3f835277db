import Birthdays
import Foundation

// The mocks of the list's three collaborators (`MockPeopleStore`, `MockPreferenceStore`,
// `MockAPICommunicator`) are generated into Mocks.swift by `assay mock`:
//
//   swift run assay mock Examples/Birthdays/Sources/Dependencies.swift --import Birthdays \
//     --output Examples/Birthdays/Tests/Mocks.swift
//
// A fake stays hand-written, because it is a real, simpler implementation: no generator can
// know what "working" means for your protocol.

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
