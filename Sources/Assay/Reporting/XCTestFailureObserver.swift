import Foundation
import XCTest

/// Tells whether XCTest recorded a failure against a running test case.
///
/// `XCTFail` outside a running `XCTestCase` (for example inside a Swift Testing `@Test`) is
/// dropped without a word. XCTest offers no public "current test case", but it notifies its
/// observers, on the failing thread, of every failure it records. Counting those notifications
/// on the calling thread around a call of `XCTFail` tells whether that failure landed: a
/// failure another thread records meanwhile is counted on that thread, not taken for ours.
final class XCTestFailureObserver: NSObject, XCTestObservation, @unchecked Sendable {
  // @unchecked: `isRegistered` is only touched under `lock`; the counts are per thread.
  static let shared = XCTestFailureObserver()

  private let lock = NSLock()
  private var isRegistered = false
  private static let countKey = "Assay.XCTestFailureObserver.recordedFailures"

  /// Runs `record` (which calls into XCTest on this thread) and returns whether XCTest
  /// recorded a failure on this thread meanwhile.
  func recordsFailure(_ record: () -> Void) -> Bool {
    registerIfNeeded()
    let before = Self.failuresOnThisThread
    record()
    return Self.failuresOnThisThread > before
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

  private static var failuresOnThisThread: Int {
    get { (Thread.current.threadDictionary[countKey] as? Int) ?? 0 }
    set { Thread.current.threadDictionary[countKey] = newValue }
  }

  private func countFailure() {
    Self.failuresOnThisThread += 1
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
