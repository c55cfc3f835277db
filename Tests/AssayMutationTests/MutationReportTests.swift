import AssayRunning
import AssayToolSupport
import Foundation
import Testing

@testable import AssayMutation

/// The reports of `assay mutate`: the Stryker JSON read back, shards merged, the HTML page.
struct MutationReportTests {
  static let source = """
    func fee(_ total: Int) -> Int {
      total >= 1000 ? 0 : 5
    }
    let greeting = "Grüße, </script>"
    """

  static func mutant(
    _ id: Int, _ mutationOperator: MutationOperator, line: Int, columns: ClosedRange<Int>,
    original: String, replacement: String, status: Mutant.Status
  ) -> Mutant {
    var mutant = Mutant(
      id: id, mutationOperator: mutationOperator, file: "Sources/Shop/Fee.swift",
      start: .init(line: line, column: columns.lowerBound),
      end: .init(line: line, column: columns.upperBound), original: original,
      replacement: replacement)
    mutant.status = status
    if ![.noCoverage, .unviable, .notRun].contains(status) {
      mutant.coveredBy = ["ShopTests.FeeTests/testFee"]
    }
    if status == .killed { mutant.killedBy = "ShopTests.FeeTests/testFee" }
    return mutant
  }

  static let mutants = [
    mutant(
      1, .relationalBoundary, line: 2, columns: 3...16, original: "total >= 1000",
      replacement: "total > 1000", status: .survived),
    mutant(
      2, .integerLiteral, line: 2, columns: 12...16, original: "1000", replacement: "1001",
      status: .killed),
    mutant(
      3, .ternarySwap, line: 2, columns: 3...24, original: "total >= 1000 ? 0 : 5",
      replacement: "total >= 1000 ? 5 : 0", status: .timedOut),
    // A string with non-ASCII letters: columns count UTF-8 bytes.
    mutant(
      4, .stringLiteral, line: 4, columns: 16...36, original: "\"Grüße, </script>\"",
      replacement: "\"\"", status: .noCoverage),
  ]

  static func report(_ mutants: [Mutant] = mutants, shard: String? = nil) throws
    -> MutationReport
  {
    MutationReport(
      mutants: mutants, root: "/pkg", sources: ["Sources/Shop/Fee.swift": source],
      shard: try shard.map { text throws(RunError) in try Shard(text) })
  }

