import Foundation

/// The outcome of a mutation run: counts, score, and the Stryker report.
public struct MutationReport: Sendable {
  /// The mutants with their outcomes.
  public let mutants: [Mutant]
  /// The package's root, for the report's paths and sources.
  public let root: String

  /// A report of `mutants`.
  public init(mutants: [Mutant], root: String) {
    self.mutants = mutants
    self.root = root
  }

  /// How many mutants ended with each status.
  public var counts: [Mutant.Status: Int] {
    mutants.reduce(into: [:]) { $0[$1.status, default: 0] += 1 }
  }

  /// The mutation score, in percent: detected mutants among the valid ones (killed, timed
  /// out, crashed, survived and not covered; unviable ones do not count), as Stryker
  /// computes it.
  public var score: Double {
    let valid = mutants.filter { $0.status != .unviable && $0.status != .pending }
    guard !valid.isEmpty else { return 100 }
    return Double(valid.filter(\.status.isDetected).count) / Double(valid.count) * 100
  }

  /// The score among the mutants some test reaches.
  public var coveredScore: Double {
    let covered = mutants.filter {
      $0.status != .unviable && $0.status != .noCoverage && $0.status != .pending
    }
    guard !covered.isEmpty else { return 100 }
    return Double(covered.filter(\.status.isDetected).count) / Double(covered.count) * 100
  }

  /// "71.4%".
  public var scoreText: String { String(format: "%.1f%%", score) }

  /// The lines after a run.
  public var summary: String {
    let counts = counts
    let parts: [(Mutant.Status, String)] = [
      (.killed, "killed"), (.survived, "survived"), (.timedOut, "timed out"),
      (.crashed, "crashed"), (.noCoverage, "not covered"), (.unviable, "unviable"),
    ]
    let text = parts.compactMap { status, label in counts[status].map { "\($0) \(label)" } }
    return "\(mutants.count) mutants: \(text.joined(separator: ", ")). Mutation score "
      + "\(scoreText) (\(String(format: "%.1f%%", coveredScore)) of the covered mutants)."
  }

  /// The report in the mutation-testing-report schema, version 2 (Stryker's), which its
  /// HTML elements and dashboards read.
  public func strykerJSON() -> Data {
    var files: [String: Any] = [:]
    for (path, inFile) in Dictionary(grouping: mutants, by: \.file) {
      let source = (try? String(contentsOfFile: "\(root)/\(path)", encoding: .utf8)) ?? ""
      files[path] = [
        "language": "swift",
        "source": source,
        "mutants": inFile.sorted { $0.id < $1.id }.map { mutant -> [String: Any] in
          var entry: [String: Any] = [
            "id": "\(mutant.id)",
            "mutatorName": mutant.mutationOperator.name,
            "replacement": mutant.replacement,
            "location": [
              "start": ["line": mutant.start.line, "column": mutant.start.column],
              "end": ["line": mutant.end.line, "column": mutant.end.column],
            ],
            "status": Self.strykerStatus(mutant.status),
          ]
          if !mutant.coveredBy.isEmpty { entry["coveredBy"] = mutant.coveredBy }
          if let killedBy = mutant.killedBy { entry["killedBy"] = [killedBy] }
          return entry
        },
      ]
    }
    let tests = Set(mutants.flatMap(\.coveredBy)).sorted()
    let report: [String: Any] = [
      "schemaVersion": "2",
      "thresholds": ["high": 80, "low": 60],
      "projectRoot": root,
      "files": files,
      "testFiles": ["": ["tests": tests.map { ["id": $0, "name": $0] }]],
    ]
    return
      (try? JSONSerialization.data(
        withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
  }

  static func strykerStatus(_ status: Mutant.Status) -> String {
    switch status {
    case .killed: "Killed"
    case .survived: "Survived"
    case .timedOut: "Timeout"
    case .crashed: "RuntimeError"
    case .unviable: "CompileError"
    case .noCoverage: "NoCoverage"
    case .pending: "Pending"
    }
  }
}
