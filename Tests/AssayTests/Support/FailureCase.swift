/// One way an assertion or matcher must fail, with the exact message users see.
///
/// The same table runs in both frameworks: `SwiftTestingFailureDetectionTests` runs each case
/// as a parameterized `@Test`, `XCTestFailureDetectionTests` runs each in an `XCTestCase`.
/// A case passes only when its body records exactly one failure, with `message`, pointing at
/// the case's own line.
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
  var line: Int
  var body: @Sendable () async throws -> Void

  init(
    _ name: String,
    _ message: String,
    xcTestMessage: String? = nil,
    swiftTestingInProcess: Bool = true,
    filePath: String = #filePath,
    line: Int = #line,
    _ body: @escaping @Sendable () async throws -> Void
  ) {
    self.name = name
    self.message = message
    self.xcTestMessage = xcTestMessage
    self.swiftTestingInProcess = swiftTestingInProcess
    self.fileName = filePath.fileName
    self.line = line
    self.body = body
  }

  var description: String { name }

  /// The most lines a case spans; a failure must point inside its case, never into Assay.
  static let maximumLines = 20

  /// The problems with `failures` as a proof of this case; empty when it holds.
  func problems(with failures: [RecordedFailure], expecting message: String) -> [String] {
    guard failures.map(\.message) == [message] else {
      return ["expected exactly [\(message)], recorded \(failures.map(\.message))"]
    }
    return failures.compactMap { failure in
      failure.fileName == fileName && (line...line + Self.maximumLines).contains(failure.line)
        ? nil
        : "points at \(failure.fileName):\(failure.line), not at the case, \(fileName):\(line)"
    }
  }
}
