/// Calls of one member of a generated mock, typed by the member's arguments and result: what a
/// test stubs and verifies.
///
/// A generated mock's `calls` property has one method per member of the protocol, taking one
/// ``ArgumentMatcher`` per parameter and returning a `MockCall`:
///
/// ```swift
/// let store = MockPeopleStore()
/// store.calls.fetch(sortedBy: .any).willReturn([.appleseed])
/// list.add(.taylor)
/// verify(store.calls.add(.equal(.taylor)), .once)
/// ```
///
/// `Arguments` is the member's parameter type, or a tuple of them; `Result` is what it returns.
public struct MockCall<Arguments, Result>: CallMatching, CustomStringConvertible {
  /// The calls, as a pattern over the mock's call log.
  public let callPattern: CallPattern

  /// Creates the calls of `member` whose arguments `matchers` accept.
  ///
  /// Generated mocks call this; write it by hand only for a hand-written double.
  ///
  /// - Parameters:
  ///   - recorder: The double's call log.
  ///   - member: The member, with its argument labels: `fetch(sortedBy:)`.
  ///   - matchers: One matcher per argument, in order.
  public init<each Argument>(
    _ recorder: CallRecorder,
    _ member: String,
    _ matchers: repeat ArgumentMatcher<each Argument>
  ) where Arguments == (repeat each Argument) {
    callPattern = CallPattern(recorder, member, repeat each matchers)
  }

  /// Creates the calls of `member`, a member of one parameter, whose argument `matcher`
  /// accepts: the initializer above, for one argument. It also serves a parameter of type
  /// `Any`, which a parameter pack of one element does not (the compiler does not take
  /// `(Any)` for `Any`).
  ///
  /// - Parameters:
  ///   - recorder: The double's call log.
  ///   - member: The member, with its argument label: `contains(_:)`.
  ///   - matcher: The matcher of its argument.
  public init(_ recorder: CallRecorder, _ member: String, _ matcher: ArgumentMatcher<Arguments>) {
    callPattern = CallPattern(recorder, member, matcher)
  }

  /// The calls as failure messages show them: `MockPeopleStore.add(any)`.
  public var description: String { callPattern.description }

  /// Answers these calls with `value`. A later stub for the same calls takes precedence.
  ///
  /// - Parameter value: What the member returns.
  public func willReturn(_ value: Result) {
    callPattern.willReturn(value)
  }

  /// Answers these calls with `first`, then with `values` one per call; the last value answers
  /// every call after that.
  ///
  /// - Parameters:
  ///   - first: What the member returns the first time.
  ///   - values: What it returns after that, call after call.
  public func willReturn(_ first: Result, then values: Result...) {
    callPattern.recorder.addStub(
      Stub(pattern: callPattern, answers: ([first] + values).map { .value(StubbedValue.of($0)) }))
  }

  /// Makes these calls throw `error`.
  ///
  /// Stub errors only for members that throw them: for any other member the mock reports the
  /// stub as a failure when it is called.
  ///
  /// - Parameter error: What the member throws.
  public func willThrow(_ error: any Error) {
    callPattern.willThrow(error)
  }

  /// Answers these calls by running `answer` with their arguments.
  ///
  /// ```swift
  /// store.calls.fetch(sortedBy: .any).will { order in
  ///   order == .firstName ? [.appleseed, .taylor] : [.taylor, .appleseed]
  /// }
  /// ```
  ///
  /// - Parameter answer: Computes the member's result from its arguments, or throws its error.
  public func will<each Argument>(
    _ answer: @escaping (repeat each Argument) throws -> Result
  ) where Arguments == (repeat each Argument) {
    callPattern.will { (values: [Any]) throws -> Result in
      var arguments = values.makeIterator()
      // The recorder stored exactly these arguments for this member, in this order.
      func next<Value>(_: Value.Type) -> Value {
        guard let value = arguments.next() as? Value else {
          preconditionFailure("\(callPattern) received an argument of another type")
        }
        return value
      }
      return try answer(repeat next((each Argument).self))
    }
  }

  /// Answers these calls, of a member of one parameter, by running `answer` with the argument:
  /// the method above, for one argument, which also serves a parameter of type `Any`.
  ///
  /// - Parameter answer: Computes the member's result from its argument, or throws its error.
  public func will(_ answer: @escaping (Arguments) throws -> Result) {
    callPattern.will { (values: [Any]) throws -> Result in
      // The recorder stored exactly this argument for this member.
      guard values.count == 1, let value = values[0] as? Arguments else {
        preconditionFailure("\(callPattern) received an argument of another type")
      }
      return try answer(value)
    }
  }
}
