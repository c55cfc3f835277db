import Foundation
import Testing
import XCTest

@testable import Assay
@testable import AssayCore

/// Paths where a failure could be lost or faked, each with a test that failed before its fix.
@Suite struct LostFailureTests {
  /// Before the fix, the late failure went into the closed collector of the passed attempt
  /// and nobody read it: no issue was recorded.
  @Test func aTaskStartedInsideEventuallyThatFailsLaterIsReported() async throws {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let late = Locked<Task<Void, Never>?>(nil)
    let failures = try await recordedIssues {
      await eventually(timeout: .seconds(600)) {
        late.withLock { task in
          task = Task {
            for await _ in gate { break }
            fail("failed after the attempt ended")
          }
        }
      }
      open.yield()
      await late.withLock { $0 }?.value
    }
    #expect(failures.map(\.message) == ["failed after the attempt ended"])
    #expect(failures.map(\.line) == [#line - 8])
  }

  /// Before the fix, `Int(Double)` trapped on a timeout past Int.max nanoseconds.
  @Test func aHugeTimeoutWaitsInsteadOfTrapping() async {
    let done = TestExpectation("done")
    done.fulfill()
    let result = await waitForFulfillment(of: [done], timeout: .seconds(Int64.max))
    #expect(result == .completed)
    #expect(Duration.seconds(Int64.max).dispatchInterval == .nanoseconds(4_611_686_018_427_387_904))
    #expect(Duration.seconds(-5).dispatchInterval == .nanoseconds(0))
    #expect(DurationText.describe(.seconds(Int64.max)) == "9.223372036854776e+18 s")
  }

  /// Before the fix, a double that had received thousands of calls listed them all.
  @Test func aVerificationFailureListsAtMostSixtyLinesOfCalls() throws {
    let recorder = CallRecorder("MockLog")
    for index in 0..<1000 { recorder.record("write(_:)", index) }
    let failures = try recordedIssues {
      verify(CallPattern(recorder, "flush()"), .once)
    }
    try #require(failures.count == 1)
    let lines = failures[0].message.split(separator: "\n")
    #expect(
      lines.first
        == "verify failed: expected MockLog.flush() to be called once, but it was called 0 times")
    #expect(lines.count == 62)
    #expect(lines.last == "  … (941 more lines)")
  }
}

/// Counting XCTest's failures per thread.
final class XCTestFailureObserverTests: XCTestCase {
  /// Before the fix, one process-wide counter took a failure that another thread recorded
  /// meanwhile for the failure of the caller, which XCTest had dropped.
  func testAFailureRecordedOnAnotherThreadIsNotTakenForOurs() {
    let observer = XCTestFailureObserver.shared
    let accepted = observer.recordsFailure {
      let recorded = DispatchSemaphore(value: 0)
      nonisolated(unsafe) let testCase = self  // used by the other thread alone, meanwhile
      Thread {
        testCase.notifyObserverOfFailure("elsewhere")
        recorded.signal()
      }.start()
      recorded.wait()
    }
    XCTAssertFalse(accepted)
  }

  func testAFailureRecordedOnThisThreadIsTakenForOurs() {
    let observer = XCTestFailureObserver.shared
    let accepted = observer.recordsFailure {
      notifyObserverOfFailure("here")
    }
    XCTAssertTrue(accepted)
  }
}

extension XCTestCase {
  /// Tells Assay's observer of a failure on the calling thread, as XCTest does.
  fileprivate func notifyObserverOfFailure(_ description: String) {
    #if canImport(Darwin)
      XCTestFailureObserver.shared.testCase(
        self, didRecord: XCTIssue(type: .assertionFailure, compactDescription: description))
    #else
      XCTestFailureObserver.shared.testCase(
        self, didFailWithDescription: description, inFile: nil, atLine: 1)
    #endif
  }
}

/// The doubles' runtime (AssayCore) links no test framework and finds Assay's hook by name.
@Test func theDoublesRuntimeFindsAssaysFailureHook() {
  #expect(FailureSink.hook == FailureHook.self)
}
