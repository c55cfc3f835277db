extension CallRecorder {
  /// Records a call of a throwing member whose result no stub can hold, fails the test, and
  /// throws ``UnstubbedCall``.
  ///
  /// A generated mock calls it for a requirement whose result is a generic parameter that may
  /// be noncopyable (`func watch<Return: ~Copyable>(...) async throws -> Return`): a stubbed
  /// value is kept and copied, which such a value cannot be. The call is recorded, so tests
  /// can still verify it. The failure reads:
  ///
  /// ```
  /// mock failed: MockProvider.watch(closure) was called, but its result, a 'Return' that may
  /// be noncopyable, cannot be stubbed: implement this member in a double written by hand
  /// ```
  ///
  /// - Parameters:
  ///   - member: The member called, with its argument labels: `watch(updatesHandler:)`.
  ///   - arguments: The arguments, in order.
  ///   - result: The result's type as the member declares it: `Return`.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  /// - Throws: ``UnstubbedCall``, always.
  public func throwingNoAnswer<each Argument>(
    _ member: String,
    _ arguments: repeat each Argument,
    result: String,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws -> Never {
    let call = RecordedCall(member: member, repeat each arguments, order: CallOrder.next())
    _ = recordAndAnswer(call)
    throw UnstubbedCall(
      description: noAnswer(
        call, result: result,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// Records a call of a non-throwing member whose result no stub can hold, fails the test,
  /// and stops it: there is nothing to return. The failure is recorded first, as
  /// ``throwingNoAnswer(_:_:result:fileID:filePath:line:column:)`` records it.
  ///
  /// - Parameters:
  ///   - member: The member called, with its argument labels.
  ///   - arguments: The arguments, in order.
  ///   - result: The result's type as the member declares it.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public func noAnswer<each Argument>(
    _ member: String,
    _ arguments: repeat each Argument,
    result: String,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Never {
    let call = RecordedCall(member: member, repeat each arguments, order: CallOrder.next())
    _ = recordAndAnswer(call)
    let text = noAnswer(
      call, result: result,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    fatalError(text)
  }

  private func noAnswer(_ call: RecordedCall, result: String, at site: CallSite) -> String {
    let text = FailureMessage(
      assertion: "mock",
      summary: "\(name).\(call.description) was called, but its result, a '\(result)' that may "
        + "be noncopyable, cannot be stubbed: implement this member in a double written by hand"
    )
    .text(userMessage: "")
    FailureSink.record(text, at: site)
    return text
  }
}
