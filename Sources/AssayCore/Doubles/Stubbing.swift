extension CallPattern {
  /// Answers the calls that match this pattern with `value`.
  ///
  /// ```swift
  /// CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any)
  ///   .willReturn([john, david])
  /// ```
  ///
  /// A later stub for the same calls takes precedence over an earlier one.
  ///
  /// - Parameter value: What the member returns.
  public func willReturn<Result>(_ value: Result) {
    recorder.addStub(Stub(pattern: self, answers: [.value(StubbedValue.of(value))]))
  }

  /// Answers the calls that match this pattern with `values`, one per call; the last value
  /// answers every call after that.
  ///
  /// - Parameters:
  ///   - first: What the member returns the first time.
  ///   - values: What it returns after that, call after call.
  public func willReturn<Result>(_ first: Result, then values: Result...) {
    recorder.addStub(
      Stub(pattern: self, answers: ([first] + values).map { .value(StubbedValue.of($0)) }))
  }

  /// Makes the calls that match this pattern throw `error`.
  ///
  /// - Parameter error: What the member throws.
  public func willThrow(_ error: any Error) {
    recorder.addStub(Stub(pattern: self, answers: [.error(error)]))
  }

  /// Answers the calls that match this pattern by running `answer` with their arguments.
  ///
  /// ```swift
  /// CallPattern(store.calls, "fetchPeople(since:)", ArgumentMatcher<Int>.any).will { arguments in
  ///   guard let year = arguments[0] as? Int else { return [] }
  ///   return people.filter { $0.birthYear >= year }
  /// }
  /// ```
  ///
  /// - Parameter answer: Computes the member's result, or throws its error.
  public func will<Result>(_ answer: @escaping ([Any]) throws -> Result) {
    recorder.addStub(Stub(pattern: self, answers: [.compute(answer)]))
  }
}
