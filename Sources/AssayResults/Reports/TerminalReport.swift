import Foundation

/// What `assay test` prints: a line per result (or one live progress line on a terminal),
/// then each warning as `file:line: warning: message` and each failure as
/// `file:line: error: message` so that editors jump to them, the slowest tests, and the totals.
public enum TerminalReport {
  /// The line for one finished result, for logs and pipes.
  public static func line(for result: TestResult) -> String {
    let seconds = String(format: "%.3f", result.duration)
    switch result.outcome {
    case .passed: return "✓ \(result.id) (\(seconds) s)"
    case .knownIssue: return "✓ \(result.id) (\(seconds) s, with a known issue)"
    case .skipped: return "– \(result.id) skipped: \(result.reason ?? "")"
    case .failed: return "✗ \(result.id) failed (\(seconds) s)"
    case .crashed: return "✗ \(result.id) crashed: \(result.reason ?? "")"
    case .timedOut: return "✗ \(result.id) timed out: \(result.reason ?? "")"
    }
  }

  /// The live progress line: done of total, failures so far, elapsed and time left.
  public static func progress(
    done: Int, total: Int, failed: Int, elapsed: Double, left: Double?
  ) -> String {
    var text = "[\(done)/\(total)]"
    if failed > 0 { text += " \(failed) failed" }
    text += " \(String(format: "%.1f", elapsed)) s"
    if let left, left > 0.5 { text += ", about \(String(format: "%.0f", left)) s left" }
    return text
  }

  /// The summary after a run: warnings and failures with their locations, the slowest tests,
  /// totals.
  public static func summary(_ report: TestReport, slowest: Int = 10) -> String {
    var lines: [String] = []
    let warnings = warningLines(report)
    if !warnings.isEmpty {
      lines.append("")
      lines.append("Warnings:")
      lines += warnings
    }
    let failing = report.results.filter(\.outcome.isFailure)
    if !failing.isEmpty {
      lines.append("")
      lines.append("Failures:")
      for result in failing {
        lines += failureLines(result)
      }
    }
    let slow = report.results.filter { $0.duration > 0 }.sorted { $0.duration > $1.duration }
      .prefix(slowest)
    if !slow.isEmpty {
      lines.append("")
      lines.append("Slowest tests:")
      for result in slow {
        lines.append("  \(String(format: "%8.3f", result.duration)) s  \(result.id)")
      }
    }
    lines.append("")
    lines.append(totals(report))
    return lines.joined(separator: "\n")
  }

  /// A `warning:` line for each warning of a result (a measure that could not judge, a
  /// baseline recorded), with its location when known.
  static func warningLines(_ report: TestReport) -> [String] {
    report.results.flatMap { result in
      result.issues.filter(\.isWarning).map { issue in
        let at = (issue.location ?? result.location).map { "\($0.file):\($0.line): " } ?? ""
        let message = issue.message.replacingOccurrences(of: "\n", with: "\n    ")
        return "\(at)warning: \(result.id): \(message)"
      }
    }
  }

  /// `error:` lines for a failing result, one per issue, with its location when known.
  static func failureLines(_ result: TestResult) -> [String] {
    let place = result.location.map { "\($0.file):\($0.line): " } ?? ""
    switch result.outcome {
    case .crashed, .timedOut:
      let what = result.outcome == .crashed ? "crashed" : "timed out"
      var lines = ["\(place)error: \(result.id) \(what): \(result.reason ?? "")"]
      if let output = result.output, !output.isEmpty {
        lines += output.split(separator: "\n", omittingEmptySubsequences: false).prefix(8).map {
          "    | \($0)"
        }
      }
      return lines
    default:
      let issues = result.issues.filter(\.isFailure)
      var lines =
        issues.isEmpty
        ? ["\(place)error: \(result.id) failed"]
        : issues.map { issue in
          let at = issue.location.map { "\($0.file):\($0.line): " } ?? place
          let message = issue.message.replacingOccurrences(of: "\n", with: "\n    ")
          return "\(at)error: \(result.id): \(message)"
        }
      if let output = result.output, !output.isEmpty {
        lines += printedLines(output)
      }
      return lines
    }
  }

  /// The last lines a failed test printed, under its failure; how many came before them.
  static func printedLines(_ output: String, shown: Int = 8) -> [String] {
    let printed = output.split(separator: "\n", omittingEmptySubsequences: false)
    let before = printed.count - shown
    return (before > 0 ? ["    | (\(before) lines before: in the JSON and JUnit reports)"] : [])
      + printed.suffix(shown).map { "    | \($0)" }
  }

  /// "12 tests: 10 passed, 1 failed, 1 skipped in 3.2 s".
  public static func totals(_ report: TestReport) -> String {
    let counts = report.counts
    let parts = TestOutcome.allCases.compactMap { outcome -> String? in
      guard let count = counts[outcome] else { return nil }
      switch outcome {
      case .knownIssue: return "\(count) with known issues"
      case .timedOut: return "\(count) timed out"
      default: return "\(count) \(outcome.rawValue)"
      }
    }
    let total = report.results.count
    return "\(total) test\(total == 1 ? "" : "s"): \(parts.joined(separator: ", ")) in "
      + String(format: "%.1f", report.duration) + " s"
  }
}
