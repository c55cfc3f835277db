import Foundation
import Testing

@testable import Assay

/// What the `.tearsDown` trait runs, and in which order; its trait is driven by hand, so each
/// test sees what ran after "its" test ended.
@Suite struct TeardownTests {
  struct Broken: Error {}

  private func runWithTheTrait(_ body: @escaping @Sendable () async throws -> Void)
    async throws
  {
    let test = try #require(Test.current)
    try await TearsDownTrait().provideScope(
      for: test, testCase: Test.Case.current, performing: body)
  }

  @Test func blocksRunAfterTheTestTheLastAddedFirst() async throws {
    let log = Locked<[String]>([])
    try await runWithTheTrait {
      addTeardownBlock { log.withLock { $0.append("added first") } }
      addTeardownBlock { log.withLock { $0.append("added second") } }
      log.withLock { $0.append("body") }
    }
    #expect(log.withLock { $0 } == ["body", "added second", "added first"])
  }

  @Test func blocksRunWhenTheTestThrowsAndTheErrorStillFailsIt() async throws {
    let log = Locked<[String]>([])
    await #expect(throws: Broken.self) {
      try await runWithTheTrait {
        addTeardownBlock { log.withLock { $0.append("cleaned up") } }
        throw Broken()
      }
    }
    #expect(log.withLock { $0 } == ["cleaned up"])
  }

  @Test func aBlockThatThrowsFailsTheTestAtItsLineAndTheOthersStillRun() async throws {
    let log = Locked<[String]>([])
    let issues = try await recordedIssues {
      try await runWithTheTrait {
        addTeardownBlock { log.withLock { $0.append("still ran") } }
        addTeardownBlock { throw Broken() }
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message == "teardown block threw TeardownTests.Broken()")
    #expect(issues.first?.line == #line - 5)
    #expect(log.withLock { $0 } == ["still ran"])
  }

  @Test func aBlockMayAwait() async throws {
    let done = Locked(false)
    try await runWithTheTrait {
      addTeardownBlock {
        await Task.yield()
        done.withLock { $0 = true }
      }
    }
    #expect(done.withLock { $0 })
  }
}

/// Given to a suite, the trait gives each test of the suite and of its nested suites its
/// teardown blocks.
@Suite(.tearsDown) struct TearsDownSuite {
  @Suite struct Nested {
    @Test func aTestOfANestedSuiteHasItsTeardownBlocks() {
      #expect(TeardownBlocks.current != nil)
    }
  }
}
