import AssayToolSupport
import Foundation

// What a run stopped while its mutants run leaves behind.
extension MutationSession {
  /// What a run interrupted while its mutants run does before it ends (Ctrl-C, `SIGTERM`, a CI
  /// job's time limit): writes every outcome kept so far into the cache, prints the survivors
  /// among them and among the outcomes it reused from earlier runs, as a finished run does, and
  /// says on standard error how far it got and that the next run goes on from there. Before, a
  /// survivor found an hour in was never shown, nor one found by an earlier run that was
  /// interrupted too.
  ///
  /// - Parameters:
  ///   - keeper: Keeps the run's final outcomes.
  ///   - count: How many mutants the run had to run.
  ///   - reusedSurvivors: The mutants that survived in earlier runs, whose outcomes it reused.
  /// - Returns: The undo for ``Interruption/undoing(_:_:)``.
  func keepOnInterruption(_ keeper: OutcomeKeeper, of count: Int, reusedSurvivors: [Mutant])
    -> @Sendable () -> Void
  {
    let print = self.print
    let root = options.packagePath
    let path = keeper.kept.path
    let shown = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    return {
      let kept = keeper.keepAll()
      let survivors = kept.filter { $0.status == .survived }
      for mutant in (survivors + reusedSurvivors).sorted(by: { $0.id < $1.id }) {
        print("\(root)/\(mutant.location): warning: mutant survived: \(mutant.change)")
      }
      let earlier =
        reusedSurvivors.isEmpty
        ? "" : " with the \(reusedSurvivors.count) that survived in earlier runs"
      let message =
        "assay mutate: interrupted: the outcomes of \(kept.count) of the \(count) mutants to "
        + "run are kept in \(shown) (\(survivors.count) survived, shown above\(earlier)): the "
        + "next run goes on from there (--no-cache starts again)"
      FileHandle.standardError.write(Data((message + "\n").utf8))
    }
  }
}
