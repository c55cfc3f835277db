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
/// XCTest has no such trait; its tests run side by side as the worker folders let them, as
/// other mutation testers run theirs (`--jobs 1` runs one process at a time).
final class SerialGroups: @unchecked Sendable {
  /// Each test's group: its target and the outermost serialized suite around it.
  private let groups: [TestIdentifier: String]
  private let condition = NSCondition()
  private var held: Set<String> = []

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

  /// Runs `body` once no other caller holds a group of `tests`, holding those groups until it
  /// returns. A caller holds all its groups at once, so two callers never wait on each other.
  func holding<Result>(_ tests: [TestIdentifier], _ body: () -> Result) -> Result {
    let mine = Set(tests.compactMap(group(of:)))
    guard !mine.isEmpty else { return body() }
    condition.lock()
    while !held.isDisjoint(with: mine) { condition.wait() }
    held.formUnion(mine)
    condition.unlock()
    defer {
      condition.lock()
      held.subtract(mine)
      condition.broadcast()
      condition.unlock()
    }
    return body()
  }
}
