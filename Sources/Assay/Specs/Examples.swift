// Examples: it, and its focused (fit) and pending (xit, pending) forms.

extension Spec {
  /// Declares an example: one behaviour, run as its own test case with fresh state.
  ///
  /// - Parameters:
  ///   - description: What the example expects, ending its full name.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The example: act and assert. Errors it throws fail the example at this line.
  public static func it(
    _ description: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: @escaping () async throws -> Void
  ) {
    declareExample(
      "it", description, mark: .plain,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }

  /// A focused `it`: while any example of the spec is focused, only focused ones run.
  ///
  /// - Parameters:
  ///   - description: What the example expects, ending its full name.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The example: act and assert. Errors it throws fail the example at this line.
  public static func fit(
    _ description: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: @escaping () async throws -> Void
  ) {
    declareExample(
      "fit", description, mark: .focused,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }

  /// A pending `it`: listed as pending, with a warning, and not run.
  ///
  /// - Parameters:
  ///   - description: What the example expects, ending its full name.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The example: act and assert. Errors it throws fail the example at this line.
  public static func xit(
    _ description: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: @escaping () async throws -> Void
  ) {
    declareExample(
      "xit", description, mark: .pending,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }

  /// Declares an example that is not written yet: listed as pending, with a warning.
  ///
  /// - Parameters:
  ///   - description: What the example will expect.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public static func pending(
    _ description: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    declareExample(
      "pending", description, mark: .pending,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), {})
  }
}

func declareExample(
  _ kind: String, _ description: String, mark: SpecMark, at site: CallSite,
  _ body: @escaping () async throws -> Void
) {
  guard let builder = SpecBuilder.forDeclaration("\(kind)(\"\(description)\")", at: site) else {
    return
  }
  builder.addExample(description, mark: mark, at: site, body: body)
}
