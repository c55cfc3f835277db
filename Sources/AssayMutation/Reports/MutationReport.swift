import AssayRunning
import Foundation

/// The outcome of a mutation run (or of several shards' runs merged): counts, score, and the
/// source of each mutated file, for the reports.
public struct MutationReport: Sendable {
  /// The mutants with their outcomes, in order of their ids.
  public let mutants: [Mutant]
  /// The package's root, for the report's paths.
  public let root: String
  /// The text of each mutated file (paths relative to the root), as it was mutated.
  public let sources: [String: String]
  /// The shard this report covers, when the run was one shard of several.
  public let shard: Shard?

  /// A report of `mutants`, with `sources`; when a file's source is not given, it is read
  /// from `root`.
  public init(
    mutants: [Mutant], root: String, sources: [String: String] = [:], shard: Shard? = nil
  ) {
    self.mutants = mutants.sorted { $0.id < $1.id }
    self.root = root
    var sources = sources
    for file in Set(mutants.map(\.file)) where sources[file] == nil {
      sources[file] = (try? String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)) ?? ""
    }
    self.sources = sources
    self.shard = shard
  }

  /// How many mutants ended with each status.
  public var counts: [Mutant.Status: Int] {
    mutants.reduce(into: [:]) { $0[$1.status, default: 0] += 1 }
  }

  /// The mutation score, in percent: detected mutants among the valid ones (killed, timed
  /// out, crashed, survived and not covered; unviable ones and those not run do not count), as
  /// Stryker computes it.
  public var score: Double { Self.score(of: mutants) }

  /// The score of `mutants`, in percent; 100 when none is valid.
  static func score(of mutants: [Mutant]) -> Double {
    let valid = mutants.filter { ![.unviable, .notRun, .pending].contains($0.status) }
    guard !valid.isEmpty else { return 100 }
    return Double(valid.filter(\.status.isDetected).count) / Double(valid.count) * 100
  }

  /// The score among the mutants some test reaches.
  public var coveredScore: Double {
    Self.score(of: mutants.filter { $0.status != .noCoverage })
  }

  /// "71.4%".
  public var scoreText: String { String(format: "%.1f%%", score) }

  /// "59 mutants: 23 killed, 11 survived, .... Mutation score 42.1% (68.6% of the covered
  /// mutants)."
  public var summary: String {
    let counts = counts
    let text = Mutant.Status.reported.compactMap { status in
      counts[status].map { "\($0) \(status.label)" }
    }
    return "\(mutants.count) mutants: \(text.joined(separator: ", ")). Mutation score "
      + "\(scoreText) (\(String(format: "%.1f%%", coveredScore)) of the covered mutants)."
  }
}

extension Mutant.Status {
  /// The statuses a finished run has, in the order reports list them.
  static let reported: [Mutant.Status] = [
    .killed, .survived, .timedOut, .crashed, .noCoverage, .unviable, .notRun,
  ]

  /// "not covered".
  var label: String {
    switch self {
    case .pending: "pending"
    case .killed: "killed"
    case .survived: "survived"
    case .timedOut: "timed out"
    case .crashed: "crashed"
    case .unviable: "unviable"
    case .notRun: "not run"
    case .noCoverage: "not covered"
    }
  }
}
