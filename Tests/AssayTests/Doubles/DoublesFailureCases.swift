import Assay

/// How every verification of a test double fails, with the message users see. Run in both
/// frameworks by `SwiftTestingFailureDetectionTests` and `XCTestFailureDetectionTests`.
enum DoublesFailureCases {
  static let all: [FailureCase] = [
    FailureCase(
      "expectCalls with nothing to verify it",
      """
      expectCalls failed: nothing would verify MockPeopleStore.save(any) when the test ends: \
      give the test or its suite the .verifiesCallExpectations trait, or call it in an \
      XCTestCase
      """,
      failsAt: 10
    ) {
      let store = MockPeopleStore()
      expectCalls(CallPattern(store.calls, "save(_:)", ArgumentMatcher<String>.any))
    },
    FailureCase(
      "verify never received",
      """
      verify failed: expected MockPeopleStore.fetchPeople(since: 1990) to be called once, \
      but it was called 0 times
      calls to MockPeopleStore:
      1. fetchPeople(since: 1989)
      """,
      failsAt: 12
    ) {
      let store = MockPeopleStore()
      store.fetchPeople(since: 1989)
      verify(CallPattern(store.calls, "fetchPeople(since:)", .equal(1990)))
    },
    FailureCase(
      "verify with no calls at all",
      """
      verify failed: expected MockPeopleStore.save(any) to be called once, but it was called \
      0 times
      no calls to MockPeopleStore
      """,
      failsAt: 10
    ) {
      let store = MockPeopleStore()
      verify(CallPattern(store.calls, "save(_:)", ArgumentMatcher<String>.any))
    },
    FailureCase(
      "verify wrong count",
      """
      verify failed: expected MockPeopleStore.save("John") to be called once, but it was \
      called 2 times
      calls to MockPeopleStore:
      1. save("John")
      2. save("John")
      """,
      failsAt: 14
    ) {
      let store = MockPeopleStore()
      store.save("John")
      store.save("John")
      verify(CallPattern(store.calls, "save(_:)", .equal("John")), .once)
    },
    FailureCase(
      "verify a call of several arguments",
      """
      verify failed: expected Board.move(from: any, to: 3) to be called 2 times, but it was \
      called 1 time
      calls to Board:
      1. move(from: 1, to: 3)
      2. move(from: 2, to: 4)
      """,
      failsAt: 14
    ) {
      let recorder = CallRecorder("Board")
      recorder.record("move(from:to:)", 1, 3)
      recorder.record("move(from:to:)", 2, 4)
      verify(
        CallPattern(recorder, "move(from:to:)", ArgumentMatcher<Int>.any, .equal(3)), .times(2))
    },
    FailureCase(
      "verify arguments recorded as a subclass of the matcher's type",
      """
      verify failed: expected Shelter.adopt(any, age: 2) never to be called, but it was called \
      1 time
      calls to Shelter:
      1. adopt(Puppy(), age: 2)
      """,
      failsAt: 12
    ) {
      let recorder = CallRecorder("Shelter")
      recorder.record("adopt(_:age:)", Puppy(), 2)
      verify(CallPattern(recorder, "adopt(_:age:)", ArgumentMatcher<Pet>.any, .equal(2)), .never)
    },
    FailureCase(
      "verify never, but called",
      """
      verify failed: expected MockPeopleStore.save(any) never to be called, but it was called \
      1 time
      calls to MockPeopleStore:
      1. save("John")
      """,
      failsAt: 12
    ) {
      let store = MockPeopleStore()
      store.save("John")
      verify(CallPattern(store.calls, "save(_:)", ArgumentMatcher<String>.any), .never)
    },
    FailureCase(
      "verify at least, with a matcher",
      """
      verify failed: expected MockPeopleStore.fetchPeople(since: greater than 1980) to be \
      called at least 2 times, but it was called 1 time
      calls to MockPeopleStore:
      1. fetchPeople(since: 1990)
      2. fetchPeople(since: 1970)
      """,
      failsAt: 14
    ) {
      let store = MockPeopleStore()
      store.fetchPeople(since: 1990)
      store.fetchPeople(since: 1970)
      verify(
        CallPattern(store.calls, "fetchPeople(since:)", .that(greaterThan(1980))), .atLeast(2))
    },
    FailureCase(
      "verifyInOrder wrong order",
      """
      verifyInOrder failed: expected MockView.show(any) after MockPeopleStore.fetchPeople(since: \
      any), but no such call came after it
      calls to MockPeopleStore, MockView:
      1. MockView.show("Homura Akemi")
      2. MockPeopleStore.fetchPeople(since: 1990)
      """,
      failsAt: 15
    ) {
      let store = MockPeopleStore()
      let view = MockView()
      view.show("Homura Akemi")
      store.fetchPeople(since: 1990)
      verifyInOrder([
        CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any),
        CallPattern(view.calls, "show(_:)", ArgumentMatcher<String>.any),
      ])
    },
    FailureCase(
      "verifyInOrder first call missing",
      """
      verifyInOrder failed: expected MockPeopleStore.fetchPeople(since: any) first, but it was \
      never called
      no calls to MockPeopleStore
      """,
      failsAt: 10
    ) {
      let store = MockPeopleStore()
      verifyInOrder([CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any)])
    },
    FailureCase(
      "verifyInOrder one call for two patterns",
      """
      verifyInOrder failed: expected MockPeopleStore.fetchPeople(since: any) after \
      MockPeopleStore.fetchPeople(since: any), but no such call came after it
      calls to MockPeopleStore:
      1. fetchPeople(since: 1990)
      """,
      failsAt: 12
    ) {
      let store = MockPeopleStore()
      store.fetchPeople(since: 1990)
      verifyInOrder([
        CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any),
        CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any),
      ])
    },
    FailureCase(
      "verify within a timeout",
      """
      verify failed: expected MockPeopleStore.save(any) to be called once within 20 ms, but it \
      was called 0 times
      no calls to MockPeopleStore
      """,
      failsAt: 10
    ) {
      let store = MockPeopleStore()
      await verify(
        CallPattern(store.calls, "save(_:)", ArgumentMatcher<String>.any),
        timeout: .milliseconds(20)
      )
    },
    FailureCase(
      "strict double, unstubbed call",
      "strict double failed: MockCounter.count(since: 1990) was called, but no answer was "
        + "stubbed for it",
      failsAt: 9
    ) {
      final class MockCounter: Sendable {
        let calls = CallRecorder("MockCounter")
        func count(since year: Int) throws -> Int {
          try calls.throwingAnswer("count(since:)", year)
        }
      }
      _ = try? MockCounter().count(since: 1990)
    },
    FailureCase(
      "a result that may be noncopyable",
      "mock failed: MockProvider.watch(updatesHandler: 2) was called, but its result, a "
        + "'Return' that may be noncopyable, cannot be stubbed: implement this member in a "
        + "double written by hand",
      failsAt: 10
    ) {
      final class MockProvider: Sendable {
        let calls = CallRecorder("MockProvider")
        func watch<Return: ~Copyable>(updatesHandler: Int) throws -> Return {
          try calls.throwingNoAnswer("watch(updatesHandler:)", updatesHandler, result: "Return")
        }
      }
      _ = try? MockProvider().watch(updatesHandler: 2) as Int
    },
    FailureCase(
      "strict double, unstubbed non-throwing call",
      "strict double failed: MockCounter.isEmpty was called, but no answer was stubbed for it",
      failsAt: 7
    ) {
      final class MockCounter: Sendable {
        let calls = CallRecorder("MockCounter")
        var isEmpty: Bool { calls.answer("isEmpty") }
      }
      _ = MockCounter().isEmpty
    },
    FailureCase(
      "strict double, unstubbed call answered by a fallback",
      "strict double failed: MockDirectory.person(named: \"Ada\") was called, but no answer was "
        + "stubbed for it",
      failsAt: 8
    ) {
      final class MockDirectory: Sendable {
        let calls = CallRecorder("MockDirectory")
        func person(named name: String) -> Person { calls.answer("person(named:)", name) }
      }
      let directory = MockDirectory()
      directory.calls.fallBack(to: Person(firstName: "", lastName: "", birthYear: 0))
      // Recorded once, then answered with the fallback: the test goes on.
      _ = directory.person(named: "Ada")
    },
    FailureCase(
      "stub of the wrong type",
      "stub failed: MockCounter.count(since: 1990) returns Int, but the stubbed answer is a String",
      failsAt: 8
    ) {
      final class MockCounter: Sendable {
        let calls = CallRecorder("MockCounter")
        func count(since year: Int) throws -> Int {
          try calls.throwingAnswer("count(since:)", year)
        }
      }
      let counter = MockCounter()
      CallPattern(counter.calls, "count(since:)", ArgumentMatcher<Int>.any).willReturn("three")
      _ = try? counter.count(since: 1990)
    },
    FailureCase(
      "stubbed error for a non-throwing member",
      "stub failed: MockCounter.isEmpty does not throw, but an error was stubbed for it: "
        + "NetworkError()",
      failsAt: 8
    ) {
      final class MockCounter: Sendable {
        let calls = CallRecorder("MockCounter")
        var isEmpty: Bool { calls.answer("isEmpty") }
      }
      let counter = MockCounter()
      CallPattern(counter.calls, "isEmpty").willThrow(NetworkError())
      _ = counter.isEmpty
    },
  ]
}

/// A hand-written mock of a people store that records its calls.
final class MockPeopleStore: Sendable {
  let calls = CallRecorder("MockPeopleStore")

  func fetchPeople(since year: Int) {
    calls.record("fetchPeople(since:)", year)
  }

  func save(_ name: String) {
    calls.record("save(_:)", name)
  }
}

/// A hand-written mock of a view that records what it was asked to show.
final class MockView: Sendable {
  let calls = CallRecorder("MockView")

  func show(_ title: String) {
    calls.record("show(_:)", title)
  }
}

/// A class of pets, for arguments recorded with a subclass's type.
class Pet: @unchecked Sendable {}

/// A pet recorded as itself, matched as a `Pet`.
final class Puppy: Pet, CustomStringConvertible, @unchecked Sendable {
  var description: String { "Puppy" }
}
