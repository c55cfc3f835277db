import AssayRunning
import AssayToolSupport
import Foundation

extension MutationReport {
  /// A report to write, from `--report FORMAT:PATH`: `json` (Stryker's mutation-testing
  /// schema, version 2) or `html` (a page of its own).
  public struct Request: Sendable, Equatable {
    /// The formats.
    public enum Format: String, Sendable, CaseIterable {
      case json, html
    }
    /// The format.
    public var format: Format
    /// The file to write.
    public var path: String

    /// Reads `FORMAT:PATH`, such as `html:mutants.html`.
    ///
    /// - Throws: ``RunError`` for another format or no path.
    public init(_ text: String) throws(RunError) {
      let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
      guard parts.count == 2, let format = Format(rawValue: parts[0]), !parts[1].isEmpty else {
        throw RunError(
          "--report \(text): expected FORMAT:PATH with FORMAT json or html "
            + "(such as html:mutants.html)")
      }
      self.format = format
      self.path = parts[1]
    }

    /// Writes `report` in this format.
    public func write(_ report: MutationReport) throws(RunError) {
      let data =
        switch format {
        case .json: report.strykerJSON()
        case .html: Data(report.html().utf8)
        }
      try AtomicFile.write(data, to: path)
    }
  }
}
