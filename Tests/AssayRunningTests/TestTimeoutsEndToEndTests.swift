import AssayResults
import AssayTestSupport
import Foundation
import Testing

@testable import AssayRunning

/// A test given a timeout of its own is killed at it, not at the runner's: `assay mutate`
/// gives each test a few times its own duration, so that a mutant that makes a fast test loop
/// costs seconds, not a few times the slowest test that reaches it (attaswift/BigInt at 011c999:
/// 3 of 13 sampled mutants timed out, each waiting for five times its slowest covering test).
@Suite struct TestTimeoutsEndToEndTests {
  private func runner() async throws -> TestRunner {
    let root = try await RunnerEndToEndTests.fixture.value.get()
    // Long enough that a test killed at its own limit cannot have been killed at this one.
    return TestRunner(
      binary: TestBinary(path: "\(root)/.build/debug/RunnerFixturePackageTests.xctest"),
      testTimeout: 120)
  }

  @Test(arguments: [
    TestIdentifier(
      library: .swiftTesting, target: "FixtureSwiftTests", suite: "AdditionTests",
      test: "hangs()"),
    TestIdentifier(
      library: .xctest, target: "FixtureXCTests", suite: "ArithmeticTests", test: "testHangs"),
  ])
  func aTestIsKilledAtItsOwnTimeoutAndTheReasonSaysWhich(hanging: TestIdentifier) async throws {
    var runner = try await runner()
    runner.testTimeouts = [hanging: 1.5]
    // XCTest's output names a test without its module: the run order names it whole.
    runner.xctestRunOrder = [hanging]
    let session = runner
    let results = try await offThePool {
      session.run(TestBatch(library: hanging.library, tests: [hanging]))
    }
    #expect(results.map(\.id) == [hanging])
    #expect(results.map(\.outcome) == [.timedOut])
    // A busy machine adds how long the process waited for a processor.
    #expect(
      results.first?.reason?.hasPrefix("killed after running longer than its timeout (1.5 s)")
        == true, "\(results)")
    // What tells `assay mutate` that it ran out of time by itself, not for a busy machine.
    guard case .wallClock(let wait) = results.first?.timeout else {
      Issue.record("a wall-clock timeout: \(results)")
      return
    }
    #if os(Linux)
      #expect(wait != nil)
    #else
      #expect(wait == nil)
    #endif
  }

  @Test func aTestWithoutATimeoutOfItsOwnHasTheRunnersAndTheReasonSaysIt() async throws {
    let hanging = TestIdentifier(
      library: .swiftTesting, target: "FixtureSwiftTests", suite: "AdditionTests",
      test: "hangs()")
    var runner = try await runner()
    runner.testTimeout = 2
    let session = runner
    let results = try await offThePool {
      session.run(TestBatch(library: .swiftTesting, tests: [hanging]))
    }
    #expect(results.map(\.outcome) == [.timedOut])
    // A busy machine adds how long the process waited for a processor.
    #expect(
      results.first?.reason?.hasPrefix("killed after running longer than its timeout (2 s)")
        == true, "\(results)")
  }
}
