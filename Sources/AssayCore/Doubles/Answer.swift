extension CallRecorder {
  /// Records a call of a throwing member and returns, or throws, its stubbed answer.
  ///
  /// A test double's throwing members call it:
  ///
  /// ```swift
  /// func fetchPeople(since year: Int) throws -> [PersonInfo] {
  ///   try calls.throwingAnswer("fetchPeople(since:)", year)
  /// }
  /// ```
  ///
  /// With no stubbed answer, a strict double records a failure naming the call and throws
  /// ``UnstubbedCall``; a relaxed one returns the result type's default value, if it has one.
  /// A member that returns nothing needs no stub: it returns, unless an error was stubbed.
  ///
  /// - Parameters:
  ///   - member: The member called, with its argument labels: `fetchPeople(since:)`.
  ///   - arguments: The arguments, in order.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  /// - Returns: The stubbed value.
  /// - Throws: The stubbed error, or ``UnstubbedCall``.
  @inlinable
  public func throwingAnswer<each Argument, Result>(
    _ member: String,
    _ arguments: repeat each Argument,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws -> Result {
    // Inlinable, so the caller's compiler packs the arguments and casts a stubbed
    // value to the result type at the call site, where both are specialized.
    let call = RecordedCall(member: member, repeat each arguments, order: CallOrder.next())
    let answer = recordAndAnswer(call)
    if case .value(let stubbed) = answer, let result = stubbed.exactly(Result.self) {
      return result
    }
    return try resolve(
      AnswerLookup(call: call, answer: answer), fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// The answer to a looked-up call that is not simply a stubbed value of the right type.
  @usableFromInline
  package func resolve<Result>(
    _ lookup: AnswerLookup,
    fileID: String,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) throws -> Result {
    let call = lookup.call
    let member = call.member
    let values = call.arguments
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    switch lookup.answer {
    case .value(let stubbed):
      return try cast(stubbed.value, for: call, at: site)
    case .error(let error):
      throw error
    case .compute(let compute):
      return try cast(try compute(values), for: call, at: site)
    case nil:
      // A settable property returns the value it was last set to.
      if let value = lastValueSet(for: member) as? Result {
        return value
      }
      // A member that returns nothing needs no stub, even on a strict double.
      if let value = fallbackValue(of: Result.self), !isStrict || Result.self == Void.self {
        return value
      }
      throw unstubbed(call, returning: Result.self, at: site)
    }
  }

  /// Records a call of a non-throwing member and returns its stubbed answer.
  ///
  /// ```swift
  /// func isAllowed(_ name: String) -> Bool {
  ///   calls.answer("isAllowed(_:)", name)
  /// }
  /// ```
  ///
  /// With no stubbed answer, a strict double records a failure naming the call; both kinds
  /// then return the result type's default value (``Defaultable``, or `()`). A result type
  /// without one leaves nothing to return, and the test stops with a fatal error after the
  /// failure is recorded; stub such members, or make the member `throws`. A stubbed error
  /// cannot be thrown from a non-throwing member: it is reported the same way.
  ///
  /// - Parameters:
  ///   - member: The member called, with its argument labels: `isAllowed(_:)`.
  ///   - arguments: The arguments, in order.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  /// - Returns: The stubbed value, or the default value.
  @inlinable
  public func answer<each Argument, Result>(
    _ member: String,
    _ arguments: repeat each Argument,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Result {
    answer(
      member, repeat each arguments, throwing: Never.self, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Records a call of a member with a typed `throws(Failure)` and returns, or throws, its
  /// stubbed answer.
  ///
  /// ```swift
  /// func load(_ id: Int) throws(LoadError) -> Page {
  ///   try calls.answer("load(_:)", id, throwing: LoadError.self)
  /// }
  /// ```
  ///
  /// A stubbed error of type `Failure` is thrown. Any other outcome that cannot be thrown as a
  /// `Failure` (no stubbed answer on a strict double, an error of another type) is recorded as
  /// a failure, and the member returns the result type's default value, as
  /// ``answer(_:_:fileID:filePath:line:column:)`` does.
  ///
  /// - Parameters:
  ///   - member: The member called, with its argument labels: `load(_:)`.
  ///   - arguments: The arguments, in order.
  ///   - failure: The error type the member throws.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  /// - Returns: The stubbed value, or the default value.
  /// - Throws: The stubbed error.
  @inlinable
  public func answer<each Argument, Result, Failure: Error>(
    _ member: String,
    _ arguments: repeat each Argument,
    throwing failure: Failure.Type,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws(Failure) -> Result {
    let call = RecordedCall(member: member, repeat each arguments, order: CallOrder.next())
    let answer = recordAndAnswer(call)
    if case .value(let stubbed) = answer, let result = stubbed.exactly(Result.self) {
      return result
    }
    return try resolve(
      AnswerLookup(call: call, answer: answer), throwing: failure, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// The answer to a looked-up call of a member that throws only `Failure`.
  @usableFromInline
  package func resolve<Result, Failure: Error>(
    _ lookup: AnswerLookup,
    throwing failure: Failure.Type,
    fileID: String,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) throws(Failure) -> Result {
    let member = lookup.call.member
    do {
      return try resolve(lookup, fileID: fileID, filePath: filePath, line: line, column: column)
    } catch let error as Failure {
      throw error
    } catch let error as UnstubbedCall {
      return defaultValue(of: Result.self, after: error.description)
    } catch {
      let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      let throwsWhat = Failure.self == Never.self ? "does not throw" : "throws only \(Failure.self)"
      let summary =
        "\(name).\(MemberName.displayed(member)) \(throwsWhat), but an error was stubbed for it: "
      FailureMessage(assertion: "stub", summary: summary + ValueDescription.describe(error))
        .record({ "" }, at: site)
      return defaultValue(of: Result.self, after: summary + "\(error)")
    }
  }

  /// The result type's default value, for a call whose failure was recorded.
  ///
  /// A type with none leaves nothing to return: a non-throwing function can neither return
  /// nor unwind, and blocking the thread would stall the test run's other tests. The failure is
  /// already recorded, so the process stops with a message that says how to avoid it. (Under
  /// `swift test`, the tests after it do not run; a runner that restarts after a crash, such as
  /// `assay test`, goes on with them.)
  private func defaultValue<Result>(of _: Result.Type, after failure: String) -> Result {
    guard let value = fallbackValue(of: Result.self) else {
      fatalError(
        "\(failure), and \(Result.self) has no default value to return instead: stub the "
          + "member, give the mock a fallback (recorder.fallBack(to:)), conform "
          + "\(Result.self) to Defaultable, or make the member throw")
    }
    return value
  }

  private func cast<Result>(_ value: Any, for call: RecordedCall, at site: CallSite) throws
    -> Result
  {
    if let result = value as? Result {
      return result
    }
    let text = FailureMessage(
      assertion: "stub",
      summary: "\(name).\(call.description) returns \(Result.self), but the stubbed answer is "
        + "a \(type(of: value))"
    )
    .text(userMessage: "")
    FailureSink.record(text, at: site)
    throw UnstubbedCall(description: text)
  }

  private func unstubbed<Result>(
    _ call: RecordedCall, returning _: Result.Type, at site: CallSite
  ) -> UnstubbedCall {
    let text = FailureMessage(
      assertion: "strict double",
      summary: "\(name).\(call.description) was called, but no answer was stubbed for it"
    )
    .text(userMessage: "")
    FailureSink.record(text, at: site)
    return UnstubbedCall(description: text)
  }

  /// The value a property's setter was last called with (recorded as `name(set:)`), if the
  /// member is a property.
  private func lastValueSet(for member: String) -> Any? {
    guard !member.contains("(") else { return nil }
    let setter = MemberName.setter(of: member)
    return calls.last { $0.member == setter }?.arguments.first
  }

  package static func defaultValue<Result>(of _: Result.Type) -> Result? {
    if Result.self == Void.self {
      return (() as Any) as? Result
    }
    return (Result.self as? any Defaultable.Type)?.defaultValue as? Result
  }
}

/// A recorded call and the answer stubbed for it, if any.
@usableFromInline
package struct AnswerLookup {
  package let call: RecordedCall
  package let answer: StubAnswer?

  @usableFromInline
  package init(call: RecordedCall, answer: StubAnswer?) {
    self.call = call
    self.answer = answer
  }
}

/// The error a strict test double throws for a call with no stubbed answer, after recording
/// the failure.
public struct UnstubbedCall: Error, CustomStringConvertible, AlreadyRecordedError {
  /// The failure message.
  public let description: String
}
