import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation

extension MutationEndToEndTests {
  /// Ctrl-C while the mutants run: the run kept its outcomes every 30 seconds only, so those of
  /// the last half minute were lost, and a survivor it had found was never shown. Now every
  /// outcome it kept is in the cache when it ends, the survivors among them are printed as a
  /// finished run prints them, standard error says how far it got, and the next run reuses
  /// exactly those outcomes.
  @Test func anInterruptedRunKeepsEveryOutcomeAndShowsItsSurvivors() async throws {
    let cache = "\(Self.fixture)/.build/assay/mutate/results.json"
    try? FileManager.default.removeItem(atPath: cache)
    let assay = TestProcess.productsDirectory.appendingPathComponent("assay")
    let (printed, errors, reason) = try await offThePool {
      let process = Process()
      process.executableURL = assay
      process.arguments = ["mutate", "--package-path", Self.fixture]
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      try process.run()
      var printed = ""
      while !printed.contains("[10/") {
        let data = output.fileHandleForReading.availableData
        if data.isEmpty { break }  // The run ended first.
        printed += String(decoding: data, as: UTF8.self)
      }
      kill(process.processIdentifier, SIGINT)
      printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let errors = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (printed, errors, (process.terminationReason, process.terminationStatus))
    }
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

    var options = MutationSession.Options()
    options.packagePath = Self.fixture
    let chosen = options
    let lines = PrintedLines()
    _ = try await offThePool { try MutationSession(options: chosen, print: lines.append).run() }
    #expect(
      lines.all.contains(
        "\(outcomes.count) outcomes reused from earlier runs (neither the code nor its tests "
          + "changed; --no-cache runs them again)"), "\(lines.all)")
    // No outcome kept was the interruption's doing (a test process it stopped, called crashed):
    // the run that goes on from them ends as an uninterrupted one.
    #expect(
      lines.all.contains(
        "62 mutants: 24 killed, 11 survived, 1 timed out, 2 crashed, 22 not covered, "
          + "2 unviable. Mutation score 45.0% (71.1% of the covered mutants)."), "\(lines.all)")
  }
}
