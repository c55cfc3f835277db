import AssayRunning
import AssayToolSupport
import Foundation

extension MutationReport {
  /// The report in the mutation-testing-report schema, version 2 (Stryker's), which its
  /// HTML elements and dashboards read. A shard's report says which shard it is in
  /// `config.shard`, for ``merged(_:)``.
  public func strykerJSON() -> Data {
    var files: [String: Any] = [:]
    for (path, inFile) in Dictionary(grouping: mutants, by: \.file) {
      files[path] = [
        "language": "swift",
        "source": sources[path] ?? "",
        "mutants": inFile.map { mutant -> [String: Any] in
          var entry: [String: Any] = [
            "id": "\(mutant.id)",
            "mutatorName": mutant.mutationOperator.name,
            "replacement": mutant.replacement,
            "location": [
              "start": ["line": mutant.start.line, "column": mutant.start.column],
              "end": ["line": mutant.end.line, "column": mutant.end.column],
            ],
            "status": Self.strykerStatus[mutant.status] ?? "Pending",
          ]
          if !mutant.coveredBy.isEmpty { entry["coveredBy"] = mutant.coveredBy }
          if let killedBy = mutant.killedBy { entry["killedBy"] = [killedBy] }
          if let reason = mutant.statusReason { entry["statusReason"] = reason }
          return entry
        },
      ]
    }
    let tests = Set(mutants.flatMap(\.coveredBy)).sorted()
    var report: [String: Any] = [
      "schemaVersion": "2",
      "thresholds": ["high": 80, "low": 60],
      "projectRoot": root,
      "files": files,
      "testFiles": ["": ["tests": tests.map { ["id": $0, "name": $0] }]],
    ]
    if let shard { report["config"] = ["shard": shard.description] }
    return
      (try? JSONSerialization.data(
        withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
  }

  static let strykerStatus: [Mutant.Status: String] = [
    .killed: "Killed", .survived: "Survived", .timedOut: "Timeout", .crashed: "RuntimeError",
    .unviable: "CompileError", .noCoverage: "NoCoverage", .pending: "Pending", .notRun: "Ignored",
  ]

  /// Reads a report that ``strykerJSON()`` wrote; `path` names it in errors.
  ///
  /// - Throws: ``RunError`` naming the file and what is wrong in it.
  public init(strykerJSON data: Data, path: String) throws(RunError) {
    func invalid(_ what: String) -> RunError {
      RunError("\(path): not a mutation report of assay mutate (\(what))")
    }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw invalid("not a JSON object")
    }
    guard object["schemaVersion"] as? String == "2" else { throw invalid("schemaVersion is not 2") }
    guard let files = object["files"] as? [String: [String: Any]] else {
      throw invalid("no files")
    }
    let statuses = Dictionary(uniqueKeysWithValues: Self.strykerStatus.map { ($1, $0) })
    var mutants: [Mutant] = []
    var sources: [String: String] = [:]
    for (file, entry) in files {
      let source = entry["source"] as? String ?? ""
      sources[file] = source
      let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
      for item in entry["mutants"] as? [[String: Any]] ?? [] {
        guard let id = (item["id"] as? String).flatMap({ Int($0) }),
          let name = item["mutatorName"] as? String,
          let mutationOperator = MutationOperator(rawValue: name),
          let status = (item["status"] as? String).flatMap({ statuses[$0] }),
          let location = item["location"] as? [String: [String: Int]],
          let start = location["start"].flatMap(Self.position),
          let end = location["end"].flatMap(Self.position)
        else { throw invalid("a mutant of \(file) lacks its id, operator, status or location") }
        var mutant = Mutant(
          id: id, mutationOperator: mutationOperator, file: file, start: start, end: end,
          original: Self.text(of: lines, from: start, to: end),
          replacement: item["replacement"] as? String ?? "")
        mutant.status = status
        mutant.coveredBy = item["coveredBy"] as? [String] ?? []
        mutant.killedBy = (item["killedBy"] as? [String])?.first
        mutant.statusReason = item["statusReason"] as? String
        mutants.append(mutant)
      }
    }
    let shard = try (object["config"] as? [String: Any])?["shard"].flatMap { $0 as? String }
      .map { text throws(RunError) in try Shard(text) }
    self.init(
      mutants: mutants, root: object["projectRoot"] as? String ?? "", sources: sources,
      shard: shard)
  }

  private static func position(_ value: [String: Int]) -> Mutant.Position? {
    guard let line = value["line"], let column = value["column"] else { return nil }
    return Mutant.Position(line: line, column: column)
  }

  /// The code between two positions (columns count UTF-8 bytes, as the compiler's do).
  private static func text(
    of lines: [Substring], from start: Mutant.Position, to end: Mutant.Position
  ) -> String {
    guard start.line >= 1, end.line <= lines.count, start.line <= end.line else { return "" }
    let chosen = lines[(start.line - 1)...(end.line - 1)].joined(separator: "\n").utf8
    let from = start.column - 1
    let to = chosen.count - (lines[end.line - 1].utf8.count - (end.column - 1))
    guard from >= 0, to >= from, to <= chosen.count else { return "" }
    let bytes = Array(chosen)[from..<to]
    return String(decoding: bytes, as: UTF8.self)
  }

  /// One report from the reports of the shards of a run (`assay mutate --shard k/n`): every
  /// shard must be there once, all of the same split. A single report without a shard is
  /// returned as it is.
  ///
  /// - Throws: ``RunError`` when a shard is missing or twice, or the splits differ.
  public static func merged(_ reports: [(path: String, report: MutationReport)])
    throws(RunError) -> MutationReport
  {
    guard let first = reports.first else { throw RunError("no reports to merge") }
    if reports.count == 1, first.report.shard == nil { return first.report }
    try Shard.checkEveryShardOnce(
      reports.map { ($0.path, $0.report.shard) }, command: "assay mutate",
      merged: "a merged score")
    return MutationReport(
      mutants: reports.flatMap(\.report.mutants), root: first.report.root,
      sources: reports.reduce(into: [:]) { $0.merge($1.report.sources) { old, _ in old } })
  }
}
