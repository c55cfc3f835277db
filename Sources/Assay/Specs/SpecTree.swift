/// Whether a group or an example is focused (`fit`, `fdescribe`) or pending (`xit`, `xdescribe`).
enum SpecMark: Sendable {
  case plain, focused, pending
}

/// A hook that runs around every example of its group (`beforeEach`, `justBeforeEach`,
/// `afterEach`, `afterAll`).
struct SpecHook {
  let kind: String
  let site: CallSite
  let body: () async throws -> Void
}

/// An `aroundEach` hook: it receives the rest of the example as `run`.
struct SpecAroundHook {
  let site: CallSite
  let body: (_ run: () async throws -> Void) async throws -> Void
}

/// A `beforeAll` hook: it runs once for its group, and its result is shared by the group's
/// examples through a ``SpecValue``.
struct SpecOnceHook {
  let site: CallSite
  let body: () async throws -> any Sendable
}

/// An `it` as declared, with the closure that runs it.
struct SpecExampleNode {
  let name: String
  let site: CallSite
  let mark: SpecMark
  let body: () async throws -> Void
}

/// A `describe` or `context` (or the spec's unnamed root), with its hooks.
///
/// While a spec is evaluated to run one example, only the groups on that example's path are
/// built; their hooks are what the example runs.
final class SpecGroup {
  /// The names of this group and the groups around it, joined with commas.
  let name: String
  let site: CallSite?
  let mark: SpecMark
  /// The child indices from the root to this group: the key of its `beforeAll` results.
  let path: [Int]

  var beforeAll: [SpecOnceHook] = []
  var afterAll: [SpecHook] = []
  var beforeEach: [SpecHook] = []
  var justBeforeEach: [SpecHook] = []
  var afterEach: [SpecHook] = []
  var aroundEach: [SpecAroundHook] = []
  /// How many groups and examples were declared in this group so far.
  var childCount = 0

  init(name: String, site: CallSite?, mark: SpecMark, path: [Int]) {
    self.name = name
    self.site = site
    self.mark = mark
    self.path = path
  }
}
