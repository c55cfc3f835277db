import Foundation
import Testing
import XCTest

@testable import Assay
@testable import AssayCore

/// Where a warning goes: inside a Swift Testing test, an issue of warning severity with the
/// lines of its context that the test case's name does not show already (a step's, not an
/// example's); anywhere else (XCTest has no warnings), a `file:line: warning:` line on
/// standard error with every line of its context.
struct WarningReporterTests {
  @Test func insideATestAWarningIsAnIssueOfWarningSeverityWithoutTheExamplesLine() async {
    let found = Locked<[(severity: Issue.Severity, message: String)]>([])
    await withKnownIssue {
      await WarningReporterContexts.inStepOfExample {
        WarningReporter.record("measure \"total\": warned", at: CallSite())
      }
    } matching: { issue in
      found.withLock {
        $0.append((issue.severity, issue.comments.map(\.rawValue).joined(separator: "\n")))
      }
      return true
    }
    let issues = found.withLock { $0 }
    #expect(issues.map(\.severity) == [.warning])
    #expect(
      issues.map(\.message) == ["measure \"total\": warned\n(in step: When the cart is emptied)"])
  }
}

/// The contexts of a spec's step inside its example.
enum WarningReporterContexts {
  static func inStepOfExample(_ body: () -> Void) async {
    await FailureContext.with(
      FailureContext(kind: "example", name: "Cart, empty, has no total", shownInSwiftTesting: false)
    ) {
      await FailureContext.with(
        FailureContext(kind: "step", name: "When the cart is emptied", shownInSwiftTesting: true)
      ) {
        body()
      }
    }
  }
}

final class WarningReporterXCTests: XCTestCase {
  /// Standard error gets the line, the step's and the example's context under it.
  func testOutsideSwiftTestingAWarningIsALineOnStandardErrorWithEveryContext() async throws {
    let path = NSTemporaryDirectory() + "assay-warning-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let capture = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    XCTAssertGreaterThanOrEqual(capture, 0)
    let saved = dup(STDERR_FILENO)
    dup2(capture, STDERR_FILENO)
    await WarningReporterContexts.inStepOfExample {
      WarningReporter.record(
        "measure \"total\": warned", at: CallSite(fileID: "AssayTests/CartTests.swift", line: 12))
    }
    dup2(saved, STDERR_FILENO)
    close(saved)
    close(capture)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(
      written.contains(
        "\(#filePath):12: warning: measure \"total\": warned\n(in step: When the cart is emptied)\n"
          + "(in example: Cart, empty, has no total)\n"), written)
  }
}
