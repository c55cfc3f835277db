import Foundation

/// The `afterAll` hooks of groups whose examples started but did not all run yet.
///
/// A group's `afterAll` runs after the last of its listed examples. When a runner runs only
/// some of a spec's examples (an IDE re-running one argument, a filter on test case IDs), that
/// moment never comes. The ``FinishesSpecTrait`` then runs what is pending when the host test
/// ends; without it, the process reports at exit which `afterAll` hooks never ran, on
/// standard error, since no test is running by then to record an issue.
final class PendingAfterAll: Sendable {
  static let shared = PendingAfterAll()

  /// Runs one group's `afterAll` hooks; made by the last example of the group that ran.
  struct Finish: @unchecked Sendable {
    // @unchecked: the hooks are closures of the spec, run once, by one task, after the
    // examples that shared them have ended.
    let group: String
    let depth: Int
    let examplesRan: Int
    let examplesListed: Int
    let scope: ObjectIdentifier?
    let run: () async -> Void
  }

  private let pending = Locked<[SpecSharedState.GroupKey: Finish]>([:])
  private let exitReport = Locked(false)

  /// The scope of the ``FinishesSpecTrait`` running the current host test, if any.
  @TaskLocal static var scope: FinishesSpecTrait.Scope?

  /// Remembers how to finish `key`'s group, replacing what an earlier example left.
  func pend(_ key: SpecSharedState.GroupKey, _ finish: Finish) {
    pending.withLock { $0[key] = finish }
    registerExitReport()
  }

  /// Forgets `key`'s group: its `afterAll` ran.
  func finished(_ key: SpecSharedState.GroupKey) {
    pending.withLock { $0[key] = nil }
  }

  /// Runs the pending `afterAll` hooks of the groups that ran in `scope`, inner groups first.
  func finish(scope: ObjectIdentifier) async {
    let finishes = pending.withLock { pending in
      let mine = pending.filter { $0.value.scope == scope }
      for key in mine.keys { pending[key] = nil }
      return mine.values.sorted { $0.depth > $1.depth }
    }
    for finish in finishes { await finish.run() }
  }

  /// What never ran, one line per group: empty when every `afterAll` ran.
  var unfinished: [String] {
    pending.withLock { $0.values.map(\.self) }.sorted { $0.group < $1.group }.map { finish in
      "warning: afterAll of \(finish.group) did not run: \(finish.examplesRan) of its "
        + "\(finish.examplesListed) examples ran. Give the spec's host test the .finishesSpec "
        + "trait to run afterAll when a runner runs only some examples."
    }
  }

  private func registerExitReport() {
    let needed = exitReport.withLock { registered in
      defer { registered = true }
      return !registered
    }
    if needed {
      atexit {
        let lines = PendingAfterAll.shared.unfinished
        FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
      }
    }
  }
}
