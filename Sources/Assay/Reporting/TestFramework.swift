/// The test framework that received a failure.
public enum TestFramework: Sendable, Equatable {
  /// Swift Testing: the failure was recorded as an `Issue` of the running `@Test`.
  case swiftTesting
  /// XCTest: the failure was recorded by the running `XCTestCase`.
  case xcTest
  /// Neither framework was running a test on this task or thread: the failure was written to
  /// standard error (and offered to any Swift Testing run in progress).
  case none
}
