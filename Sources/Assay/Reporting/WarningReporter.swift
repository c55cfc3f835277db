import Foundation
import Testing

/// Sends a warning, which does not fail the test, to the framework that runs the current test:
/// an issue of warning severity inside a Swift Testing `@Test`, and otherwise (XCTest has no
/// warnings) a `file:line: warning: ...` line on standard error, which editors and CI logs
/// show.
enum WarningReporter {
  /// Records `message` as a warning at `site`.
  static func record(_ message: String, at site: CallSite) {
    let message = FailureContext.annotate(message, insideSwiftTesting: Test.current != nil)
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message), severity: .warning, sourceLocation: site.sourceLocation)
      return
    }
    FileHandle.standardError.write(
      Data("\(site.filePath):\(site.line): warning: \(message)\n".utf8))
  }
}
