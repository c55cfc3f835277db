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
  public func throwingAnswer<each Argument, Result>(
    _ member: String,
    _ arguments: repeat each Argument,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws -> Result {
    let values = Self.array(repeat each arguments)
    let call = RecordedCall(member: member, arguments: values, order: CallOrder.next())
    record(call)
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    switch stubbedAnswer(for: call) {
    case .value(let value):
      return try cast(value, for: call, at: site)
    case .error(let error):
      throw error
    case .compute(let compute):
      return try cast(try compute(values), for: call, at: site)
    case nil:
      // A member that returns nothing needs no stub, even on a strict double.
      if let value = Self.defaultValue(of: Result.self), !isStrict || Result.self == Void.self {
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
  public func answer<each Argument, Result>(
    _ member: String,
    _ arguments: repeat each Argument,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Result {
    do {
      return try throwingAnswer(
        member, repeat each arguments, fileID: fileID, filePath: filePath, line: line,
        column: column)
    } catch let error as UnstubbedCall {
      guard let value = Self.defaultValue(of: Result.self) else {
        fatalError(error.description)
      }
      return value
    } catch {
      let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      FailureMessage(
        assertion: "stub",
        summary: "\(name).\(member) does not throw, but an error was stubbed for it: "
          + ValueDescription.describe(error)
      )
      .record({ "" }, at: site)
      guard let value = Self.defaultValue(of: Result.self) else {
        fatalError("\(name).\(member) does not throw, but an error was stubbed for it")
      }
      return value
    }
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
    FailureReporter.record(text, at: site)
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
    FailureReporter.record(text, at: site)
    return UnstubbedCall(description: text)
  }

  static func defaultValue<Result>(of _: Result.Type) -> Result? {
    if Result.self == Void.self {
      return (() as Any) as? Result
    }
    return (Result.self as? any Defaultable.Type)?.defaultValue as? Result
  }
}

/// The error a strict test double throws for a call with no stubbed answer, after recording
/// the failure.
public struct UnstubbedCall: Error, CustomStringConvertible, AlreadyRecordedError {
  /// The failure message.
  public let description: String
}
