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
  /// Whether the arguments, packed as a call records them, match; `nil` when they are not of
  /// the matchers' exact types (then each argument is cast on its own).
  private let acceptsPacked: (Any) -> Bool?
  /// The lone matcher's test, for a member of one argument (packed as itself): read on every
  /// call, so kept apart from `matchers`, whose elements a call would otherwise copy.
  private let acceptsLone: ((Any) -> Bool)?
  /// Hands the packed arguments to the matchers that capture them; `false` when they are not
  /// of the matchers' exact types.
  private let keepsPacked: (Any) -> Bool

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
    acceptsLone = erased.count == 1 ? erased[0].accepts : nil
    acceptsPacked = Self.packedMatching(repeat each matchers)
    keepsPacked = Self.packedKeeping(repeat each matchers)
  }

  /// Whether a call's packed arguments match `matchers`: one cast of the whole call's
  /// arguments, instead of one per argument through `Any`.
  private static func packedMatching<each Argument>(
    _ matchers: repeat ArgumentMatcher<each Argument>
  ) -> (Any) -> Bool? {
    let type = (repeat each Argument).self
    var acceptsEveryValue = true
    for matcher in repeat each matchers {
      acceptsEveryValue = acceptsEveryValue && matcher.acceptsEveryValue
    }
    return { [acceptsEveryValue] packed in
      // `.any` everywhere needs only the types: a pointer comparison.
      if acceptsEveryValue, Swift.type(of: packed) == type { return true }
      guard let values = packed as? (repeat each Argument) else { return nil }
      for (matcher, value) in repeat (each matchers, each values) {
        if !matcher.acceptsEveryValue && !matcher.accepts(value) { return false }
      }
      return true
    }
  }

  /// Hands a call's packed arguments to the matchers that capture them.
  private static func packedKeeping<each Argument>(
    _ matchers: repeat ArgumentMatcher<each Argument>
  ) -> (Any) -> Bool {
    { packed in
      guard let values = packed as? (repeat each Argument) else { return false }
      for (matcher, value) in repeat (each matchers, each values) {
        matcher.keep?(value)
      }
      return true
    }
  }

  /// The pattern as failure messages show it: `MockPeopleStore.save(any)`.
  public var description: String {
    "\(recorder.name).\(MemberName.call(member, matchers.map(\.description)))"
  }

  /// Whether `call` is a call of this member with matching arguments.
  package func matches(_ call: RecordedCall) -> Bool {
    guard call.member == member, call.count == matchers.count else { return false }
    switch call.count {
    case 0: return true
    // A lone argument is packed as itself: its matcher takes it as it is.
    case 1: return acceptsLone?(call.packed) ?? false
    default: if let accepted = acceptsPacked(call.packed) { return accepted }
    }
    // Arguments recorded with other types than the matchers' (a subclass, an existential).
    let arguments = call.arguments
    for index in matchers.indices where !matchers[index].accepts(arguments[index]) {
      return false
    }
    return true
  }

  /// Hands the arguments of `call` to the matchers that capture them.
  package func capture(_ call: RecordedCall) {
    if call.count == 1, let matcher = matchers.first { return matcher.keep(call.packed) }
    guard !keepsPacked(call.packed) else { return }
    for (matcher, argument) in zip(matchers, call.arguments) {
      matcher.keep(argument)
    }
  }
}
