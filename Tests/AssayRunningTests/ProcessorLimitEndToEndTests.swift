import AssayResults
import AssayTestSupport
import Foundation
import Testing

@testable import AssayRunning

/// A test given a limit of processor time is killed when it has computed that long, however
/// busy the machine (a starved process computes no faster than its share): `assay mutate` stops
/// a mutant's endless loop after half a second of computing, where its wall-clock limit of
/// seconds was Ink's whole mutants' phase. A test that waits without computing is stopped by its
/// wall-clock limit only. Linux says a process's processor time; elsewhere the limit is not
/// kept, and the wall clock's is.
@Suite struct ProcessorLimitEndToEndTests {
  private func runner() async throws -> TestRunner {
    let root = try await ProcessEndEndToEndTests.fixture.value.get()
    // Long enough that a test killed at its processor limit cannot have been killed at this.
    return TestRunner(
      binary: TestBinary(path: "\(root)/.build/debug/ProcessEndFixturePackageTests.xctest"),
      testTimeout: 60)
  }

  @Test(arguments: [
    TestIdentifier(
      library: .swiftTesting, target: "EndSwiftTests", suite: "", test: "spinsForever()"),
    TestIdentifier(
      library: .xctest, target: "EndXCTests", suite: "SpinningTests", test: "testSpins"),
  ])
  func aTestThatComputesPastItsProcessorLimitIsKilledAndTheReasonSaysSo(
    spinning: TestIdentifier
  ) async throws {
    var runner = try await runner()
    runner.processorLimits = [spinning: 0.5]
    runner.xctestRunOrder = [spinning]
    let session = runner
    let results = try await offThePool {
      session.run(TestBatch(library: spinning.library, tests: [spinning]))
    }
    #expect(results.map(\.id) == [spinning])
    #expect(results.map(\.outcome) == [.timedOut])
    #if os(Linux)
      #expect(
        results.first?.reason
          == "killed after computing longer than its limit (0.5 s of processor time)")
      // Which limit killed it, not how long that took: on a busy machine a process computes
      // half a second in tens of seconds.
      #expect(results.first?.timeout == .processorTime)
    #endif
  }

  /// The baseline of `assay mutate` asks how long each test computed: the limit of a test that
  /// computes on several processors is five times that.
  @Test(arguments: [true, false])
  func aTestsProcessorTimeIsMeasuredWhenAsked(measured: Bool) async throws {
    let test = TestIdentifier(
      library: .xctest, target: "EndXCTests", suite: "StandardInputTests",
      test: "testReadsNoInput")
    var runner = try await runner()
    runner.measuresProcessorTime = measured
    runner.xctestRunOrder = [test]
    let session = runner
    let results = try await offThePool {
      session.run(TestBatch(library: .xctest, tests: [test]))
    }
    #expect(results.map(\.outcome) == [.passed])
    #if os(Linux)
      if measured {
        let computed = try #require(results.first?.processorTime)
        #expect(computed >= 0 && computed < 5)
      } else {
        #expect(results.first?.processorTime == nil)
      }
    #else
      #expect(results.first?.processorTime == nil)
    #endif
  }

  @Test func aTestThatWaitsWithoutComputingIsKilledAtItsWallClockLimit() async throws {
    let waiting = TestIdentifier(
      library: .xctest, target: "EndXCTests", suite: "SpinningTests", test: "testWaits")
    var runner = try await runner()
    runner.processorLimits = [waiting: 0.2]
    runner.testTimeouts = [waiting: 1.5]
    runner.xctestRunOrder = [waiting]
    let session = runner
    let results = try await offThePool {
      session.run(TestBatch(library: .xctest, tests: [waiting]))
    }
    #expect(results.map(\.outcome) == [.timedOut])
    // A busy machine adds how long the process waited for a processor.
    #expect(
      results.first?.reason?.hasPrefix("killed after running longer than its timeout (1.5 s)")
        == true, "\(results)")
    guard case .wallClock = results.first?.timeout else {
      Issue.record("a wall-clock timeout: \(results)")
      return
    }
  }
}
