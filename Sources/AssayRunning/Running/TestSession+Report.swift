import AssayResults
import AssayToolSupport
import Foundation

extension TestSession {
  /// Builds the tests of the package at `packagePath` and runs every one once, as `assay test`
  /// does (a crash or a hang ends one test, not the run), printing nothing.
  ///
  /// - Parameters:
  ///   - packagePath: The package's folder.
  ///   - testTimeout: The per-test timeout, in seconds.
  /// - Returns: The run's report.
  /// - Throws: ``RunError`` when the tests do not build or cannot be listed.
  public static func report(ofPackage packagePath: String, testTimeout: Double = 300)
    throws(RunError) -> TestReport
  {
    var options = Options()
    options.packagePath = packagePath
    options.testTimeout = testTimeout
    var session = TestSession(options: options, print: { _ in })
    let path = "\(try folder(session.stateFolder))/report-\(session.sessionID).json"
    session.options.reports = [try ReportRequest("json:\(path)")]
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = try session.run()
    guard let data = FileManager.default.contents(atPath: path) else {
      throw RunError("\(path): the run wrote no report")
    }
    do {
      return try TestReport.read(data)
    } catch {
      throw RunError("\(path): \(error.description)")
    }
  }
}
