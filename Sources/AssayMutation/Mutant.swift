/// One change `assay mutate` makes to the code, and what the tests made of it.
public struct Mutant: Codable, Hashable, Sendable, Identifiable {
  /// Its number in the run, from 1; the value of `ASSAY_MUTANT` that switches it on.
  public var id: Int
  /// The operator that made it.
  public var mutationOperator: MutationOperator
  /// The file, relative to the package's root.
  public var file: String
  /// Where the changed code starts and ends in the original file (lines and columns from 1).
  public var start: Position
  /// Where the changed code ends.
  public var end: Position
  /// The declaration that holds it (the outermost function, initializer, subscript or
  /// variable around it, below its type), by the id of that declaration's first mutant;
  /// `nil` when none does.
  public var declaration: Int?
  /// The code as written.
  public var original: String
  /// The code of the mutant.
  public var replacement: String
  /// What the tests made of it.
  public var status: Status = .pending
  /// The tests that reach it.
  public var coveredBy: [String] = []
  /// The test that failed with it, when killed.
  public var killedBy: String?
  /// Why it has its status, where the status alone does not say (a mutant not run because
  /// the build does not compile its `#if` clause).
  public var statusReason: String?

  /// A line and column, from 1.
  public struct Position: Codable, Hashable, Sendable {
    /// The line.
    public var line: Int
    /// The column.
    public var column: Int
  }

  /// What the tests made of a mutant.
  public enum Status: String, Codable, Sendable {
    /// Not run yet.
    case pending
    /// A test failed: the tests noticed the change.
    case killed
    /// Every covering test passed: the tests did not notice.
    case survived
    /// The covering tests ran past the timeout (an endless loop, usually): counted as noticed.
    case timedOut
    /// The test process crashed: counted as noticed.
    case crashed
    /// It did not compile, and was left out.
    case unviable
    /// It compiles alone, but the one build that holds the mutants could not hold it (it does
    /// not compile beside the others, or compiled in it changes the code even when switched
    /// off): it was not run, and does not count in the score.
    case notRun
    /// No test reaches it.
    case noCoverage

    /// Whether the tests noticed it.
    public var isDetected: Bool { self == .killed || self == .timedOut || self == .crashed }
  }

  /// `file:line:column`.
  public var location: String { "\(file):\(start.line):\(start.column)" }

  /// "`a < b` → `a <= b`".
  public var change: String { "\(original) → \(replacement)" }
}
