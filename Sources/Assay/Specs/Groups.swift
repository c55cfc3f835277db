// Groups: describe and context, and their focused (f) and pending (x) forms.

extension Spec {
  /// Declares a group of examples about a thing, such as a type or a screen.
  ///
  /// - Parameters:
  ///   - description: What the group is about; it begins the names of its examples.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: Declares the group's hooks, examples and inner groups. It runs while the spec is
  ///     listed and again for each of its examples, never inside an example.
  public static func describe(
    _ description: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: () -> Void
  ) {
    declareGroup(
      "describe", description, mark: .plain,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }

  /// Declares a group of examples in one situation, such as "when the user is logged in".
  ///
  /// - Parameters:
  ///   - description: What the group is about; it begins the names of its examples.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: Declares the group's hooks, examples and inner groups. It runs while the spec is
  ///     listed and again for each of its examples, never inside an example.
  public static func context(
    _ description: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: () -> Void
  ) {
    declareGroup(
      "context", description, mark: .plain,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }

  /// A focused `describe`: while any example of the spec is focused, only focused ones run.
  ///
  /// - Parameters:
  ///   - description: What the group is about; it begins the names of its examples.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: Declares the group's hooks, examples and inner groups. It runs while the spec is
  ///     listed and again for each of its examples, never inside an example.
  public static func fdescribe(
    _ description: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: () -> Void
  ) {
    declareGroup(
      "fdescribe", description, mark: .focused,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }

  /// A focused `context`: while any example of the spec is focused, only focused ones run.
  ///
  /// - Parameters:
  ///   - description: What the group is about; it begins the names of its examples.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: Declares the group's hooks, examples and inner groups. It runs while the spec is
  ///     listed and again for each of its examples, never inside an example.
  public static func fcontext(
    _ description: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: () -> Void
  ) {
    declareGroup(
      "fcontext", description, mark: .focused,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }

  /// A pending `describe`: its examples are listed as pending and do not run.
  ///
  /// - Parameters:
  ///   - description: What the group is about; it begins the names of its examples.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: Declares the group's hooks, examples and inner groups. It runs while the spec is
  ///     listed and again for each of its examples, never inside an example.
  public static func xdescribe(
    _ description: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: () -> Void
  ) {
    declareGroup(
      "xdescribe", description, mark: .pending,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }

  /// A pending `context`: its examples are listed as pending and do not run.
  ///
  /// - Parameters:
  ///   - description: What the group is about; it begins the names of its examples.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: Declares the group's hooks, examples and inner groups. It runs while the spec is
  ///     listed and again for each of its examples, never inside an example.
  public static func xcontext(
    _ description: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: () -> Void
  ) {
    declareGroup(
      "xcontext", description, mark: .pending,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }
}

func declareGroup(
  _ kind: String, _ description: String, mark: SpecMark, at site: CallSite, _ body: () -> Void
) {
  guard let builder = SpecBuilder.forDeclaration("\(kind)(\"\(description)\")", at: site) else {
    return
  }
  builder.addGroup(description, mark: mark, at: site, body: body)
}
