import Foundation

/// A report as JUnit XML, what CI services and editors read: a `<testcase>` per test and per
/// test case, with its file, line and duration.
///
/// `classname` is `Target.Suite`; a test case's name is the test's with the case in
/// brackets. Failures carry their message and location; skipped tests have `<skipped>`;
/// crashed and timed-out tests are `<error>`s with the process's last lines.
public enum JUnitReport {
  /// The XML text of `report`.
  public static func xml(_ report: TestReport) -> String {
    let counts = report.counts
    let failures = counts[.failed, default: 0]
    let errors = counts[.crashed, default: 0] + counts[.timedOut, default: 0]
    let skipped = counts[.skipped, default: 0]
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites tests="\(report.results.count)" failures="\(failures)" errors="\(errors)" \
      skipped="\(skipped)" time="\(seconds(report.duration))">

      """
    let byTarget = Dictionary(grouping: report.results, by: \.id.target)
    for target in byTarget.keys.sorted() {
      let results = byTarget[target]!
      let targetFailures = results.filter { $0.outcome == .failed }.count
      let targetErrors = results.filter { $0.outcome == .crashed || $0.outcome == .timedOut }
        .count
      let targetSkipped = results.filter { $0.outcome == .skipped }.count
      let time = results.reduce(0) { $0 + $1.duration }
      xml += """
          <testsuite name="\(xmlEscaped(target))" tests="\(results.count)" \
        failures="\(targetFailures)" errors="\(targetErrors)" skipped="\(targetSkipped)" \
        time="\(seconds(time))">

        """
      for result in results {
        xml += testCase(result)
      }
      xml += "  </testsuite>\n"
    }
    xml += "</testsuites>\n"
    return xml
  }

  private static func testCase(_ result: TestResult) -> String {
    let id = result.id
    let classname = id.suite.isEmpty ? id.target : "\(id.target).\(id.suite)"
    let name = id.testCase.map { "\(id.test) [\($0)]" } ?? id.test
    var attributes =
      "classname=\"\(xmlEscaped(classname))\" name=\"\(xmlEscaped(name))\" "
      + "time=\"\(seconds(result.duration))\""
    if let location = result.location {
      attributes += " file=\"\(xmlEscaped(location.file))\" line=\"\(location.line)\""
    }
    var body = ""
    switch result.outcome {
    case .passed, .knownIssue:
      break
    case .skipped:
      body += "      <skipped message=\"\(xmlEscaped(result.reason ?? "skipped"))\"/>\n"
    case .failed:
      for issue in result.issues where issue.isFailure {
        let summary = issue.message.split(separator: "\n").first.map(String.init) ?? ""
        let place = issue.location.map { "\($0): " } ?? ""
        body +=
          "      <failure message=\"\(xmlEscaped(summary))\">"
          + "\(xmlEscaped(place + issue.message))</failure>\n"
      }
      if let output = result.output, !output.isEmpty {
        body += "      <system-out>\(xmlEscaped(output))</system-out>\n"
      }
    case .crashed, .timedOut:
      let type = result.outcome == .crashed ? "crashed" : "timed out"
      let message = "\(type): \(result.reason ?? "")"
      body +=
        "      <error type=\"\(type)\" message=\"\(xmlEscaped(message))\">"
        + "\(xmlEscaped(result.output ?? ""))</error>\n"
    }
    if body.isEmpty { return "    <testcase \(attributes)/>\n" }
    return "    <testcase \(attributes)>\n\(body)    </testcase>\n"
  }

  private static func seconds(_ value: Double) -> String {
    String(format: "%.3f", value)
  }
}
