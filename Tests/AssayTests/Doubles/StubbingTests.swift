import Assay
import Foundation
import Testing

/// What stubbed answers do. Their failures (an unstubbed call on a strict double, an answer of
/// the wrong type) are proven in `DoublesFailureCases`.
@Suite struct StubbingTests {
  @Test func returnsTheStubbedValue() throws {
    let directory = MockDirectory()
    CallPattern(directory.calls, "people(bornIn:)", .equal(1990)).willReturn(["John"])
    CallPattern(directory.calls, "people(bornIn:)", .equal(1985)).willReturn(["David"])
    #expect(try directory.people(bornIn: 1990) == ["John"])
    #expect(try directory.people(bornIn: 1985) == ["David"])
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
      CallPattern(directory.calls, "remove(_:)", .equal("John")), .once, timeout: .seconds(10))
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
