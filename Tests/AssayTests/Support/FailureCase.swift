/// One way an assertion or matcher must fail, with the exact message users see.
///
/// The same table runs in both frameworks: `SwiftTestingFailureDetectionTests` runs each case
/// as a parameterized `@Test`, `XCTestFailureDetectionTests` runs each in an `XCTestCase`.
/// A case passes only when its body records exactly one failure, with `message`, pointing at
/// exactly the line of the case's failing call: the case's first line, or `failsAt` lines
/// below it.
struct FailureCase: Sendable, CustomStringConvertible {
  /// A short name that says what is being proven.
  var name: String
  /// The message the failure must carry.
  var message: String
  /// The message XCTest shows when it differs (`unwrap` hands over to `XCTUnwrap`).
  var xcTestMessage: String?
  /// Whether Swift Testing can observe this case in process; `unwrap` ends the test, which
  /// `withKnownIssue` cannot contain, so it is proven end to end instead.
  var swiftTestingInProcess = true
  var fileName: String
  /// The line the failure must point at.
  var line: Int
  var body: @Sendable () async throws -> Void

  init(
    _ name: String,
    _ message: String,
    xcTestMessage: String? = nil,
    swiftTestingInProcess: Bool = true,
    failsAt offset: Int = 0,
    filePath: String = #filePath,
    line: Int = #line,
    _ body: @escaping @Sendable () async throws -> Void
  ) {
    self.name = name
    self.message = message
    self.xcTestMessage = xcTestMessage
    self.swiftTestingInProcess = swiftTestingInProcess
    self.fileName = filePath.fileName
    self.line = line + offset
    self.body = body
  }

  var description: String { name }

  /// The problems with `failures` as a proof of this case; empty when it holds.
  func problems(with failures: [RecordedFailure], expecting message: String) -> [String] {
    guard failures.map(\.message) == [message] else {
      return ["expected exactly [\(message)], recorded \(failures.map(\.message))"]
    }
    return failures.compactMap { failure in
      failure.fileName == fileName && failure.line == line
        ? nil
        : "points at \(failure.fileName):\(failure.line), not at \(fileName):\(line)"
    }
  }
}
