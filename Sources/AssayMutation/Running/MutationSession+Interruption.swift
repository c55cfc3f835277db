import AssayToolSupport
import Foundation

// What a run stopped while its mutants run leaves behind.
extension MutationSession {
  /// What a run interrupted while its mutants run does before it ends (Ctrl-C, `SIGTERM`, a CI
  /// job's time limit): writes every outcome kept so far into the cache, prints the survivors
  /// among them and among the outcomes it reused from earlier runs, as a finished run does,
  /// writes the reports asked for with the mutants it did not run as pending (Stryker's
  /// `Pending`, outside the score), and says on standard error how far it got and that the
  /// next run goes on from there. Before, a survivor found an hour in was never shown, nor one
  /// found by an earlier run that was interrupted too, and a CI job stopped at its time limit
  /// left no report.
  ///
  /// - Parameters:
  ///   - keeper: Keeps the run's final outcomes.
  ///   - count: How many mutants the run had to run.
  ///   - known: Every mutant of the run as it starts running them: those whose outcomes it
  ///     reused from earlier runs, or knew without running (not covered, unviable), with their
  ///     status, the others pending.
  /// - Returns: The undo for ``Interruption/undoing(_:_:)``.
  func keepOnInterruption(_ keeper: OutcomeKeeper, of count: Int, known: [Mutant])
    -> @Sendable () -> Void
  {
    let print = self.print
    let root = options.packagePath
    let shard = options.shard
    let requests = options.reports
    let path = keeper.kept.path
    let shown = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    return {
      let kept = keeper.keepAll()
      let outcomes = Dictionary(kept.map { ($0.id, $0) }) { _, last in last }
      let mutants = known.map { outcomes[$0.id] ?? $0 }
      let reused = known.filter { $0.status == .survived }.count
      for mutant in mutants where mutant.status == .survived {
        print("\(root)/\(mutant.location): warning: mutant survived: \(mutant.change)")
      }
      let report = MutationReport(mutants: mutants, root: root, shard: shard)
      let pending = mutants.filter { $0.status == .pending }.count
      print(
        "\(report.summary) \(pending) mutants were not run before the interruption: pending in "
          + "the reports.")
      var errors: [String] = []
      for request in requests {
        do throws(RunError) { try request.write(report) } catch { errors.append("\(error)") }
      }
      let earlier = reused == 0 ? "" : " with the \(reused) that survived in earlier runs"
      let survived = kept.filter { $0.status == .survived }.count
      let message =
        errors.map { "assay mutate: \($0)" }
        + [
          "assay mutate: interrupted: the outcomes of \(kept.count) of the \(count) mutants to "
            + "run are kept in \(shown) (\(survived) survived, shown above\(earlier)): the "
            + "next run goes on from there (--no-cache starts again)"
        ]
      FileHandle.standardError.write(Data((message.joined(separator: "\n") + "\n").utf8))
    }
  }
}
