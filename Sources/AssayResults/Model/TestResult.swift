/// The result of one test, or of one test case of a parameterized test (a spec's example, a
/// contract's check, one set of arguments).
public struct TestResult: Codable, Hashable, Sendable {
  /// Which test or test case this is.
  public var id: TestIdentifier
  /// How it ended.
  public var outcome: TestOutcome
  /// How long it ran, in seconds.
  public var duration: Double
  /// Each failure (or known issue) it recorded, in order.
  public var issues: [TestIssue]
  /// Where the test is declared, when known.
  public var location: SourceLocation?
  /// Why it was skipped; for a crash, the signal; for a timeout, the limit.
  public var reason: String?
  /// What the test printed: for a crashed or timed-out test, the process's last lines; for a
  /// failed XCTest test, the last lines of its own output (XCTest runs one test at a time).
  public var output: String?
  /// The round of `--repeat` this result is from (1 for the first); `nil` when the run did
  /// not repeat.
  public var round: Int?
  /// For a timeout, which limit it ran past.
  public var timeout: Timeout?
  /// How long its process computed while it ran, in seconds (every thread's processor time),
  /// when the runner measured it (``TestRunner/measuresProcessorTime``, Linux).
  public var processorTime: Double?

  /// A result.
  public init(
    id: TestIdentifier, outcome: TestOutcome, duration: Double = 0, issues: [TestIssue] = [],
    location: SourceLocation? = nil, reason: String? = nil, output: String? = nil
  ) {
    self.id = id
    self.outcome = outcome
    self.duration = duration
    self.issues = issues
    self.location = location
    self.reason = reason
    self.output = output
  }
}

/// The limit a timed-out test ran past. In a report: `{"kind": "wallClock", "processorWait":
/// 0.02}` or `{"kind": "processorTime"}`.
public enum Timeout: Codable, Hashable, Sendable {
  /// Its time on the clock. `processorWait`: how long the threads of its process had waited
  /// for a processor when it was killed, in seconds, summed (what a busy machine took from
  /// it); `nil` where the system does not say.
  case wallClock(processorWait: Double?)
  /// Its processor time: it computed that long (an endless loop), however busy the machine.
  case processorTime

  private enum CodingKeys: String, CodingKey {
    case kind, processorWait
  }

  /// Reads a timeout; a kind this version does not know is an error naming it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "wallClock":
      self = .wallClock(
        processorWait: try container.decodeIfPresent(Double.self, forKey: .processorWait))
    case "processorTime":
      self = .processorTime
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "unknown kind of timeout \"\(kind)\"")
    }
  }

  /// Writes a timeout: its kind, and what the process waited where known.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .wallClock(let wait):
      try container.encode("wallClock", forKey: .kind)
      try container.encodeIfPresent(wait, forKey: .processorWait)
    case .processorTime:
      try container.encode("processorTime", forKey: .kind)
    }
  }
}

/// How a test ended.
public enum TestOutcome: String, Codable, Hashable, Sendable, CaseIterable {
  case passed
  case failed
  case skipped
  /// It recorded only known issues (`withKnownIssue`, `XCTExpectFailure`).
  case knownIssue
  /// It stopped the test process (a `fatalError`, a failed `precondition`, a signal).
  case crashed
  /// It ran longer than the per-test timeout and its process was killed.
  case timedOut

  /// Whether this outcome makes the run fail.
  public var isFailure: Bool {
    switch self {
    case .failed, .crashed, .timedOut: true
    case .passed, .skipped, .knownIssue: false
    }
  }
}

/// A failure a test recorded: its message and where.
public struct TestIssue: Codable, Hashable, Sendable {
  /// The message, as the test library or the assertion wrote it.
  public var message: String
  /// Where it was recorded.
  public var location: SourceLocation?
  /// Whether it was a known issue (`withKnownIssue`), which does not fail the test.
  public var isKnown: Bool
  /// Whether it was a warning (`Issue.record(_:severity: .warning)`), which does not fail the
  /// test either: kept, as `swift test` shows it.
  public var isWarning: Bool

  /// An issue.
  public init(
    message: String, location: SourceLocation? = nil, isKnown: Bool = false,
    isWarning: Bool = false
  ) {
    self.message = message
    self.location = location
    self.isKnown = isKnown
    self.isWarning = isWarning
  }

  /// Whether it fails the test: neither known nor a warning.
  public var isFailure: Bool { !isKnown && !isWarning }

  private enum CodingKeys: String, CodingKey {
    case message, location, isKnown, isWarning
  }

  /// Reads an issue; reports written before warnings were kept have no `isWarning`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    message = try container.decode(String.self, forKey: .message)
    location = try container.decodeIfPresent(SourceLocation.self, forKey: .location)
    isKnown = try container.decode(Bool.self, forKey: .isKnown)
    isWarning = try container.decodeIfPresent(Bool.self, forKey: .isWarning) ?? false
  }

  /// Writes an issue; `isWarning` only when it is one.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(message, forKey: .message)
    try container.encodeIfPresent(location, forKey: .location)
    try container.encode(isKnown, forKey: .isKnown)
    if isWarning { try container.encode(true, forKey: .isWarning) }
  }
}

/// A place in a source file.
public struct SourceLocation: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The file's path, as the compiler gave it (absolute when known).
  public var file: String
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, when known.
  public var column: Int?

  /// A location.
  public init(file: String, line: Int, column: Int? = nil) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`, or `file:line`, as editors and compilers write it.
  public var description: String {
    column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
  }
}
