import Testing
import XCTest

/// Every case of every table, in both frameworks.
enum FailureCases {
  static let all =
    AssertionFailureCases.all + MatcherFailureCases.all + WaitingFailureCases.all
    + DoublesFailureCases.all + MeasuringFailureCases.all + TeardownFailureCases.all
}

/// Runs every failure case inside a Swift Testing `@Test`.
@Suite struct SwiftTestingFailureDetectionTests {
  @Test(arguments: FailureCases.all.filter(\.swiftTestingInProcess))
  func failsWithMessage(_ failureCase: FailureCase) async throws {
    let failures = try await recordedIssues(failureCase.body)
    for problem in failureCase.problems(with: failures, expecting: failureCase.message) {
      Issue.record(Comment(rawValue: "\(failureCase.name): \(problem)"))
    }
  }
}

/// Runs every failure case inside an `XCTestCase`.
final class XCTestFailureDetectionTests: FailureCapturingTestCase {
  func testEveryCaseFailsWithMessage() async throws {
    for failureCase in FailureCases.all {
      let failures = try await recordedFailuresAwaiting(failureCase.body)
      let message = failureCase.xcTestMessage ?? failureCase.message
      for problem in failureCase.problems(with: failures, expecting: message) {
        XCTFail("\(failureCase.name): \(problem)")
      }
    }
  }
}
