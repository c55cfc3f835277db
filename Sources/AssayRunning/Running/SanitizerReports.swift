/// Collects, whole, the reports that sanitizers and leak checkers print while a test process
/// runs or as it exits (ThreadSanitizer's race, AddressSanitizer's error, LeakSanitizer's
/// leaks, UndefinedBehaviorSanitizer's runtime error), so that the run can show them: they fail
/// `swift test` through the process's exit status, often after every test reported.
struct SanitizerReports {
  /// The reports read so far, each as its lines joined.
  private(set) var reports: [String] = []
  private var current: [String]?
  private var previous: String?

  /// The longest a report is kept, in lines; the rest is cut with a note.
  static let maximumLines = 400

  /// Whether `line` begins a report.
  static func begins(_ line: String) -> Bool {
    line.holds("WARNING: ThreadSanitizer:") || line.holds("ERROR: AddressSanitizer")
      || line.holds("ERROR: LeakSanitizer") || line.holds("ERROR: MemorySanitizer")
      || (line.holds(": runtime error: ") && line.holds(".swift:"))
  }

  /// Reads one printed line.
  mutating func read(_ line: String) {
    if var lines = current {
      lines.append(line)
      // ThreadSanitizer closes a report with a line of `=`; the others with `SUMMARY:`.
      if line.hasPrefix("SUMMARY: ") || Self.isRule(line) || lines.count >= Self.maximumLines {
        close(lines)
      } else {
        current = lines
      }
    } else if Self.begins(line) {
      let opening = previous.map(Self.isRule) == true ? [previous!] : []
      current = opening + [line]
      if line.holds(": runtime error: ") { close(current!) }
    }
    previous = line
  }

  /// Ends the report still open when the process ended.
  mutating func finish() {
    if let lines = current { close(lines) }
  }

  private mutating func close(_ lines: [String]) {
    reports.append(lines.joined(separator: "\n"))
    current = nil
  }

  private static func isRule(_ line: String) -> Bool {
    line.count >= 10 && line.allSatisfy { $0 == "=" }
  }
}
