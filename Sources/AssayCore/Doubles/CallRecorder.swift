/// The log of calls a test double received, safe to share between threads and tasks.
///
/// A test double owns one recorder and records every call into it; tests then verify the
/// calls with ``verify(_:_:fileID:filePath:line:column:)`` and
/// ``verifyInOrder(_:fileID:filePath:line:column:)``:
///
/// ```swift
/// final class MockPeopleStore: PeopleStore {
///   let calls = CallRecorder("MockPeopleStore")
///
///   func save(_ person: PersonInfo) {
///     calls.record("save(_:)", person)
///   }
/// }
///
/// verify(CallPattern(store.calls, "save(_:)", .equal(john)), .once)
/// ```
///
/// Members are named as Swift names them, with their argument labels: `save(_:)`,
/// `fetchPeople(since:)`, or a property's name.
public final class CallRecorder: Sendable {
  /// The double's name, as failure messages show it.
  public let name: String
  /// Whether a call with no stubbed answer is a failure (a strict mock), rather than answered
  /// with a default value where the member's type has one (a relaxed mock).
  public let isStrict: Bool
  /// The log and the stubs, under one lock: a call records itself and finds its answer in
  /// one critical section.
  private let state = Locked(State())

  private struct State {
    var log = CallLog()
    var stubs: [Stub] = []
    /// What members answer when nothing is stubbed, by result type.
    var fallbacks: [ObjectIdentifier: any Sendable] = [:]
  }

  /// Sets what a member returning `T` answers when no stub matches: a relaxed double answers
  /// with it, and a strict one records the failure and then answers with it, so the test goes
  /// on and fails, where a type without a default value would stop the process.
  ///
  /// ```swift
  /// let loader = MockPageLoader()                 // strict
  /// loader.calls.recorder.fallBack(to: Page.empty)
  /// _ = loader.load(7)  // fails the test: not stubbed; returns Page.empty
  /// ```
  ///
  /// - Parameter value: The answer for members that return `T`; it wins over
  ///   ``Defaultable/defaultValue``.
  public func fallBack<T: Sendable>(to value: T) {
    state.withLock { $0.fallbacks[ObjectIdentifier(T.self)] = value }
  }

  /// The answer a member returning `Result` gives with no stub: the fallback set for its type,
  /// `()`, or the type's ``Defaultable/defaultValue``.
  package func fallbackValue<Result>(of _: Result.Type) -> Result? {
    if let value = state.withLock({ $0.fallbacks[ObjectIdentifier(Result.self)] }) as? Result {
      return value
    }
    return Self.defaultValue(of: Result.self)
  }

  /// Creates an empty recorder.
  ///
  /// - Parameters:
  ///   - name: The double's name, as failure messages show it (`MockPeopleStore`).
  ///   - strict: Whether a call with no stubbed answer fails; `true` by default. A relaxed
  ///     double answers such calls with ``Defaultable/defaultValue`` (or `()`).
  public init(_ name: String, strict: Bool = true) {
    self.name = name
    self.isStrict = strict
  }

  /// Records a call of `member` with `arguments`.
  ///
  /// - Parameters:
  ///   - member: The member called, with its argument labels: `fetchPeople(since:)`.
  ///   - arguments: The arguments, in order.
  @inlinable
  public func record<each Argument>(_ member: String, _ arguments: repeat each Argument) {
    // Inlinable, so the caller's compiler packs the arguments at the call site.
    record(RecordedCall(member: member, repeat each arguments, order: CallOrder.next()))
  }

  @usableFromInline
  package func record(_ call: consuming RecordedCall) {
    state.withLock(taking: call) { state, call in state.log.append(call) }
  }

  /// Records `call` and returns the answer stubbed for it, if any, under one lock.
  @usableFromInline
  package func recordAndAnswer(_ call: RecordedCall) -> StubAnswer? {
    state.withLock { state in
      state.log.append(call)
      return Self.answer(for: call, in: &state.stubs)
    }
  }

  package func addStub(_ stub: Stub) {
    state.withLock { $0.stubs.append(stub) }
  }

  /// The answer stubbed for `call`, without recording it.
  package func stubbedAnswer(for call: RecordedCall) -> StubAnswer? {
    state.withLock { Self.answer(for: call, in: &$0.stubs) }
  }

  /// The latest stub matching `call` gives the answer; a single answer repeats, leaving the
  /// stubs untouched (and uncopied).
  private static func answer(for call: RecordedCall, in stubs: inout [Stub]) -> StubAnswer? {
    var index = stubs.endIndex
    while index > stubs.startIndex {
      index -= 1
      guard stubs[index].pattern.matches(call) else { continue }
      if stubs[index].answers.count == 1 {
        return stubs[index].answers[0]
      }
      return stubs[index].next()
    }
    return nil
  }

  /// How many calls were recorded, of every member.
  public var callCount: Int {
    state.withLock { $0.log.count }
  }

  /// Forgets every call recorded so far, and every stubbed answer.
  public func reset() {
    state.withLock { $0 = State() }
  }

  /// Every call recorded, oldest first.
  package var calls: [RecordedCall] {
    state.withLock { $0.log.calls }
  }
}
