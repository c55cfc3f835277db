import AssayResults
import AssayToolSupport
import Foundation

/// `assay report merge`: reads the shards' JSON reports and writes one.
public enum ReportMerge {
  /// The reports at `paths`, merged. Shards' reports must be every shard of one split, each
  /// once: a missing shard would drop its tests from the merged report, unseen.
  ///
  /// - Throws: ``RunError`` naming the file that cannot be read or is not a report, a shard
  ///   given twice or of another split, or the shards missing.
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
    if reports.contains(where: { $0.shard != nil }) {
      var shards: [(path: String, shard: Shard?)] = []
      for (path, report) in zip(paths, reports) {
        do {
          shards.append((path, try report.shard.map { text throws(RunError) in try Shard(text) }))
        } catch {
          throw RunError("\(path): shard \(report.shard ?? ""): not k/n")
        }
      }
      try Shard.checkEveryShardOnce(shards, command: "assay test", merged: "a merged report")
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
