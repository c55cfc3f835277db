import Assay

/// How a teardown block fails, with the message users see. Run in both frameworks by
/// `SwiftTestingFailureDetectionTests` and `XCTestFailureDetectionTests`.
enum TeardownFailureCases {
  static let all: [FailureCase] = [
    FailureCase(
      "addTeardownBlock without the trait",
      "addTeardownBlock failed: no test runs it when it ends: give the test or its suite the "
        + ".tearsDown trait",
      failsAt: 7
    ) {
      // Nothing would run the block: in an XCTestCase, XCTest's own method is the one to call.
      addTeardownBlock {}
    }
  ]
}
