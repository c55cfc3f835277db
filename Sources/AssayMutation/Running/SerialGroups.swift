import AssayResults
import AssayRunning
import Foundation

/// The tests that must never run at the same time as each other: those of a suite marked
/// `.serialized` (`@Suite(.serialized)`), with the suites nested in it, which Swift Testing
/// runs one after another. `assay mutate` runs tests in several processes at once (`--jobs`);
/// a process that runs a test of such a suite first waits until no other process runs one of
/// the same suite (fluent-postgres-driver's tests, all nested in a serialized `AllSuites`,
/// share one database: run side by side, they failed before any mutation).
///
/// Tests that share something outside their folders with no mark (XCTest has no such trait:
/// fluent-postgres-driver's `FluentBenchmarksTests` use the database of its serialized suite)
/// fail side by side and pass alone: those are marked ``runExclusively(_:)`` and run with no
/// other test process at all.
final class SerialGroups: @unchecked Sendable {
  /// Each test's group: its target and the outermost serialized suite around it.
  private let groups: [TestIdentifier: String]
  private let condition = NSCondition()
  /// The groups of the processes running now.
  private var held: Set<String> = []
  /// The tests that run with no other test process (without their case).
  private var exclusive: Set<TestIdentifier> = []
  /// How many processes run now, and whether one of them runs an exclusive test.
  private var running = 0
  private var runningExclusively = false
  /// How many callers wait to run an exclusive test: no other process starts meanwhile.
  private var waitingExclusively = 0

  /// No test in any group.
  init() { groups = [:] }

  /// The groups of `tests`, from the serialized suites that `sources` declare.
  init(tests: [TestIdentifier], sources: [TestSource]) {
    var serialized: [String?: Set<String>] = [:]
    for source in sources where !source.serializedSuites.isEmpty {
      serialized[source.target, default: []].formUnion(source.serializedSuites)
    }
    var groups: [TestIdentifier: String] = [:]
    if !serialized.isEmpty {
      for test in tests where test.library == .swiftTesting && !test.suite.isEmpty {
        // A file whose target is not known counts for every target.
        let suites = (serialized[test.target] ?? []).union(serialized[nil] ?? [])
        let parts = test.suite.split(separator: "/").map(String.init)
        if let depth = (1...parts.count).first(where: {
          suites.contains(parts.prefix($0).joined(separator: "/"))
        }) {
          groups[test.withoutCase] = "\(test.target).\(parts.prefix(depth).joined(separator: "/"))"
        }
      }
    }
    self.groups = groups
  }

  /// The group of `test`: `Target.Suite` of its outermost serialized suite, or `nil`.
  func group(of test: TestIdentifier) -> String? { groups[test.withoutCase] }

  /// Marks `tests` to run with no other test process from now on.
  func runExclusively(_ tests: some Sequence<TestIdentifier>) {
    condition.withLock { exclusive.formUnion(tests.map(\.withoutCase)) }
  }

  /// Takes the mark of ``runExclusively(_:)`` off `tests`.
  func stopRunningExclusively(_ tests: some Sequence<TestIdentifier>) {
    condition.withLock { exclusive.subtract(tests.map(\.withoutCase)) }
  }

  /// Whether `test` runs with no other test process.
  func runsExclusively(_ test: TestIdentifier) -> Bool {
    condition.withLock { exclusive.contains(test.withoutCase) }
  }

  /// Runs `body` once no other caller holds a group of `tests`, holding those groups until it
  /// returns; if one of `tests` runs exclusively, once no other caller runs at all, and no
  /// other starts until it returns. A caller holds all it needs at once, so two callers never
  /// wait on each other, and one that waits to run exclusively goes before those that come
  /// after it.
  func holding<Result>(_ tests: [TestIdentifier], _ body: () -> Result) -> Result {
    let mine = Set(tests.compactMap(group(of:)))
    condition.lock()
    let alone = tests.contains { exclusive.contains($0.withoutCase) }
    if alone {
      waitingExclusively += 1
      while running > 0 { condition.wait() }
      waitingExclusively -= 1
      runningExclusively = true
    } else {
      while runningExclusively || waitingExclusively > 0 || !held.isDisjoint(with: mine) {
        condition.wait()
      }
    }
    running += 1
    held.formUnion(mine)
    condition.unlock()
    defer {
      condition.lock()
      running -= 1
      if alone { runningExclusively = false }
      held.subtract(mine)
      condition.broadcast()
      condition.unlock()
    }
    return body()
  }
}
