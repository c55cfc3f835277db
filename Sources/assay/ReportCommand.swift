import ArgumentParser
import AssayResults
import AssayRunning
import AssayToolSupport
import Foundation

/// `assay report`: works on the JSON reports of `assay test`.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Work on assay test's JSON reports.",
    subcommands: [Merge.self]
  )

  /// `assay report merge`: one report from the shards' reports.
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "merge",
      abstract: "Merge the JSON reports of shards (assay test --shard k/n) into one.",
      discussion: """
        Every shard must be there once. Exits with status 1 when a test failed, crashed or \
        timed out, 2 when the reports cannot be merged.

        Example, after a CI matrix of four shards:
          assay report merge shard1.json shard2.json shard3.json shard4.json \\
            --report json:all.json --report junit:all.xml --report html:all.html
        """
    )

    @Argument(help: "JSON reports written by assay test --report json:PATH.")
    var inputs: [String]

    @Option(
      help: ArgumentHelp(
        "Write the merged report: json:PATH, junit:PATH or html:PATH (repeatable); "
          + "JSON on standard output if none.", valueName: "format:path"))
    var report: [String] = []

    func run() throws {
      var passed = true
      do {
        let requests = try report.map { text throws(RunError) in
          try TestSession.ReportRequest(text)
        }
        let merged = try ReportMerge.merge(inputs)
        if requests.isEmpty {
          FileHandle.standardOutput.write(merged.json())
        } else {
          try ReportMerge.write(merged, to: requests)
        }
        passed = merged.passed
      } catch {
        FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
        throw ExitCode(2)
      }
      if !passed { throw ExitCode(1) }
    }
  }
}
