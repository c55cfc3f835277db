import AssayResults

/// Whether a migrated suite runs the same tests with the same outcomes as before, compared
/// test by test from two `assay test` reports. An XCTest method and the `@Test` function it
/// became are the same test: `Target.Suite/testName` either way.
public enum MigrationParity {
  /// Each test whose outcome differs, or that runs on one side only: "Suite/test: passed
  /// before, failed after"; empty when the runs agree.
  public static func differences(before: TestReport, after: TestReport) -> [String] {
    let old = outcomes(before)
    let new = underNamesBefore(outcomes(after), before: old)
    var lines: [String] = []
    for name in Set(old.keys).union(new.keys).sorted() {
      switch (old[name], new[name]) {
      case (let was?, let now?) where was != now:
        lines.append("\(name): \(was.rawValue) before, \(now.rawValue) after")
      case (let was?, nil):
        lines.append("\(name): \(was.rawValue) before, not run after")
      case (nil, let now?):
        lines.append("\(name): not run before, \(now.rawValue) after")
      default:
        break
      }
    }
    return lines
  }

  /// The suites whose tests do not run as before, by the name of their outermost type (the
  /// class that was converted), each with its first difference: what `--verify` puts back.
  public static func suitesThatDiffer(before: TestReport, after: TestReport) -> [String: String] {
    var suites: [String: String] = [:]
    for line in differences(before: before, after: after) {
      // "Target.Suite/Inner/test: ..." names the suite between the target's dot and the first
      // slash; a test at file scope ("Target.test: ...") belongs to no suite.
      let name = line.prefix { $0 != ":" }
      guard let slash = name.firstIndex(of: "/"), let dot = name[..<slash].firstIndex(of: ".")
      else { continue }
      let suite = String(name[name.index(after: dot)..<slash])
      if !suite.isEmpty, suites[suite] == nil { suites[suite] = line }
    }
    return suites
  }

  /// The results of test processes that failed after and not before: something no test's
  /// result explains (a crash in parallel that no test reproduced alone, an exit status, a
  /// sanitizer's report), which `assay test` reports as the process's own result.
  public static func newProcessFailures(before: TestReport, after: TestReport) -> [TestResult] {
    let failedBefore = Set(
      before.results.filter { isProcess($0) && $0.outcome.isFailure }.map(\.id))
    return after.results.filter {
      isProcess($0) && $0.outcome.isFailure && !failedBefore.contains($0.id)
    }
  }

  /// Whether a result is a test process's own (`assay test`'s "test process (Swift Testing)").
  static func isProcess(_ result: TestResult) -> Bool {
    result.id.suite.isEmpty && result.id.test.hasPrefix("test process")
  }

  /// `new` with each test of a suite that joined its target's serialized root suite (see
  /// `SerializedRoot`: `Target.AllSuites/Suite/test` after, `Target.Suite/test` before)
  /// under its name before.
  static func underNamesBefore(
    _ new: [String: TestOutcome], before old: [String: TestOutcome]
  ) -> [String: TestOutcome] {
    var renamed = new
    for (name, outcome) in new where old[name] == nil {
      guard let dot = name.firstIndex(of: "."),
        let slash = name[dot...].firstIndex(of: "/")
      else { continue }
      let before = String(name[...dot] + name[name.index(after: slash)...])
      guard old[before] != nil, new[before] == nil else { continue }
      renamed[name] = nil
      renamed[before] = outcome
    }
    return renamed
  }

  /// Outcomes by test, each test's cases taken together (the worst outcome wins).
  static func outcomes(_ report: TestReport) -> [String: TestOutcome] {
    var outcomes: [String: TestOutcome] = [:]
    for result in report.results {
      let id = result.id
      var test = id.test
      if test.hasSuffix("()") { test.removeLast(2) }
      let name = "\(id.target).\(id.suite)/\(test)"
      if let known = outcomes[name], known.isFailure || !result.outcome.isFailure { continue }
      outcomes[name] = result.outcome
    }
    return outcomes
  }
}
