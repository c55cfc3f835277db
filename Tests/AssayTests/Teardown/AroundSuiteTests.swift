import Foundation
import Testing

@testable import Assay

/// What the `.aroundSuite` trait runs, and in which order: driven by hand around a body that
/// stands for the suite's tests, and applied to a suite whose tests see its set-up.
@Suite struct AroundSuiteTests {
  struct Broken: Error {}

  private func runAround(
    _ log: Locked<[String]>, setUpThrows: Bool = false,
    _ body: @escaping @Sendable () async throws -> Void
  ) async throws {
    let trait = AroundSuiteTrait.aroundSuite(
      setUp: {
        log.withLock { $0.append("set up") }
        if setUpThrows { throw Broken() }
      },
      tearDown: { log.withLock { $0.append("torn down") } })
    #expect(trait.isRecursive == false)
    let test = try #require(Test.current)
    try await trait.provideScope(for: test, testCase: nil, performing: body)
  }

  @Test func setUpRunsBeforeTheTestsAndTearDownAfter() async throws {
    let log = Locked<[String]>([])
    try await runAround(log) { log.withLock { $0.append("tests") } }
    #expect(log.withLock { $0 } == ["set up", "tests", "torn down"])
  }

  @Test func tearDownRunsWhenRunningTheTestsThrows() async throws {
    let log = Locked<[String]>([])
    await #expect(throws: Broken.self) {
      try await runAround(log) { throw Broken() }
    }
    #expect(log.withLock { $0 } == ["set up", "torn down"])
  }

  @Test func aSetUpThatThrowsRunsNoTestsAndNoTearDown() async throws {
    let log = Locked<[String]>([])
    await #expect(throws: Broken.self) {
      try await runAround(log, setUpThrows: true) { log.withLock { $0.append("tests") } }
    }
    #expect(log.withLock { $0 } == ["set up"])
  }
}

/// A suite with the trait: its set-up has run, once, before any of its tests.
@Suite(.aroundSuite(setUp: { AroundSuiteCounter.setUps.withLock { $0 += 1 } }))
struct AroundSuiteAppliedTests {
  @Test(arguments: 1...3) func eachTestSeesOneSetUp(_ index: Int) {
    #expect(AroundSuiteCounter.setUps.withLock { $0 } == 1, "test \(index)")
  }
}

enum AroundSuiteCounter {
  static let setUps = Locked(0)
}
