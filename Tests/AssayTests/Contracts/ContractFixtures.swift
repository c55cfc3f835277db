import Foundation

@testable import Assay

/// A well-behaved value: every built-in value contract holds.
struct Money: Codable, Hashable, Comparable, ContractSamples, Sendable {
  var cents: Int

  static var contractSamples: [Money] { [Money(cents: 0), Money(cents: 1), Money(cents: -250)] }

  static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
}

/// `==` ignores the currency, yet the samples differ only there.
struct LooseMoney: Equatable, ContractSamples, Sendable {
  var cents: Int
  var currency: String

  static var contractSamples: [LooseMoney] {
    [LooseMoney(cents: 100, currency: "EUR"), LooseMoney(cents: 100, currency: "USD")]
  }

  static func == (lhs: LooseMoney, rhs: LooseMoney) -> Bool { lhs.cents == rhs.cents }
}

/// `hash(into:)` combines a token that `==` ignores.
struct TokenedID: Hashable, ContractSamples, Sendable {
  var id: Int
  var token = UUID()

  static var contractSamples: [TokenedID] { [TokenedID(id: 1), TokenedID(id: 2)] }

  static func == (lhs: TokenedID, rhs: TokenedID) -> Bool { lhs.id == rhs.id }
}

/// `<` is written as `<=`.
struct Priority: Comparable, ContractSamples, Sendable {
  var level: Int

  static var contractSamples: [Priority] { [Priority(level: 1), Priority(level: 2)] }

  static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.level <= rhs.level }
}

/// Its coding keys leave out the note.
struct Draft: Codable, Equatable, ContractSamples, Sendable {
  var title: String
  var note = ""

  enum CodingKeys: String, CodingKey { case title }

  static var contractSamples: [Draft] {
    [Draft(title: "a", note: "keep me"), Draft(title: "b")]
  }
}

/// A singleton by choice that keeps the default shared instance.
final class Preferences: SingletonByChoice {
  let values = Locked<[String: String]>([:])
}

/// A parent class and its subclass: each gets a shared instance of its own type.
class Service: SingletonByChoice, @unchecked Sendable {
  // @unchecked: no stored state.
  required init() {}
}

final class PaymentService: Service, @unchecked Sendable {}

/// A "singleton" whose `shared` makes a new instance every time.
final class LeakySingleton: SingletonByChoice {
  static var shared: LeakySingleton { LeakySingleton() }
}
