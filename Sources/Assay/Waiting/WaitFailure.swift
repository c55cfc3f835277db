/// The error the asynchronous bridges throw when they time out outside any running test.
public struct WaitFailure: Error, CustomStringConvertible, AlreadyRecordedError {
  /// The failure message, as written to standard error.
  public let description: String
}
