import AssayResults
import Foundation

/// `assay report merge`: reads the shards' JSON reports and writes one.
public enum ReportMerge {
  /// The reports at `paths`, merged.
  ///
  /// - Throws: ``RunError`` naming the file that cannot be read or is not a report.
  public static func merge(_ paths: [String]) throws(RunError) -> TestReport {
    guard !paths.isEmpty else { throw RunError("no reports to merge") }
    var reports: [TestReport] = []
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw RunError("\(path): cannot read this file")
      }
      do {
        reports.append(try TestReport.read(data))
      } catch {
        throw RunError("\(path): \(error.description)")
      }
    }
    return TestReport.merge(reports)
  }

  /// Writes `report` in each format asked for.
  public static func write(_ report: TestReport, to requests: [TestSession.ReportRequest])
    throws(RunError)
  {
    for request in requests {
      try request.write(report)
    }
  }
}
