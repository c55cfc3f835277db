/// Calls of one member of one test double whose arguments match, for verification.
///
/// ```swift
/// CallPattern(store.calls, "fetchPeople(since:)", .that(greaterThan(1980)))
/// // MockPeopleStore.fetchPeople(since: greater than 1980)
/// ```
public struct CallPattern: CustomStringConvertible {
  package let recorder: CallRecorder
  package let member: String
  package let matchers: [AnyArgumentMatcher]

  /// Creates a pattern for calls of `member` on the double that owns `recorder`.
  ///
  /// - Parameters:
  ///   - recorder: The double's call log.
  ///   - member: The member, with its argument labels: `fetchPeople(since:)`.
  ///   - matchers: One matcher per argument, in order.
  public init<each Argument>(
    _ recorder: CallRecorder,
    _ member: String,
    _ matchers: repeat ArgumentMatcher<each Argument>
  ) {
    var erased: [AnyArgumentMatcher] = []
    for matcher in repeat each matchers {
      erased.append(AnyArgumentMatcher(matcher))
    }
    self.recorder = recorder
    self.member = member
    self.matchers = erased
  }

  /// The pattern as failure messages show it: `MockPeopleStore.save(any)`.
  public var description: String {
    "\(recorder.name).\(MemberName.call(member, matchers.map(\.description)))"
  }

  /// Whether `call` is a call of this member with matching arguments.
  package func matches(_ call: RecordedCall) -> Bool {
    guard call.member == member, call.arguments.count == matchers.count else { return false }
    for index in matchers.indices where !matchers[index].accepts(call.arguments[index]) {
      return false
    }
    return true
  }

  /// Hands the arguments of `call` to the matchers that capture them.
  package func capture(_ call: RecordedCall) {
    for (matcher, argument) in zip(matchers, call.arguments) {
      matcher.keep(argument)
    }
  }
}
