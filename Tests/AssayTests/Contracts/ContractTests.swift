import Testing
import XCTest

@testable import Assay

/// The built-in contracts hold for well-behaved types, as parameterized tests named after the
/// type and the check, the way users apply them.
@Suite struct PassingContractTests {
  @Test(
    arguments: Contract.checks(
      .equatable(Money.self, Int.self, String.self),
      .hashable(Money.self, Int.self),
      .comparable(Money.self, Int.self),
      .codable(Money.self),
      .singletonByChoice(Preferences.self, Service.self, PaymentService.self)
    ))
  func contract(_ check: ContractCheck) async throws {
    try await check.run()
  }

  /// Swift Testing identifies a case of a parameterized test by its encoded argument: a check
  /// encodes as its full name, so each case keeps its own identity from run to run.
  @Test func aCheckEncodesAsItsFullName() throws {
    struct Argument: Encodable {
      let check: ContractCheck
      func encode(to encoder: any Encoder) throws { try check.encodeTestArgument(to: encoder) }
    }
    let checks = Contract.equatable(Money.self).checks
    let encoded = try checks.map {
      String(decoding: try JSONEncoder().encode(Argument(check: $0)), as: UTF8.self)
    }
    #expect(encoded.first == #""Money: Equatable: every value equals itself""#)
    #expect(Set(encoded).count == checks.count)
  }

  @Test func checksAreNamedAfterTheTypeTheContractAndTheCheck() {
    let names = Contract.equatable(Money.self, Int.self).checks.map(\.name)
    #expect(names.count == 12)
    #expect(names.first == "Money: Equatable: every value equals itself")
    #expect(names.last == "Int: Equatable: != is the negation of ==")
  }

  /// Each check's name is what a run shows for it (a case of the parameterized test): every
  /// built-in contract's, in full.
  @Test func everyBuiltInCheckIsNamedForWhatItChecks() {
    let names = Contract.checks(
      .equatable(Money.self), .hashable(Money.self), .comparable(Money.self),
      .codable(Money.self), .singletonByChoice(Preferences.self)
    ).map(\.name)
    #expect(
      names == [
        "Money: Equatable: every value equals itself",
        "Money: Equatable: separately built equal values are equal",
        "Money: Equatable: distinct samples are unequal",
        "Money: Equatable: equality is symmetric",
        "Money: Equatable: equality is transitive",
        "Money: Equatable: != is the negation of ==",
        "Money: Hashable: equal values have equal hashes",
        "Money: Hashable: a set keeps one of each value",
        "Money: Comparable: no value is less than itself",
        "Money: Comparable: exactly one of <, == and > holds",
        "Money: Comparable: < is transitive",
        "Money: Comparable: <=, > and >= agree with <",
        "Money: Codable: survives a JSON round trip",
        "Preferences: Singleton by choice: the shared instance is of the type itself",
        "Preferences: Singleton by choice: the shared instance is the same every time",
        "Preferences: Singleton by choice: a fresh instance is not the shared one",
        "Preferences: Singleton by choice: fresh instances are distinct",
        "Preferences: Singleton by choice: withShared replaces the shared instance only in its "
          + "scope",
        "Preferences: Singleton by choice: concurrent first uses get one shared instance",
      ])
  }

  @Test func aUserContractIsAFewLines() async throws {
    let contract = Contract("Collection", for: [Int].self) {
      ContractCheck("starts empty") { assertTrue([Int]().isEmpty) }
      ContractCheck("counts what it holds") { assertEqual([1, 2].count, 2) }
    }
    #expect(
      contract.checks.map(\.name) == [
        "Array<Int>: Collection: starts empty", "Array<Int>: Collection: counts what it holds",
      ])
    for check in contract.checks { try await check.run() }
  }

  /// A contract declares checks as Swift code does: under `if`, `if`-`else` and in loops.
  @Test(arguments: [false, true])
  func checksDeclaredUnderConditionsAndInLoopsAreAllKept(ordered: Bool) {
    let contract = Contract("Collection", for: [Int].self) {
      ContractCheck("starts empty") { assertTrue([Int]().isEmpty) }
      if ordered { ContractCheck("keeps its order") { assertEqual([1, 2].first, 1) } }
      if ordered {
        ContractCheck("sorts") { assertEqual([2, 1].sorted(), [1, 2]) }
      } else {
        ContractCheck("holds") { assertTrue([2, 1].contains(1)) }
      }
      for count in 1...2 {
        ContractCheck("counts \(count)") {
          assertEqual(Array(repeating: 0, count: count).count, count)
        }
      }
    }
    let names = contract.checks.map {
      $0.name.replacingOccurrences(of: "Array<Int>: Collection: ", with: "")
    }
    #expect(
      names
        == (ordered
          ? ["starts empty", "keeps its order", "sorts", "counts 1", "counts 2"]
          : ["starts empty", "holds", "counts 1", "counts 2"]))
  }
}

