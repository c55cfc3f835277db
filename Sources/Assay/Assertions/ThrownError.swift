/// Judging what a throwing expression did, for `assertThrows` and `assertNoThrow`.
enum ThrownErrorCheck {
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
