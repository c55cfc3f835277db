import Assay
import Foundation
import Testing

/// What stubbed answers do. Their failures (an unstubbed call on a strict double, an answer of
/// the wrong type) are proven in `DoublesFailureCases`.
@Suite struct StubbingTests {
  /// A fallback answers unstubbed calls of its type: silently on a relaxed double (the strict
  /// one's failure is proven in the failure table), and a stub still wins.
  @Test func aFallbackAnswersCallsOfItsTypeThatNothingStubbed() {
    final class MockDirectory: Sendable {
      let calls: CallRecorder
      init(strict: Bool) { calls = CallRecorder("MockDirectory", strict: strict) }
      func person(named name: String) -> Person { calls.answer("person(named:)", name) }
    }
    let nobody = Person(firstName: "", lastName: "", birthYear: 0)
    let ada = Person(firstName: "Ada", lastName: "Lovelace", birthYear: 1815)
    let directory = MockDirectory(strict: false)
    directory.calls.fallBack(to: nobody)
    #expect(directory.person(named: "Grace") == nobody)
    CallPattern(directory.calls, "person(named:)", .equal("Ada")).willReturn(ada)
    #expect(directory.person(named: "Ada") == ada)
    #expect(directory.person(named: "Grace") == nobody)
  }

  @Test func returnsTheStubbedValue() throws {
    let directory = MockDirectory()
    CallPattern(directory.calls, "people(bornIn:)", .equal(1990)).willReturn(["John"])
    CallPattern(directory.calls, "people(bornIn:)", .equal(1985)).willReturn(["David"])
    #expect(try directory.people(bornIn: 1990) == ["John"])
    #expect(try directory.people(bornIn: 1985) == ["David"])
  }

  /// A value is kept with the type it was stubbed as; a member whose result type is wider
  /// (an optional, a protocol) still gets it, converted as `as?` would.
  @Test func aValueStubbedAsANarrowerTypeIsConvertedToTheResultType() {
    final class MockNames: Sendable {
      let calls = CallRecorder("MockNames")
      func nickname(of name: String) -> String? { calls.answer("nickname(of:)", name) }
      func label(of name: String) -> any CustomStringConvertible {
        calls.answer("label(of:)", name)
      }
    }
    let names = MockNames()
    CallPattern(names.calls, "nickname(of:)", .equal("Robert")).willReturn("Bob")
    CallPattern(names.calls, "label(of:)", ArgumentMatcher<String>.any).willReturn(42)
    #expect(names.nickname(of: "Robert") == "Bob")
    #expect(names.label(of: "Robert").description == "42")
  }

  @Test func answersInTurnThenRepeatsTheLast() throws {
    let directory = MockDirectory()
    CallPattern(directory.calls, "people(bornIn:)", ArgumentMatcher<Int>.any)
      .willReturn([], then: ["John"], ["John", "David"])
    let answers = try (0..<4).map { _ in try directory.people(bornIn: 1990) }
    #expect(answers == [[], ["John"], ["John", "David"], ["John", "David"]])
  }

  @Test func throwsTheStubbedError() {
    let directory = MockDirectory()
    CallPattern(directory.calls, "people(bornIn:)", ArgumentMatcher<Int>.any)
      .willThrow(NetworkError())
    #expect(throws: NetworkError.self) { try directory.people(bornIn: 1990) }
  }

  @Test func computesAnAnswerFromTheArguments() throws {
    let directory = MockDirectory()
    CallPattern(directory.calls, "people(bornIn:)", ArgumentMatcher<Int>.any).will { arguments in
      ["born in \(arguments[0])"]
    }
    #expect(try directory.people(bornIn: 1990) == ["born in 1990"])
  }

  @Test func theLatestStubWins() throws {
    let directory = MockDirectory()
    let anyYear = CallPattern(directory.calls, "people(bornIn:)", ArgumentMatcher<Int>.any)
    anyYear.willReturn(["John"])
    anyYear.willReturn(["David"])
    #expect(try directory.people(bornIn: 1990) == ["David"])
  }

  @Test func relaxedDoublesAnswerWithDefaults() throws {
    let directory = MockDirectory(strict: false)
    #expect(try directory.people(bornIn: 1990) == [])
    #expect(directory.isEmpty == false)
    #expect(directory.nickname(of: "John") == nil)
  }

  @Test func membersThatReturnNothingNeedNoStub() throws {
    let directory = MockDirectory()
    try directory.remove("John")
    verify(CallPattern(directory.calls, "remove(_:)", .equal("John")))
  }

  @Test func resetForgetsStubs() throws {
    let directory = MockDirectory(strict: false)
    CallPattern(directory.calls, "people(bornIn:)", ArgumentMatcher<Int>.any).willReturn(["John"])
    directory.calls.reset()
    #expect(try directory.people(bornIn: 1990) == [])
  }

  @Test func verifyWaitsForCallsMadeLater() async {
    let directory = MockDirectory()
    DispatchQueue.global().async { try? directory.remove("John") }
    await verify(
      CallPattern(directory.calls, "remove(_:)", .equal("John")), .once, timeout: .seconds(120))
  }
}

/// A hand-written double of a people directory, answering from stubs.
final class MockDirectory: Sendable {
  let calls: CallRecorder

  init(strict: Bool = true) {
    calls = CallRecorder("MockDirectory", strict: strict)
  }

  func people(bornIn year: Int) throws -> [String] {
    try calls.throwingAnswer("people(bornIn:)", year)
  }

  var isEmpty: Bool {
    calls.answer("isEmpty")
  }

  func nickname(of name: String) -> String? {
    calls.answer("nickname(of:)", name)
  }

  func remove(_ name: String) throws {
    try calls.throwingAnswer("remove(_:)", name) as Void
  }
}
