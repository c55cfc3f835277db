import Foundation
import Testing

@testable import Assay

/// `.oneAtATime`: tests that have it never overlap, and a test that throws still passes its
/// turn on.
@Suite(.timeLimit(.minutes(1))) struct OneAtATimeTraitTests {
  /// How many bodies run at once, and the most that ever did.
  final class Overlap: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private var highest = 0

    func enter() {
      lock.withLock {
        running += 1
        highest = max(highest, running)
      }
    }

    func leave() { lock.withLock { running -= 1 } }

    var most: Int { lock.withLock { highest } }
  }

  /// Eight bodies started at once, each through `scope`; each yields often, so bodies that may
  /// overlap do.
  private func eightAtOnce(
    through scope: @escaping @Sendable (@Sendable () async throws -> Void) async throws -> Void
  ) async throws -> Int {
    let overlap = Overlap()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          try await scope {
            overlap.enter()
            for _ in 0..<100 { await Task.yield() }
            overlap.leave()
          }
        }
      }
      try await group.waitForAll()
    }
    return overlap.most
  }

  @Test func testsWithTheTraitNeverOverlap() async throws {
    let test = try #require(Test.current)
    let testCase = Test.Case.current
    let most = try await eightAtOnce { body in
      try await OneAtATimeTrait.oneAtATime.provideScope(
        for: test, testCase: testCase, performing: body)
    }
    #expect(most == 1)
  }

  /// The control: the same bodies without the trait overlap, so the count above can fail.
  @Test func withoutTheTraitTheSameBodiesOverlap() async throws {
    let most = try await eightAtOnce { body in try await body() }
    #expect(most > 1)
  }

  @Test func aTestThatThrowsPassesItsTurnOn() async throws {
    struct Failed: Error {}
    let test = try #require(Test.current)
    let testCase = Test.Case.current
    await #expect(throws: Failed.self) {
      try await OneAtATimeTrait.oneAtATime.provideScope(for: test, testCase: testCase) {
        throw Failed()
      }
    }
    let ran = Overlap()
    try await OneAtATimeTrait.oneAtATime.provideScope(for: test, testCase: testCase) { ran.enter() }
    #expect(ran.most == 1)
  }
}

/// Given to a suite, the trait runs each test of the suite and of its nested suites in its
/// turn.
@Suite(.oneAtATime) struct OneAtATimeSuite {
  @Suite struct Nested {
    @Test func aTestOfANestedSuiteRunsInItsTurn() async {
      #expect(await Turns.shared.isTaken)
    }
  }
}
