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
      return .failure(MismatchReason(ExpressionResult.noError(value)))
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
