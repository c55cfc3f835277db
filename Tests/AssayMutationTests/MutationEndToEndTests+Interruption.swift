import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation

extension MutationEndToEndTests {
  /// Ctrl-C while the mutants run: the run kept its outcomes every 30 seconds only, so those of
  /// the last half minute were lost, and a survivor it had found was never shown. Now every
  /// outcome it kept is in the cache when it ends, the survivors among them are printed as a
  /// finished run prints them, standard error says how far it got, and the next run reuses
  /// exactly those outcomes. A run interrupted again shows the survivors it reused from the
  /// earlier ones too: they were not shown at all (a day of runs interrupted at the end of each
  /// never named a survivor of the days before).
  @Test func anInterruptedRunKeepsEveryOutcomeAndShowsItsSurvivors() async throws {
    let cache = "\(Self.fixture)/.build/assay/mutate/results.json"
    try? FileManager.default.removeItem(atPath: cache)
    let (printed, errors, reason) = try await Self.interruptedRun(at: "[10/")
    #expect(printed.contains("[10/40]"), "\(printed)")
    #expect(reason.0 == .uncaughtSignal && reason.1 == SIGINT, "\(reason)")
    let data = try #require(FileManager.default.contents(atPath: cache))
    let entries = try JSONDecoder().decode([String: ResultCache.Entry].self, from: data)
    let outcomes = entries.filter { !$0.key.hasPrefix("unviable ") }.map(\.value)
    let survived = outcomes.filter { $0.status == .survived }.count
    // At least the detected ones of the first ten; a survivor is final only once no other
    // test is left for it.
    #expect(outcomes.count >= 5, "\(outcomes)")
    #expect(
      errors.contains(
        "assay mutate: interrupted: the outcomes of \(outcomes.count) of the 40 mutants to run "
          + "are kept in .build/assay/mutate/results.json (\(survived) survived, shown above): "
          + "the next run goes on from there (--no-cache starts again)"), "\(errors)")
    let shown = printed.split(separator: "\n").filter {
      $0.contains(": warning: mutant survived: ")
    }
    #expect(shown.count == survived, "\(printed)")
    // Nothing ran after the interruption: no progress after what it kept.
    let afterwards = printed.components(separatedBy: "before the interruption").last ?? ""
    #expect(!afterwards.contains(" left\n"), "\(printed)")

    // Interrupted again as its mutants start: the survivors it reused are shown too.
    let reportPath = "\(Self.fixture)/.build/interrupted.json"
    let (again, errorsAgain, _) = try await Self.interruptedRun(
      at: "Running ", arguments: ["--report", "json:\(reportPath)"])
    let entriesAgain = try JSONDecoder().decode(
      [String: ResultCache.Entry].self,
      from: try #require(FileManager.default.contents(atPath: cache)))
    let outcomesAgain = entriesAgain.filter { !$0.key.hasPrefix("unviable ") }.map(\.value)
    let survivedAgain = outcomesAgain.filter { $0.status == .survived }.count
    let newOutcomes = outcomesAgain.count - outcomes.count
    #expect(
      errorsAgain.contains(
        "assay mutate: interrupted: the outcomes of \(newOutcomes) of the "
          + "\(40 - outcomes.count) mutants to run are kept in .build/assay/mutate/results.json "
          + "(\(survivedAgain - survived) survived, shown above"
          + (survived == 0 ? "" : " with the \(survived) that survived in earlier runs")
          + "): the next run goes on from there (--no-cache starts again)"), "\(errorsAgain)")
    let shownAgain = again.split(separator: "\n").filter {
      $0.contains(": warning: mutant survived: ")
    }
    #expect(shownAgain.count == survivedAgain, "\(again)")
    #expect(Set(shown).isSubset(of: Set(shownAgain)), "\(again)")
    // Its reports are written with what it knows: the mutants it did not run are pending.
    let report = try MutationReport(
      strykerJSON: try #require(FileManager.default.contents(atPath: reportPath)),
      path: reportPath)
    let pending = report.mutants.filter { $0.status == .pending }.count
    #expect(report.mutants.count == 62)
    #expect(report.mutants.filter { $0.status == .survived }.count == survivedAgain)
    #expect(pending == 40 - outcomesAgain.count, "\(report.summary)")
    #expect(
      again.contains(
        "\(report.summary) \(pending) mutants were not run before the interruption: pending "
          + "in the reports."), "\(again)")

    var options = MutationSession.Options()
    options.packagePath = Self.fixture
    let chosen = options
    let lines = PrintedLines()
    _ = try await offThePool { try MutationSession(options: chosen, print: lines.append).run() }
    #expect(
      lines.all.contains(
        "\(outcomesAgain.count) outcomes reused from earlier runs (neither the code nor its tests "
          + "changed; --no-cache runs them again)"), "\(lines.all)")
    // No outcome kept was the interruption's doing (a test process it stopped, called crashed):
    // the run that goes on from them ends as an uninterrupted one.
    #expect(
      lines.all.contains(
        "62 mutants: 24 killed, 11 survived, 1 timed out, 2 crashed, 22 not covered, "
          + "2 unviable. Mutation score 45.0% (71.1% of the covered mutants)."), "\(lines.all)")
  }

  /// `assay mutate` on the fixture with `arguments`, sent `signal` once its output shows
  /// `mark`: what it printed, what it wrote on standard error, and how it ended.
  static func interruptedRun(
    at mark: String, arguments: [String] = [], signal: Int32 = SIGINT,
    temporaryFolder: String? = nil
  ) async throws -> (
    String, String, (Process.TerminationReason, Int32)
  ) {
    let assay = TestProcess.productsDirectory.appendingPathComponent("assay")
    return try await offThePool {
      let process = Process()
      process.executableURL = assay
      process.arguments = ["mutate", "--package-path", Self.fixture] + arguments
      if let temporaryFolder {
        process.environment = ProcessInfo.processInfo.environment.merging([
          "TMPDIR": temporaryFolder
        ]) { $1 }
      }
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      try process.run()
      var printed = ""
      while !printed.contains(mark) {
        let data = output.fileHandleForReading.availableData
        if data.isEmpty { break }  // The run ended first.
        printed += String(decoding: data, as: UTF8.self)
      }
      kill(process.processIdentifier, signal)
      printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let errors = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (printed, errors, (process.terminationReason, process.terminationStatus))
    }
  }
}
