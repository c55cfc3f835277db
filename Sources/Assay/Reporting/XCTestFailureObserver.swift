import Foundation
import XCTest

/// Tells whether XCTest recorded a failure against a running test case.
///
/// `XCTFail` outside a running `XCTestCase` (for example inside a Swift Testing `@Test`) is
/// dropped without a word. XCTest offers no public "current test case", but it notifies its
/// observers, on the failing thread, of every failure it records. Counting those notifications
/// around a call of `XCTFail` tells whether the failure landed.
final class XCTestFailureObserver: NSObject, XCTestObservation, @unchecked Sendable {
  // @unchecked: `recordedFailures` and `isRegistered` are only touched under `lock`.
  static let shared = XCTestFailureObserver()

  private let lock = NSLock()
  private var recordedFailures = 0
  private var isRegistered = false

  /// Runs `record` (which calls into XCTest) and returns whether XCTest recorded a failure.
  func recordsFailure(_ record: () -> Void) -> Bool {
    registerIfNeeded()
    let before = lock.withLock { recordedFailures }
    record()
    return lock.withLock { recordedFailures } > before
  }

  private func registerIfNeeded() {
    let needsRegistration = lock.withLock {
      defer { isRegistered = true }
      return !isRegistered
    }
    if needsRegistration {
      XCTestObservationCenter.shared.addTestObserver(self)
    }
  }

  private func countFailure() {
    lock.withLock { recordedFailures += 1 }
  }

  #if canImport(Darwin)
    func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
      countFailure()
    }
  #else
    func testCase(
      _ testCase: XCTestCase,
      didFailWithDescription description: String,
      inFile filePath: String?,
      atLine lineNumber: Int
    ) {
      countFailure()
    }
  #endif
}
