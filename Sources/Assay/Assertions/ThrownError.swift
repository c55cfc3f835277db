/// What an assertion expects a thrown error to be, and how it names that expectation in a
/// failure message. Shared by `assertThrows` and the `throwsError` matcher.
struct ErrorExpectation<Matched> {
  /// The expectation as a failure message says it: `an error of type ParseError`.
  var description: String
  /// The error as the assertion returns it, or `nil` when the error is not the expected one.
  var match: (any Error) -> Matched?

  static func ofType(_ type: Matched.Type) -> Self where Matched: Error {
    Self(description: "an error of type \(Matched.self)") { $0 as? Matched }
  }

  static func equal(to expected: Matched) -> Self where Matched: Error & Equatable {
    Self(description: ValueDescription.describe(expected)) { error in
      (error as? Matched).flatMap { $0 == expected ? $0 : nil }
    }
  }

  /// The match, or what happened instead (`no error was thrown`, `X was thrown`).
  func judge<T>(_ outcome: Result<T, any Error>) -> Result<Matched, MismatchReason> {
    switch outcome {
    case .success(let value):
      return .failure(MismatchReason(Outcome.noError(value)))
    case .failure(let error):
      if let matched = match(error) {
        return .success(matched)
      }
      return .failure(MismatchReason("\(ValueDescription.describe(error)) was thrown"))
    }
  }
}

extension ErrorExpectation where Matched == any Error {
  static var anyError: Self {
    Self(description: "an error") { $0 }
  }
}

/// What an expression did instead of what was expected, completing "expected …, but …".
struct MismatchReason: Error {
  var text: String
  init(_ text: String) { self.text = text }
}

/// Running the expressions given to throwing assertions, and judging what they did.
enum Outcome {
  static func of<T>(_ expression: () throws -> T) -> Result<T, any Error> {
    Result { try expression() }
  }

  static func ofAwaiting<T>(_ expression: () async throws -> T) async -> Result<T, any Error> {
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

  /// Records an `assertThrows` failure when `outcome` misses `expectation`.
  static func expectThrows<T, Matched>(
    _ outcome: Result<T, any Error>,
    _ expectation: ErrorExpectation<Matched>,
    _ message: () -> String,
    at site: CallSite
  ) -> Matched? {
    switch expectation.judge(outcome) {
    case .success(let matched):
      return matched
    case .failure(let reason):
      FailureMessage(
        assertion: "assertThrows",
        summary: "expected \(expectation.description), but \(reason.text)"
      )
      .record(message, at: site)
      return nil
    }
  }

  /// Records an `assertThrows` failure unless `outcome` is an error satisfying `predicate`.
  static func expectThrows<T>(
    _ outcome: Result<T, any Error>,
    satisfying predicate: (any Error) -> Bool,
    _ message: () -> String,
    at site: CallSite
  ) -> (any Error)? {
    // The expectation does not outlive this call, so the predicate need not escape.
    withoutActuallyEscaping(predicate) { predicate in
      expectThrows(
        outcome,
        ErrorExpectation(description: "an error satisfying the predicate") {
          predicate($0) ? $0 : nil
        },
        message,
        at: site
      )
    }
  }

  /// Records an `assertNoThrow` failure when `outcome` is an error; returns the value.
  static func expectNoThrow<T>(
    _ outcome: Result<T, any Error>,
    _ message: () -> String,
    at site: CallSite
  ) -> T? {
    switch outcome {
    case .success(let value):
      return value
    case .failure(let error):
      FailureMessage(
        assertion: "assertNoThrow",
        summary: "\(ValueDescription.describe(error)) was thrown"
      )
      .record(message, at: site)
      return nil
    }
  }

  /// Rethrows the outcome's error unless it is an `E`, so unrelated errors still fail the test.
  static func rethrow<T, E: Error>(_ outcome: Result<T, any Error>, unlessOfType _: E.Type) throws {
    if case .failure(let error) = outcome, !(error is E) {
      throw error
    }
  }
}
