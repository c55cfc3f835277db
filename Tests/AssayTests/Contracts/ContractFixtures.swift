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

/// `hash(into:)` combines a revision that `==` ignores; each reading of the samples is a new
/// revision.
struct TokenedID: Hashable, ContractSamples, Sendable {
  var id: Int
  var revision: Int

  static let readings = Locked(0)

  static var contractSamples: [TokenedID] {
    let revision = readings.withLock { count in
      defer { count += 1 }
      return count
    }
    return [TokenedID(id: 1, revision: revision), TokenedID(id: 2, revision: revision)]
  }

  static func == (lhs: TokenedID, rhs: TokenedID) -> Bool { lhs.id == rhs.id }
}

/// `==` ignores case, but the synthesized hash does not: separately built samples are alike,
/// so only the pairs that differ in case can catch it.
struct Tag: Hashable, ContractSamples, Sendable {
  var name: String

  static var contractSamples: [Tag] { [Tag(name: "swift"), Tag(name: "linux")] }
  static var equalContractSamples: [(Tag, Tag)] { [(Tag(name: "Swift"), Tag(name: "swift"))] }

  static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name.lowercased() == rhs.name.lowercased() }
}

/// The same type with no equal pairs given: the contract cannot see the break.
struct UncheckedTag: Hashable, ContractSamples, Sendable {
  var name: String

  static var contractSamples: [UncheckedTag] {
    [UncheckedTag(name: "swift"), UncheckedTag(name: "linux")]
  }

  static func == (lhs: UncheckedTag, rhs: UncheckedTag) -> Bool {
    lhs.name.lowercased() == rhs.name.lowercased()
  }
}

/// Pairs that are not equal at all: a mistake in the samples, reported as such.
struct MispairedTag: Hashable, ContractSamples, Sendable {
  var name: String

  static var contractSamples: [MispairedTag] {
    [MispairedTag(name: "swift"), MispairedTag(name: "linux")]
  }
  static var equalContractSamples: [(MispairedTag, MispairedTag)] {
    [(MispairedTag(name: "swift"), MispairedTag(name: "linux"))]
  }
}

/// `<` is written as `<=`.
struct Priority: Comparable, ContractSamples, Sendable {
  var level: Int

  static var contractSamples: [Priority] { [Priority(level: 1), Priority(level: 2)] }

  static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.level <= rhs.level }
}

/// `==` within one level, `<` by level: 1 and 2 are both equal and ordered.
struct Fuzzy: Comparable, ContractSamples, Sendable {
  var level: Int

  static var contractSamples: [Fuzzy] { [Fuzzy(level: 1), Fuzzy(level: 2)] }

  static func == (lhs: Fuzzy, rhs: Fuzzy) -> Bool { abs(lhs.level - rhs.level) <= 1 }
  static func < (lhs: Fuzzy, rhs: Fuzzy) -> Bool { lhs.level < rhs.level }
}

/// One more sample at each read.
struct Growing: Equatable, ContractSamples, Sendable {
  var index: Int

  private static let reads = Locked(0)

  static var contractSamples: [Growing] {
    let count = reads.withLock { reads in
      reads += 1
      return reads + 1
    }
    return (0..<count).map(Growing.init)
  }
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

/// A correct `<` beside a `<=` that always holds: it breaks only "<=, > and >= agree with <".
struct SloppyOrder: Comparable, ContractSamples, Sendable {
  let level: Int

  static var contractSamples: [SloppyOrder] { [1, 2, 3].map(SloppyOrder.init) }

  static func < (lhs: SloppyOrder, rhs: SloppyOrder) -> Bool { lhs.level < rhs.level }
  static func <= (lhs: SloppyOrder, rhs: SloppyOrder) -> Bool { true }
}

/// A `<` that holds only from one level to the next: 1 < 2 and 2 < 3, but not 1 < 3.
struct Successor: Comparable, ContractSamples, Sendable {
  let level: Int

  static var contractSamples: [Successor] { [1, 2, 3].map(Successor.init) }

  static func < (lhs: Successor, rhs: Successor) -> Bool { rhs.level == lhs.level + 1 }
}

/// Samples that are equal to each other: "swift" and "Swift", hashed alike.
struct EchoedTag: Hashable, ContractSamples, Sendable {
  let name: String

  static var contractSamples: [EchoedTag] { [EchoedTag(name: "swift"), EchoedTag(name: "Swift")] }

  static func == (lhs: EchoedTag, rhs: EchoedTag) -> Bool {
    lhs.name.lowercased() == rhs.name.lowercased()
  }

  func hash(into hasher: inout Hasher) { hasher.combine(name.lowercased()) }
}

/// A printer whose shared instance is a laser printer: a subclass, not the type itself.
class Printer: SingletonByChoice, @unchecked Sendable {
  // @unchecked: no stored state.
  required init() {}

  static var shared: Self { LaserPrinter.office as! Self }
}

final class LaserPrinter: Printer, @unchecked Sendable {
  static let office = LaserPrinter()
}
