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

  /// A test that suspends, and is resumed from other threads, goes on each time on the one
  /// thread the trait gave it, which waits idle for each job; the thread ends with the test.
  @Test func aSuspendedTestResumesOnItsOwnThreadWhichEndsWithIt() async throws {
    let test = try #require(Test.current)
    let threads = ThreadList()
    try await OwnThreadTrait.onItsOwnThread.provideScope(
      for: test, testCase: Test.Case.current
    ) {
      for _ in 0..<3 {
        threads.append(currentThread())
        // Resumed from a new thread while the test's own thread waits for its next job.
        await withCheckedContinuation { resumed in Thread.detachNewThread { resumed.resume() } }
      }
      threads.append(currentThread())
    }
    let seen = threads.all
    #expect(seen.count == 4)
    #expect(seen.allSatisfy { $0 === seen.first })
    let thread = try #require(seen.first)
    // The bound is for the failure only: stopping wakes the thread, which ends at once.
    let deadline = ContinuousClock.now + .seconds(30)
    while !thread.isFinished, ContinuousClock.now < deadline { await Task.yield() }
    #expect(thread.isFinished)
  }

  /// The thread has the stack of a process's main thread, where XCTest runs tests: 8 MiB.
  @Test func theThreadHasTheStackOfAMainThread() async throws {
    let test = try #require(Test.current)
    let size = Locked(0)
    try await OwnThreadTrait.onItsOwnThread.provideScope(
      for: test, testCase: Test.Case.current
    ) {
      size.withLock { $0 = currentStackSize() }
    }
    let bytes = size.withLock { $0 }
    #expect(bytes >= 8 << 20 && bytes < 9 << 20, "\(bytes) bytes")
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

/// The threads a test ran on, in order.
private final class ThreadList: @unchecked Sendable {
  // @unchecked: `threads` is only touched under `lock`.
  private let lock = NSLock()
  private var threads: [Thread] = []

  func append(_ thread: Thread) { lock.withLock { threads.append(thread) } }

  var all: [Thread] { lock.withLock { threads } }
}

/// The thread running the caller (`Thread.current` is not available in asynchronous code).
private func currentThread() -> Thread { Thread.current }

/// The size of the calling thread's stack, as the thread was started with.
private func currentStackSize() -> Int { Thread.current.stackSize }
