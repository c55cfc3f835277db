import Foundation
import Testing

/// Runs `body` and returns the issues it recorded in Swift Testing, without failing the test.
///
/// The issues are caught with `withKnownIssue`, so a body that records nothing fails the
/// calling test ("Known issue was not recorded"): a check that cannot fail cannot hide here.
func recordedIssues(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) throws -> [RecordedFailure] {
  let box = IssueBox()
  try withKnownIssue(sourceLocation: sourceLocation) {
    try body()
  } matching: { issue in
    box.append(issue)
    return true
  }
  return box.failures
}

/// The async form of ``recordedIssues(sourceLocation:_:)``.
func recordedIssues(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void
) async throws -> [RecordedFailure] {
  let box = IssueBox()
  try await withKnownIssue(sourceLocation: sourceLocation) {
    try await body()
  } matching: { issue in
    box.append(issue)
    return true
  }
  return box.failures
}

private final class IssueBox: @unchecked Sendable {
  // @unchecked: `issues` is only touched under `lock`.
  private let lock = NSLock()
  private var issues: [Issue] = []

  func append(_ issue: Issue) {
    lock.withLock { issues.append(issue) }
  }

  var failures: [RecordedFailure] {
    lock.withLock {
      issues.map { issue in
        RecordedFailure(
          message: issue.comments.map(\.rawValue).joined(separator: "\n"),
          fileName: issue.sourceLocation?.fileName ?? "?",
          line: issue.sourceLocation?.line ?? 0
        )
      }
    }
  }
}
