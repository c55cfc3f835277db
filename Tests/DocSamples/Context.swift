// What the documentation's samples take as given: the objects a test would have set up.
// The samples themselves are extracted into Generated/ by Scripts/extract-doc-samples.py,
// which CI runs with --check; building this target proves that every sample compiles.
import Assay
import Birthdays
import Foundation
import FuelGauge
import PageTitles
import Screens
import Wireframe

typealias Screen = Screens.Screen

let gauge = FuelGauge()
let store = MockPeopleStore()
let api = MockAPICommunicator()
nonisolated(unsafe) let preferences = PreferencesSpy()
nonisolated(unsafe) let list = PeopleList(
  store: EmptyPeopleStore(), preferences: preferences, api: NoBackEnd())
@MainActor let loader = PageTitleLoader()
@MainActor let spy = DelegateSpy()
let homuraURL = URL(string: "http://127.0.0.1:8080/homura")!
let mamiURL = URL(string: "http://127.0.0.1:8080/mami")!
let titleChanges = AsyncStream<String> { $0.finish() }
let navigator = MockNavigator()
nonisolated(unsafe) let wireframe = Wireframe(navigator: navigator, session: MockSession())
let fixtures = ["Homura Akemi", "Mami Tomoe"]

extension PersonInfo {
  static let appleseed = PersonInfo(
    firstName: "John", lastName: "Appleseed", birthday: Date(timeIntervalSince1970: 0))
  static let taylor = PersonInfo(
    firstName: "David", lastName: "Taylor", birthday: Date(timeIntervalSince1970: 0))
}

// The articles' `@Mock` protocols shadow the Birthdays module's; the list takes these.
final class EmptyPeopleStore: Birthdays.PeopleStore {
  func add(_ person: PersonInfo) {}
  func fetch(sortedBy order: ListOrder) -> [PersonInfo] { [] }
}

struct NoBackEnd: Birthdays.APICommunicator {
  func fetchPeople() async throws -> [PersonInfo] { [] }
}

final class PreferencesSpy: PreferenceStore {
  var writes: [String] = []
  func integer(forKey key: String) -> Int { 0 }
  func set(_ value: Int, forKey key: String) { writes.append("\(key)=\(value)") }
}

enum ParseError: Error, Equatable {
  case empty
  case tooLong(Int)
}

func parse(_ text: String) throws -> Int {
  if text.isEmpty { throw ParseError.empty }
  if text.count > 4 { throw ParseError.tooLong(text.count) }
  return text.count
}

struct OfflineError: Error, Equatable {}

@MainActor final class DelegateSpy: PageTitleLoaderDelegate {
  let titleLoaded = TestExpectation("title loaded")
  var titles: [String] = []
  func pageTitleLoader(_ loader: PageTitleLoader, didLoadTitle title: String) {
    titles.append(title)
    titleLoaded.fulfill()
  }
  func pageTitleLoader(_ loader: PageTitleLoader, didFailWith error: PageTitleError) {}
}

struct Money: Hashable, Codable, ContractSamples, Sendable {
  var cents: Int
  static var contractSamples: [Money] { [Money(cents: 0), Money(cents: 150)] }
}

final class Analytics: SingletonByChoice {}

protocol Stack {
  mutating func push(_ value: Int)
  mutating func pop() -> Int?
}

struct ArrayStack: Stack {
  var values: [Int] = []
  mutating func push(_ value: Int) { values.append(value) }
  mutating func pop() -> Int? { values.popLast() }
}

struct LinkedStack: Stack {
  var top: [Int] = []
  mutating func push(_ value: Int) { top.insert(value, at: 0) }
  mutating func pop() -> Int? { top.isEmpty ? nil : top.removeFirst() }
}

actor SearchIndex {
  let titles: [String]
  init(titles: [String]) { self.titles = titles }
  static func build(from titles: [String]) async throws -> SearchIndex {
    SearchIndex(titles: titles)
  }
  func search(_ text: String) -> [String] { titles.filter { $0.contains(text) } }
  func close() {}
}
