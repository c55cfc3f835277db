/// Matches closures that throw an error when called.
///
/// ```swift
/// assertThat({ try Angle(parsing: "") }, throwsError())
/// ```
///
/// - Returns: A matcher of throwing closures.
public func throwsError<T>() -> Matcher<() throws -> T> {
  throwsError(.anyError)
}

/// Matches closures that throw an error of type `type`.
///
/// - Parameter type: The type the thrown error must have.
/// - Returns: A matcher of throwing closures by error type.
public func throwsError<T, E: Error>(_ type: E.Type) -> Matcher<() throws -> T> {
  throwsError(.ofType(type))
}

/// Matches closures that throw an error equal to `expected`.
///
/// - Parameter expected: The error that must be thrown.
/// - Returns: A matcher of throwing closures by error value.
public func throwsError<T, E: Error & Equatable>(_ expected: E) -> Matcher<() throws -> T> {
  throwsError(.equal(to: expected))
}

/// Matches closures that throw an error satisfying `errorMatcher`.
///
/// ```swift
/// assertThat({ try loader.load(page) }, throwsError(kindOf(URLError.self)))
/// ```
///
/// - Parameter errorMatcher: What the thrown error must satisfy.
/// - Returns: A matcher of throwing closures by error.
public func throwsError<T>(_ errorMatcher: Matcher<any Error>) -> Matcher<() throws -> T> {
  throwsError(
    ErrorExpectation(description: "an error that is \(errorMatcher.description)") { error in
      errorMatcher.match(error).isMatch ? error : nil
    }
  )
}

private func throwsError<T, Matched>(_ expectation: ErrorExpectation<Matched>)
  -> Matcher<() throws -> T>
{
  Matcher(
    "a call throwing \(expectation.description)",
    explaining: { body in
      switch expectation.judge(ExpressionResult.of(body)) {
      case .success:
        return .match
      case .failure(let reason):
        return .mismatch(reason.text)
      }
    })
}