extension Int: ContractSamples {
  /// Zero, one, minus one and the largest value.
  public static var contractSamples: [Int] { [0, 1, -1, .max] }
}

extension String: ContractSamples {
  /// Empty, ASCII, a precomposed and a decomposed accent.
  public static var contractSamples: [String] { ["", "a", "é", "e\u{301}x"] }
}

/// Runs the checks of `contract` whose names end with `check`, and returns their failures.
private func failures(
  of contract: Contract, _ check: String
) async throws -> [RecordedFailure] {
  let selected = contract.checks.filter { $0.name.hasSuffix(check) }
  try #require(selected.count == 1, "no single check named \(check)")
  return try await recordedIssues { try await selected[0].run() }
}

/// Every built-in contract fails for a type that breaks it, with the message users see, at
/// the line that applies the contract.
@Suite struct FailingContractTests {
  /// An `==` that is not symmetric fails its check, for the pair that shows it (the laws over
  /// pairs of samples passed with no pair at all, found by Assay's own mutation run).
  @Test func equalityThatIsNotSymmetricFails() async throws {
    struct Lopsided: Equatable, ContractSamples {
      var value: Int
      static func == (left: Lopsided, right: Lopsided) -> Bool { left.value <= right.value }
      static var contractSamples: [Lopsided] { [Lopsided(value: 1), Lopsided(value: 2)] }
    }
    let recorded = try await failures(
      of: Contract.equatable(Lopsided.self), "equality is symmetric")
    #expect(
      recorded.map(\.message).contains(
        "Lopsided: Equatable: equality is symmetric: FailingContractTests.Lopsided(value: 1) == "
          + "FailingContractTests.Lopsided(value: 2) is true, but "
          + "FailingContractTests.Lopsided(value: 2) == FailingContractTests.Lopsided(value: 1) "
          + "is false"),
      "\(recorded.map(\.message))")
  }

  @Test func equalityThatIgnoresADifferenceFails() async throws {
    let line = #line + 1
    let contract = Contract.equatable(LooseMoney.self)
    let recorded = try await failures(of: contract, "distinct samples are unequal")
    #expect(
      recorded == [
        RecordedFailure(
          message: """
            LooseMoney: Equatable: distinct samples are unequal: \
            LooseMoney(cents: 100, currency: "EUR") == LooseMoney(cents: 100, currency: "USD"), \
            but the samples are meant to differ: == ignores a difference, or contractSamples \
            repeats a value
            """,
          fileName: "ContractTests.swift", line: line)
      ])
  }

  @Test func aHashOfSomethingEqualityIgnoresFails() async throws {
    TokenedID.readings.withLock { $0 = 0 }
    let line = #line + 1
    let contract = Contract.hashable(TokenedID.self)
    let recorded = try await failures(of: contract, "equal values have equal hashes")
    #expect(
      recorded
        == [1, 2].map { id in
          RecordedFailure(
            message: "TokenedID: Hashable: equal values have equal hashes: "
              + "TokenedID(id: \(id), revision: 0) == TokenedID(id: \(id), revision: 1), "
              + "but their hashes differ: hash(into:) combines something that == ignores",
            fileName: "ContractTests.swift", line: line)
        })
  }

  @Test func aHashThatSeesWhatEqualityIgnoresFailsOnTheGivenPairs() async throws {
    let line = #line + 1
    let contract = Contract.hashable(Tag.self)
    let recorded = try await failures(of: contract, "equal values have equal hashes")
    #expect(
      recorded == [
        RecordedFailure(
          message: #"Tag: Hashable: equal values have equal hashes: Tag(name: "Swift") == "#
            + #"Tag(name: "swift"), but their hashes differ: hash(into:) combines something "#
            + "that == ignores",
          fileName: "ContractTests.swift", line: line)
      ])
  }

  @Test func withoutEqualPairsTheSameBreakGoesUnseen() async throws {
    let contract = Contract.hashable(UncheckedTag.self)
    for check in contract.checks { try await check.run() }
  }

  @Test func pairsThatAreNotEqualAreAMistakeInTheSamples() async throws {
    let contract = Contract.hashable(MispairedTag.self)
    let recorded = try await failures(of: contract, "equal values have equal hashes")
    #expect(
      recorded.map(\.message) == [
        #"MispairedTag: Hashable: equal values have equal hashes: equalContractSamples pairs "#
          + #"MispairedTag(name: "swift") with MispairedTag(name: "linux"), but they are not =="#
      ])
  }

  @Test func lessThanWrittenAsLessOrEqualFails() async throws {
    let contract = Contract.comparable(Priority.self)
    let recorded = try await failures(of: contract, "no value is less than itself")
    #expect(
      recorded.map(\.message) == [
        "Priority: Comparable: no value is less than itself: Priority(level: 1) < itself",
        "Priority: Comparable: no value is less than itself: Priority(level: 2) < itself",
      ])
  }

  @Test func aLossyEncodingFails() async throws {
    let contract = Contract.codable(Draft.self)
    let recorded = try await failures(of: contract, "survives a JSON round trip")
    #expect(
      recorded.map(\.message) == [
        #"Draft: Codable: survives a JSON round trip: Draft(title: "a", note: "keep me") came back from JSON as Draft(title: "a", note: "") (JSON: {"title":"a"})"#
      ])
  }

  @Test func aSharedInstanceThatIsNotSharedFails() async throws {
    let contract = Contract.singletonByChoice(LeakySingleton.self)
    #expect(
      try await failures(of: contract, "the shared instance is the same every time").map(\.message)
        == [
          "LeakySingleton: Singleton by choice: the shared instance is the same every time: "
            + "LeakySingleton.shared gave two different instances"
        ])
    #expect(
      try await failures(of: contract, "withShared replaces the shared instance only in its scope")
        .map(\.message)
        == [
          "inside withShared, LeakySingleton.shared is not the replacement",
          "after withShared, LeakySingleton.shared is still the replacement",
        ].map {
          "LeakySingleton: Singleton by choice: withShared replaces the shared instance only in its scope: \($0)"
        })
    #expect(
      try await failures(of: contract, "concurrent first uses get one shared instance")
        .map(\.message)
        == [
          "LeakySingleton: Singleton by choice: concurrent first uses get one shared instance: "
            + "8 tasks asking for LeakySingleton.shared at once got 8 instances"
        ])
  }

  /// A `<=` of its own that disagrees with `<` breaks that law alone: the transitivity of `<`
  /// is judged on `<`.
  @Test func aLessOrEqualThatDisagreesWithLessThanFailsAlone() async throws {
    let recorded = try await failures(
      of: Contract.comparable(SloppyOrder.self), "<=, > and >= agree with <")
    #expect(
      recorded.map(\.message).first
        == "SloppyOrder: Comparable: <=, > and >= agree with <: for SloppyOrder(level: 2) and "
        + "SloppyOrder(level: 1), <=, > or >= disagrees with <")
    // 2 > 1, 3 > 1 and 3 > 2, among the samples and their copies.
    #expect(recorded.count == 12, "\(recorded)")
    for check in Contract.comparable(SloppyOrder.self).checks
    where !check.name.hasSuffix("<=, > and >= agree with <") {
      try await check.run()
    }
  }

  /// 1 < 2 and 2 < 3 without 1 < 3 breaks transitivity, though 3 < 1 does not hold either.
  @Test func aLessThanThatSkipsAStepIsNotTransitive() async throws {
    let recorded = try await failures(of: Contract.comparable(Successor.self), "< is transitive")
    #expect(
      recorded.map(\.message) == [
        "Successor: Comparable: < is transitive: Successor(level: 1) < Successor(level: 2) and "
          + "Successor(level: 2) < Successor(level: 3), but not Successor(level: 1) < "
          + "Successor(level: 3)"
      ])
  }

  /// Two samples that are equal make a set of the samples smaller than they are.
  @Test func equalSamplesMakeASetSmaller() async throws {
    let recorded = try await failures(
      of: Contract.hashable(EchoedTag.self), "a set keeps one of each value")
    #expect(
      recorded.map(\.message) == [
        "EchoedTag: Hashable: a set keeps one of each value: a set of the samples, each added "
          + "twice, has 1 members instead of 2"
      ])
  }

  /// A `shared` of its own that returns a subclass's instance.
  @Test func aSharedInstanceOfASubclassFails() async throws {
    let recorded = try await failures(
      of: Contract.singletonByChoice(Printer.self), "the shared instance is of the type itself")
    #expect(
      recorded.map(\.message) == [
        "Printer: Singleton by choice: the shared instance is of the type itself: Printer.shared "
          + "is a LaserPrinter, not a Printer"
      ])
  }

  @Test func tooFewSamplesFail() async throws {
    struct Lonely: Equatable, ContractSamples {
      static var contractSamples: [Lonely] { [Lonely()] }
    }
    let recorded = try await failures(
      of: Contract.equatable(Lonely.self), "every value equals itself")
    #expect(
      recorded.map(\.message) == [
        "Lonely: Equatable: every value equals itself: Lonely.contractSamples must give at least two values, the same number each time it is "
          + "read (it gave 1, then 1)"
      ])
  }

  /// Samples that change in number from one read to the next cannot be paired with their
  /// copies: said, not judged.
  @Test func samplesThatChangeInNumberFail() async throws {
    let recorded = try await failures(
      of: Contract.equatable(Growing.self), "every value equals itself")
    #expect(
      recorded.map(\.message).first?.hasPrefix(
        "Growing: Equatable: every value equals itself: Growing.contractSamples must give at "
          + "least two values, the same number each time it is read (it gave ") == true,
      "\(recorded)")
    #expect(recorded.count == 1)
  }

  /// Values that are `==` and `<` at once break "exactly one of <, == and >", and only that
  /// law of the contract.
  @Test func valuesBothEqualAndLessFail() async throws {
    let recorded = try await failures(
      of: Contract.comparable(Fuzzy.self), "exactly one of <, == and > holds")
    #expect(
      recorded.map(\.message).first
        == "Fuzzy: Comparable: exactly one of <, == and > holds: for Fuzzy(level: 1) and "
        + "Fuzzy(level: 2), 2 of <, == and > hold instead of one")
    // Each of the two orders of 1 and 2, among the samples and their copies.
    #expect(recorded.count == 8, "\(recorded)")
    // The other laws hold: a failure there would fail this test.
    for check in Contract.comparable(Fuzzy.self).checks
    where !check.name.hasSuffix("exactly one of <, == and > holds") {
      try await check.run()
    }
  }

  /// In Swift Testing the test case is named for the check, so a failure inside it does not
  /// name the check again (XCTest's does: `testAFailingAssertionInAUserCheckNamesTheCheck`).
  @Test func aFailingAssertionInAUserCheckIsTheTestCasesOwn() async throws {
    let line = #line + 2
    let contract = Contract("Collection", for: [Int].self) {
      ContractCheck("starts empty") { assertTrue([1].isEmpty) }
    }
    let recorded = try await recordedIssues { try await contract.checks[0].run() }
    #expect(
      recorded == [
        RecordedFailure(
          message: "assertTrue failed: the condition is false", fileName: "ContractTests.swift",
          line: line)
      ])
  }

  @Test func anErrorThrownByACheckFailsNamingIt() async throws {
    struct Broken: Error {}
    let line = #line + 2
    let contract = Contract("Loader", for: Money.self) {
      ContractCheck("loads") { throw Broken() }
    }
    let recorded = try await recordedIssues { try await contract.checks[0].run() }
    #expect(
      recorded == [
        RecordedFailure(
          message: "Money: Loader: loads: threw Broken: Broken()",
          fileName: "ContractTests.swift", line: line)
      ])
  }
}

/// The same contracts fail in XCTest, where one test method runs a type's whole contract, so
/// every failure names its type and check.
final class XCTestContractTests: FailureCapturingTestCase {
  func testAFailingAssertionInAUserCheckNamesTheCheck() async throws {
    let line = #line + 2
    let contract = Contract("Collection", for: [Int].self) {
      ContractCheck("starts empty") { assertTrue([1].isEmpty) }
    }
    let recorded = try await recordedFailuresAwaiting { try await contract.run() }
    XCTAssertEqual(
      recorded,
      [
        RecordedFailure(
          message:
            "assertTrue failed: the condition is false\n(in check: Array<Int>: Collection: starts empty)",
          fileName: "ContractTests.swift", line: line)
      ])
  }

  func testAContractRunInOneTestMethodReportsEachBrokenCheck() async throws {
    let line = #line + 1
    let contract = Contract.equatable(LooseMoney.self)
    let recorded = try await recordedFailuresAwaiting {
      for check in contract.checks { try await check.run() }
    }
    XCTAssertEqual(recorded.map(\.line), [line])
    XCTAssertEqual(
      recorded.first?.message.hasPrefix("LooseMoney: Equatable: distinct samples are unequal: "),
      true)
  }
}
