import Testing
import XCTest

/// Records a failure and ends the current test, recorded once, in whichever framework runs it.
///
/// `unwrap` and the asynchronous bridges use it when there is no value to go on with:
/// - Swift Testing: an issue at the call site, then `Test.cancel`.
/// - XCTest: a hand-off to `XCTUnwrap`, whose thrown error XCTest knows not to count twice
///   (XCTest on Linux offers no other such error). XCTest then shows its own prefix,
///   `XCTUnwrap failed: expected non-nil value of type "T"`, before `xcTestMessage`.
/// - No framework: standard error, and `outsideTests` is thrown.
/// - Inside `eventually`: collected, and `outsideTests` is thrown to end the attempt.
enum TestEnding {
  static func fail<T>(
    _ text: String,
    unwrapping _: T.Type,
    xcTestMessage: String,
    outsideTests: any AlreadyRecordedError,
    at site: CallSite
  ) throws -> Never {
    if let collector = FailureCollector.current, collector.collect(text) {
      throw outsideTests
    }
    if Test.current != nil {
      FailureReporter.record(text, at: site)
      try Test.cancel(Comment(rawValue: text), sourceLocation: site.sourceLocation)
    }
    var xctestError: (any Error)?
    let acceptedByXCTest = XCTestFailureObserver.shared.recordsFailure {
      do {
        _ = try XCTUnwrap(T?.none, xcTestMessage, file: site.filePath, line: site.line)
      } catch {
        xctestError = error
      }
    }
    if acceptedByXCTest, let xctestError {
      throw xctestError
    }
    FailureReporter.reportOutsideTests(text, at: site)
    throw outsideTests
  }
}
