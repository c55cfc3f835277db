import Foundation

/// The results of one run of `assay test` (or of several shards merged): the JSON report,
/// and what `--failed`, time-balanced shards and the navigator read back.
///
/// The schema is versioned: ``schemaVersion`` changes when a field changes meaning or goes
/// away; new optional fields keep the version. Readers refuse a version they do not know.
/// The schema is documented in `docs/test-report-schema.md`.
public struct TestReport: Codable, Hashable, Sendable {
  /// The version of the schema this report follows.
  public static let currentSchemaVersion = 1

  /// The version of the schema this report follows.
  public var schemaVersion: Int
  /// When the run started, as seconds since 1970.
  public var started: Double
  /// How long the whole run took, in seconds (build excluded).
  public var duration: Double
  /// The shard this report covers, as `k/n`, when the run was sharded.
  public var shard: String?
  /// Every result, sorted by identifier.
  public var results: [TestResult]

  /// A report.
  public init(started: Double, duration: Double, shard: String? = nil, results: [TestResult]) {
    self.schemaVersion = Self.currentSchemaVersion
    self.started = started
    self.duration = duration
    self.shard = shard
    self.results = results.sorted { $0.id < $1.id }
  }

  /// How many results ended with each outcome.
  public var counts: [TestOutcome: Int] {
    results.reduce(into: [:]) { $0[$1.outcome, default: 0] += 1 }
  }

  /// Whether no result failed, crashed or timed out.
  public var passed: Bool { !results.contains { $0.outcome.isFailure } }

  /// The report as JSON, keys sorted so reports compare and diff well.
  public func json() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain values cannot fail.
    return (try? encoder.encode(self)) ?? Data()
  }

  /// Reads a report written by ``json()``.
  ///
  /// - Throws: ``ReadError`` naming what is wrong, never a decoding error's dump.
  public static func read(_ data: Data) throws(ReadError) -> TestReport {
    struct Version: Decodable { let schemaVersion: Int }
    guard let version = try? JSONDecoder().decode(Version.self, from: data) else {
      throw ReadError("not an assay test report (no schemaVersion)")
    }
    guard version.schemaVersion == currentSchemaVersion else {
      throw ReadError(
        "schema version \(version.schemaVersion), but this assay reads version "
          + "\(currentSchemaVersion)")
    }
    do {
      return try JSONDecoder().decode(TestReport.self, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
      throw ReadError("missing \(path(context.codingPath + [key]))")
    } catch let DecodingError.typeMismatch(_, context) {
      throw ReadError("wrong type at \(path(context.codingPath))")
    } catch let DecodingError.valueNotFound(_, context) {
      throw ReadError("missing value at \(path(context.codingPath))")
    } catch let DecodingError.dataCorrupted(context) {
      throw ReadError("unreadable value at \(path(context.codingPath))")
    } catch {
      throw ReadError("not an assay test report")
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      .trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }

  /// Combines the reports of shards (or of runs) into one.
  ///
  /// A test in several reports keeps its last result. The duration is the longest report's
  /// (shards run side by side); the start, the earliest.
  public static func merge(_ reports: [TestReport]) -> TestReport {
    var byID: [TestIdentifier: TestResult] = [:]
    for report in reports {
      for result in report.results { byID[result.id] = result }
    }
    return TestReport(
      started: reports.map(\.started).min() ?? 0,
      duration: reports.map(\.duration).max() ?? 0,
      results: Array(byID.values))
  }

  /// Why a file is not a report this version can read.
  public struct ReadError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    init(_ description: String) {
      self.description = description
    }
  }
}
