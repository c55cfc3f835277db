import Assay
import Foundation
import Testing

/// What call recording and verification do when nothing fails. Their failures are proven,
/// with their messages, in `DoublesFailureCases`.
@Suite struct CallRecorderTests {
  @Test func countsMatchingCalls() {
    let store = MockPeopleStore()
    store.fetchPeople(since: 1990)
    store.fetchPeople(since: 1990)
    store.fetchPeople(since: 1970)
    verify(CallPattern(store.calls, "fetchPeople(since:)", .equal(1990)), .times(2))
    verify(CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any), .times(3))
    verify(CallPattern(store.calls, "fetchPeople(since:)", .that(lessThan(1980))), .once)
    verify(CallPattern(store.calls, "fetchPeople(since:)", .equal(2000)), .never)
    verify(CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any), .atLeast(2))
    verify(CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any), .atMost(3))
    verify(
      CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any), CallCount(2...4))
    verify(CallPattern(store.calls, "save(_:)", ArgumentMatcher<String>.any), .never)
  }

  @Test func argumentsOfAnotherTypeDoNotMatch() {
    let store = MockPeopleStore()
    store.fetchPeople(since: 1990)
    verify(CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<String>.any), .never)
  }

  @Test func capturesTheArgumentsOfMatchedCalls() {
    let store = MockPeopleStore()
    store.save("John")
    store.fetchPeople(since: 1990)
    store.save("David")
    let saved = ArgumentCaptor<String>()
    verify(CallPattern(store.calls, "save(_:)", .capture(into: saved)), .times(2))
    #expect(saved.values == ["John", "David"])
    #expect(saved.last == "David")
  }

  /// A call's arguments are kept packed together; each captor still gets its own.
  @Test func capturesEachArgumentOfACallOfSeveral() {
    let board = CallRecorder("Board")
    board.record("move(from:to:)", 1, 3)
    board.record("move(from:to:)", 2, 4)
    let from = ArgumentCaptor<Int>()
    let to = ArgumentCaptor<Int>()
    verify(
      CallPattern(board, "move(from:to:)", .capture(into: from), .capture(into: to)), .times(2))
    #expect(from.values == [1, 2])
    #expect(to.values == [3, 4])
  }

  @Test func verifiesOrderAcrossDoubles() {
    let store = MockPeopleStore()
    let view = MockView()
    store.fetchPeople(since: 1990)
    view.show("Loading")
    store.save("John")
    view.show("Homura Akemi")
    verifyInOrder([
      CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any),
      CallPattern(view.calls, "show(_:)", .equal("Homura Akemi")),
    ])
    verifyInOrder([
      CallPattern(view.calls, "show(_:)", .equal("Loading")),
      CallPattern(store.calls, "save(_:)", ArgumentMatcher<String>.any),
      CallPattern(view.calls, "show(_:)", ArgumentMatcher<String>.any),
    ])
  }

  /// A captor in `verifyInOrder` keeps the argument of the call the order matched, not of every
  /// call its pattern would match.
  @Test func verifyInOrderCapturesTheCallsItMatched() {
    let store = MockPeopleStore()
    let view = MockView()
    store.save("John")
    view.show("Saved")
    store.save("David")
    let saved = ArgumentCaptor<String>()
    verifyInOrder([
      CallPattern(view.calls, "show(_:)", ArgumentMatcher<String>.any),
      CallPattern(store.calls, "save(_:)", .capture(into: saved)),
    ])
    #expect(saved.values == ["David"])
  }

  @Test func resetForgetsEveryCall() {
    let store = MockPeopleStore()
    store.save("John")
    store.calls.reset()
    #expect(store.calls.callCount == 0)
    verify(CallPattern(store.calls, "save(_:)", ArgumentMatcher<String>.any), .never)
  }

  @Test func patternsReadAsSwiftCalls() {
    let calls = CallRecorder("MockMailer")
    #expect(
      CallPattern(calls, "send(_:to:)", .equal("Hi"), ArgumentMatcher<String>.any).description
        == #"MockMailer.send("Hi", to: any)"#)
    #expect(CallPattern(calls, "isConnected").description == "MockMailer.isConnected")
    #expect(CallPattern(calls, "reset()").description == "MockMailer.reset()")
  }

  /// 8 threads make 100,000 calls each on one double: no call is lost. The threads are
  /// dispatch's, not the few that run Swift tasks, so other tests go on meanwhile.
  @Test func recordsEveryCallFromManyThreads() async throws {
    let store = MockPeopleStore()
    try await awaitCallback(timeout: .seconds(300)) { done in
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
          for call in 0..<100_000 {
            store.fetchPeople(since: thread * 100_000 + call)
          }
        }
        done(())
      }
    }
    #expect(store.calls.callCount == 800_000)
    verify(
      CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any), .times(800_000))
  }
}
