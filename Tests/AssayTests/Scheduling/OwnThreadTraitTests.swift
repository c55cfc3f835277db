import Dispatch
import Foundation
import Testing

@testable import Assay

/// `.onItsOwnThread`: tests that block their thread until a task finishes do not hold the
/// threads that task needs, however many block at once.
@Suite(.timeLimit(.minutes(1))) struct OwnThreadTraitTests {
  /// Bodies started at once, one more than the machine has processors (the shared threads),
  /// each through `scope`; each blocks its thread until a task it starts signals, or for
  /// `patience` seconds. How many saw the signal.
  private func blockingBodies(
    patience: Double,
    through scope: @escaping @Sendable (@Sendable () async throws -> Void) async throws -> Void
  ) async throws -> (signalled: Int, bodies: Int) {
    let bodies = ProcessInfo.processInfo.activeProcessorCount + 1
    let signalled = try await withThrowingTaskGroup(of: Bool.self) { group in
      for _ in 0..<bodies {
        group.addTask {
          let done = DispatchSemaphore(value: 0)
          let outcome = Outcome()
          try await scope {
            Task { done.signal() }
            outcome.signalled = done.wait(timeout: .now() + patience) == .success
          }
          return outcome.signalled
        }
      }
      return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    return (signalled, bodies)
  }

  /// What a body saw, set once on its thread and read after it ended.
  private final class Outcome: @unchecked Sendable {
    var signalled = false
  }

  @Test func blockingBodiesWithTheTraitLetTheirTasksRun() async throws {
    let test = try #require(Test.current)
    let testCase = Test.Case.current
    let result = try await blockingBodies(patience: 20) { body in
      try await OwnThreadTrait.onItsOwnThread.provideScope(
        for: test, testCase: testCase, performing: body)
    }
    #expect(result.signalled == result.bodies)
  }

  /// The control: the same bodies without the trait hold every shared thread, so their tasks
  /// wait until the bodies give up, and the count above can fail.
  @Test func withoutTheTraitTheSameBodiesStarveTheirTasks() async throws {
    let result = try await blockingBodies(patience: 1) { body in try await body() }
    #expect(result.signalled < result.bodies)
  }
}

/// Given to a suite, the trait runs each test of the suite and of its nested suites on a
/// thread of its own.
@Suite(.onItsOwnThread) struct OnItsOwnThreadSuite {
  @Suite struct Nested {
    @Test func aTestOfANestedSuiteRunsOnItsOwnThread() {
      #expect(DedicatedThread.isCurrent)
    }
  }
}
