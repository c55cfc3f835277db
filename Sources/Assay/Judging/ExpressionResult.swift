/// Running an expression that may throw, for the throwing assertions and the `throwsError`
/// matcher, and saying what it did when no error was expected.
enum ExpressionResult {
  static func of<T>(_ expression: () throws -> T) -> Result<T, any Error> {
    Result { try expression() }
  }

  static func ofAwaiting<T>(
    isolation: isolated (any Actor)? = #isolation, _ expression: () async throws -> T
  ) async -> Result<T, any Error> {
    do {
      return .success(try await expression())
    } catch {
      return .failure(error)
    }
  }

  /// `no error was thrown (returned 42)`; a `Void` result is not mentioned.
  static func noError<T>(_ value: T) -> String {
    let returned = T.self == Void.self ? "" : " (returned \(ValueDescription.describe(value)))"
    return "no error was thrown\(returned)"
  }
}