  /// A mutant that compiles alone but was not run is neither unviable nor a verdict: Stryker's
  /// "Ignored", counted apart, outside the score.
  @Test func aMutantNotRunIsIgnoredAndOutsideTheScore() throws {
    let mutants =
      Self.mutants + [
        Self.mutant(
          5, .integerLiteral, line: 2, columns: 23...24, original: "5", replacement: "6",
          status: .notRun)
      ]
    let written = try Self.report(mutants)
    let json = try #require(
      JSONSerialization.jsonObject(with: written.strykerJSON()) as? [String: Any])
    let files = try #require(json["files"] as? [String: [String: Any]])
    let statuses = (files["Sources/Shop/Fee.swift"]?["mutants"] as? [[String: Any]] ?? []).map {
      $0["status"] as? String
    }
    #expect(statuses.last == "Ignored")
    let read = try MutationReport(strykerJSON: written.strykerJSON(), path: "r.json")
    #expect(read.mutants == mutants)
    #expect(
      read.summary
        == "5 mutants: 1 killed, 1 survived, 1 timed out, 1 not covered, 1 not run. Mutation "
        + "score 50.0% (66.7% of the covered mutants).")
  }

  /// A mutant of an `#if` clause that the build does not compile says so: Stryker's
  /// `statusReason`, read back by `assay mutate merge`, and the HTML page's line for it.
  @Test func aMutantNotRunSaysWhyInEveryReport() throws {
    var ignored = Self.mutant(
      5, .integerLiteral, line: 2, columns: 23...24, original: "5", replacement: "6",
      status: .notRun)
    ignored.statusReason = "in an #if clause that this build does not compile"
    let written = try Self.report(Self.mutants + [ignored])
    let json = try #require(
      JSONSerialization.jsonObject(with: written.strykerJSON()) as? [String: Any])
    let files = try #require(json["files"] as? [String: [String: Any]])
    let rows = files["Sources/Shop/Fee.swift"]?["mutants"] as? [[String: Any]] ?? []
    #expect(rows.last?["statusReason"] as? String == ignored.statusReason)
    let read = try MutationReport(strykerJSON: written.strykerJSON(), path: "r.json")
    #expect(read.mutants.last?.statusReason == ignored.statusReason)
    let html = written.html()
    #expect(html.contains(#""statusReason":"in an #if clause that this build does not compile""#))
  }

  @Test func theStrykerReportReadsBackAsTheSameMutants() throws {
    let written = try Self.report()
    let read = try MutationReport(strykerJSON: written.strykerJSON(), path: "r.json")
    #expect(read.mutants == Self.mutants)
    #expect(read.root == "/pkg")
    #expect(read.sources == written.sources)
    #expect(read.shard == nil)
    #expect(
      read.summary
        == "4 mutants: 1 killed, 1 survived, 1 timed out, 1 not covered. Mutation score 50.0% "
        + "(66.7% of the covered mutants).")
  }

  @Test func shardsMergeIntoTheWholeRun() throws {
    let first = try Self.report([Self.mutants[0], Self.mutants[2]], shard: "1/2")
    let second = try Self.report([Self.mutants[1], Self.mutants[3]], shard: "2/2")
    let read = try [("1.json", first), ("2.json", second)].map { path, report in
      (path, try MutationReport(strykerJSON: report.strykerJSON(), path: path))
    }
    #expect(read[1].1.shard?.description == "2/2")
    let merged = try MutationReport.merged(read)
    #expect(merged.mutants == Self.mutants)
    #expect(merged.shard == nil)
    #expect(merged.scoreText == "50.0%")
  }

  @Test(
    arguments: [
      ([nil, nil], "1.json: not the report of a shard (assay mutate --shard k/n)"),
      (["1/3", "3/3"], "shard 2/3 missing: a merged score needs every shard"),
      (["1/4"], "shards 2/4, 3/4, 4/4 missing: a merged score needs every shard"),
      (["1/2", "1/2"], "2.json and 1.json are both shard 1/2"),
      (["1/2", "2/3"], "2.json: shard 2/3 of a different split than 1.json (1/2)"),
    ] as [([String?], String)])
  func mergingShardsThatDoNotMakeAWholeRunIsAnError(shards: [String?], message: String) throws {
    let reports = try shards.enumerated().map { index, shard in
      ("\(index + 1).json", try Self.report([Self.mutants[index]], shard: shard))
    }
    let error = #expect(throws: RunError.self) { try MutationReport.merged(reports) }
    #expect(error?.description == message)
  }

  @Test(arguments: [
    ("[1]", "r.json: not a mutation report of assay mutate (not a JSON object)"),
    (
      #"{"schemaVersion": "1"}"#,
      "r.json: not a mutation report of assay mutate (schemaVersion is not 2)"
    ),
    (
      #"{"schemaVersion": "2", "files": {"F.swift": {"mutants": [{"id": "1"}]}}}"#,
      "r.json: not a mutation report of assay mutate (a mutant of F.swift lacks its id, "
        + "operator, status or location)"
    ),
    (
      #"{"schemaVersion": "2", "files": {}, "config": {"shard": "0/2"}}"#,
      "--shard 0/2: k must be between 1 and n (here n is 2)"
    ),
  ])
  func aFileThatIsNotAReportIsAClearError(text: String, message: String) {
    let error = #expect(throws: RunError.self) {
      try MutationReport(strykerJSON: Data(text.utf8), path: "r.json")
    }
    #expect(error?.description == message)
  }

  @Test func theHTMLPageHoldsEveryMutantEscapedAndTheScore() throws {
    let html = try Self.report().html()
    #expect(
      html.contains(
        "<title>Mutation score 50.0%: 1 killed, 1 survived, 1 timed out, 1 not covered</title>"))
    // The data is JSON inside <script>: "</script>" in the code must not end the element.
    #expect(!html.contains("Grüße, </script>"))
    #expect(html.contains(#"Grüße, <\/script>"#))
    let start = try #require(html.range(of: #"<script type="application/json" id="data">"#))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let json = String(html[start.upperBound..<end.lowerBound])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["score"] as? String == "50.0%")
    let files = try #require(object["files"] as? [[String: Any]])
    let rows = try #require(files.first?["mutants"] as? [[String: Any]])
    #expect(
      rows.map { $0["status"] as? String } == ["survived", "killed", "timedOut", "noCoverage"])
    #expect(rows.first?["original"] as? String == "total >= 1000")
  }

  @Test(arguments: [
    ("json:out.json", MutationReport.Request.Format.json, "out.json"),
    ("html:a:b.html", .html, "a:b.html"),
  ])
  func aReportRequestNamesItsFormatAndFile(
    text: String, format: MutationReport.Request.Format, path: String
  ) throws {
    let request = try MutationReport.Request(text)
    #expect(request.format == format)
    #expect(request.path == path)
  }

  @Test(arguments: ["stryker.json", "xml:out.xml", "html:"])
  func aReportRequestWithoutAKnownFormatIsAnError(text: String) {
    let error = #expect(throws: RunError.self) { try MutationReport.Request(text) }
    #expect(
      error?.description
        == "--report \(text): expected FORMAT:PATH with FORMAT json or html "
        + "(such as html:mutants.html)")
  }
}
