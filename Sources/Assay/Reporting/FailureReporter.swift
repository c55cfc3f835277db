import Foundation
import Testing
import XCTest

/// Sends failures to the test framework that runs the current test.
///
/// The order matters and is the reason Assay exists:
/// 0. While `eventually` or `continually` re-runs a block of assertions, the block's failures
///    are collected, not reported (see `FailureCollector`). Every message first gets the lines
///    of its `FailureContext` (the running spec step, example or contract check).
/// 1. Inside a Swift Testing `@Test` (the task-local `Test.current` is set), the failure becomes
///    an `Issue` with the caller's source location. `XCTFail` would pass silently there.
/// 2. Otherwise Assay calls `XCTFail`, and an `XCTestObservation` observer confirms that XCTest
///    recorded it against a running `XCTestCase`. `Issue.record` would pass silently there.
/// 3. If neither accepted it (a detached task, a thread outliving its test, plain code), the
///    failure is written to standard error and offered to Swift Testing, which reports it for
///    the run as a whole when a Swift Testing run is in progress.
enum FailureReporter {
  /// Records `message` as a failure at `site`, with the framework running the current test.
  static func record(_ message: String, at site: CallSite) {
    let insideSwiftTesting = Test.current != nil
    let message = FailureContext.annotate(message, insideSwiftTesting: insideSwiftTesting)
    if let collector = FailureCollector.current, collector.collect(message) {
      return
    }
    if insideSwiftTesting {
      Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
      return
    }
    let acceptedByXCTest = XCTestFailureObserver.shared.recordsFailure {
      XCTFail(message, file: site.filePath, line: site.line)
    }
    if !acceptedByXCTest {
      reportOutsideTests(message, at: site)
    }
  }

  /// Writes a failure that no test framework accepted to standard error, and offers it to a
  /// Swift Testing run that may be in progress without a current test (a detached task).
  static func reportOutsideTests(_ message: String, at site: CallSite) {
    let line = "\(site.filePath):\(site.line): error: Assay failure outside of a running test: "
    FileHandle.standardError.write(Data((line + message + "\n").utf8))
    Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
  }
}

extension CallSite {
  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: fileID,
      filePath: "\(filePath)",
      line: Int(line),
      column: Int(column)
    )
  }
}
