import XCTest

@testable import Assay

/// A test case that can catch the failures XCTest records while a closure runs, so a test can
/// prove that an assertion fails, and how, without failing itself.
///
/// While capturing, `recordFailure` keeps the failure instead of failing the test, and tells
/// Assay's observer, as XCTest's observation center would. Outside `recordedFailures(_:)`
/// every failure is recorded as usual. The real XCTest wiring is proven end to end by
/// `EndToEndTests`, which runs fixture tests in a child process.
class FailureCapturingTestCase: XCTestCase {
  private var captured: [RecordedFailure]?

  /// Runs `body` and returns the failures XCTest recorded for this test case meanwhile.
  func recordedFailures(_ body: () throws -> Void) rethrows -> [RecordedFailure] {
    captured = []
    defer { captured = nil }
    try body()
    return captured ?? []
  }

  /// The async form of ``recordedFailures(_:)``.
  func recordedFailuresAwaiting(_ body: () async throws -> Void) async rethrows
    -> [RecordedFailure]
  {
    captured = []
    defer { captured = nil }
    try await body()
    return captured ?? []
  }

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      guard captured != nil else { return super.record(issue) }
      XCTestFailureObserver.shared.testCase(self, didRecord: issue)
      captured?.append(
        RecordedFailure(
          message: issue.compactDescription.removingXCTFailPrefix,
          fileName: issue.sourceCodeContext.location?.fileURL.lastPathComponent ?? "?",
          line: issue.sourceCodeContext.location?.lineNumber ?? 0
        )
      )
    }
  #else
    override func recordFailure(
      withDescription description: String,
      inFile filePath: String,
      atLine lineNumber: Int,
      expected: Bool
    ) {
      guard captured != nil else {
        return super.recordFailure(
          withDescription: description,
          inFile: filePath,
          atLine: lineNumber,
          expected: expected
        )
      }
      XCTestFailureObserver.shared.testCase(
        self,
        didFailWithDescription: description,
        inFile: filePath,
        atLine: lineNumber
      )
      captured?.append(
        RecordedFailure(
          message: description.removingXCTFailPrefix,
          fileName: filePath.fileName,
          line: lineNumber
        )
      )
    }
  #endif
}

extension String {
  /// XCTest prefixes `XCTFail`'s message with `failed - `; Assay's own text follows it.
  var removingXCTFailPrefix: String {
    hasPrefix("failed - ") ? String(dropFirst("failed - ".count)) : self
  }
}
