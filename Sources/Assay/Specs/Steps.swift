// Given, when, then: optional steps inside an example. Assay's failures inside a step name it,
// and an error a step throws is reported at the step's line and ends the example.

extension Spec {
  /// Runs the step that arranges the example; failures inside it say "in step: Given ...".
  ///
  /// - Parameters:
  ///   - description: What is given, such as "a logged-out user".
  ///   - isolation: The caller's actor, where the closure runs; inferred.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The step.
  /// - Returns: What the step returns.
  public static func given<Result>(
    _ description: String,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: () async throws -> Result
  ) async throws -> Result {
    try await SpecStep.run(
      "Given \(description)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }

  /// Runs the step that acts; failures inside it say "in step: When ...".
  ///
  /// - Parameters:
  ///   - description: What happens, such as "accept is tapped".
  ///   - isolation: The caller's actor, where the closure runs; inferred.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The step.
  /// - Returns: What the step returns.
  public static func when<Result>(
    _ description: String,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: () async throws -> Result
  ) async throws -> Result {
    try await SpecStep.run(
      "When \(description)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }

  /// Runs the step that asserts; failures inside it say "in step: Then ...".
  ///
  /// - Parameters:
  ///   - description: What is expected, such as "it asks to log in".
  ///   - isolation: The caller's actor, where the closure runs; inferred.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The step.
  /// - Returns: What the step returns.
  public static func then<Result>(
    _ description: String,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: () async throws -> Result
  ) async throws -> Result {
    try await SpecStep.run(
      "Then \(description)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }
}

/// Running a step, which failure messages name.
enum SpecStep {
  /// The error that ends an example after its step's error was reported.
  struct Failed: AlreadyRecordedError {}

  static func run<Result>(
    _ step: String, at site: CallSite, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async throws -> Result {
    do {
      return try await FailureContext.with(
        FailureContext(kind: "step", name: step, shownInSwiftTesting: true), body)
    } catch let error where error is Failed || isTestLibraryError(error) {
      throw error
    } catch {
      FailureReporter.record("\(step): threw \(type(of: error)): \(error)", at: site)
      throw Failed()
    }
  }
}
