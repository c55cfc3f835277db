/// A file after conversion, by `assay migrate xctest` or `assay migrate quick`.
public struct MigrationResult: Sendable, Equatable {
  /// Something left as it was.
  public struct Note: Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// Why.
    public var message: String
    /// "12: ...".
    public var description: String { "\(line): \(message)" }
  }

  /// The new text (the same text when nothing was converted).
  public var text: String
  /// Classes converted to suites or specs.
  public var suites = 0
  /// Tests (test methods, or examples) converted.
  public var tests = 0
  /// Assertions, waits and skips (or expectations) converted.
  public var assertions = 0
  /// What was left as it was, with why: `line: message`.
  public var notes: [Note] = []
  /// The names of the classes converted (XCTest's), which extensions in other files follow.
  var convertedSuites: Set<String> = []
  /// The helper base classes converted with their families (see ``ClassFamilies``).
  var convertedBases: Set<String> = []
}
