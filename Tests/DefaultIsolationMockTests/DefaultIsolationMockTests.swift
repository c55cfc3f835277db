import Assay
import AssayMock
import Testing

// This module is built with default MainActor isolation (`.defaultIsolation(MainActor.self)`
// in Package.swift), as new app targets are. Its protocols, and the mocks `@Mock` writes next
// to them, are then isolated to the main actor without saying so.

@Mock
protocol Greeter {
  var name: String { get }
  func greet(_ person: String) -> String
  func greetAll(_ people: [String]) async throws -> Int
}

@Mock
protocol Clock: Sendable {
  nonisolated func now() -> Int
}

struct Welcome {
  let greeter: any Greeter

  func welcome(_ people: [String]) -> [String] { people.map(greeter.greet) }
}

@Suite struct DefaultIsolationMockTests {
  @Test func stubsAndVerifiesOnTheMainActor() {
    let greeter = MockGreeter()
    greeter.calls.greet(.any).will { "Hello, \($0)" }

    #expect(Welcome(greeter: greeter).welcome(["Ada", "Alan"]) == ["Hello, Ada", "Hello, Alan"])
    verify(greeter.calls.greet(.any), .times(2))
    verifyInOrder([greeter.calls.greet(.equal("Ada")), greeter.calls.greet(.equal("Alan"))])
  }

  @Test func asyncThrowingMembersAndProperties() async throws {
    let greeter = MockGreeter()
    greeter.calls.name.willReturn("Grace")
    greeter.calls.greetAll(.any).willReturn(3)

    #expect(greeter.name == "Grace")
    #expect(try await greeter.greetAll(["a", "b", "c"]) == 3)
    verify(greeter.calls.greetAll(.equal(["a", "b", "c"])))
  }

  @Test func nonisolatedRequirementsCanBeCalledFromAnyTask() async {
    let clock = MockClock()
    clock.calls.now().willReturn(42)

    let reading = await Task.detached { clock.now() }.value
    #expect(reading == 42)
    verify(clock.calls.now())
  }

  @Test func aWrongCountStillFails() {
    let greeter = MockGreeter()
    greeter.calls.greet(.any).willReturn("hi")
    _ = greeter.greet("Ada")

    withKnownIssue {
      verify(greeter.calls.greet(.any), .times(2))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        verify failed: expected MockGreeter.greet(any) to be called 2 times, but it was called 1 \
        time
        calls to MockGreeter:
        1. greet("Ada")
        """
      ]
    }
  }
}
