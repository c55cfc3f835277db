import AssayResults
import AssayToolSupport
import Foundation

/// What the user asked to run, turned into batches of tests: locations (`File.swift:37`),
/// names (`--only`), `--filter`/`--skip` patterns, the last run's failures, a shard.
public struct TestSelection: Sendable {
  /// `path` or `path:line` arguments.
  public var locations: [String] = []
  /// Names of tests or suites: `Suite/test()`, `Target.Suite`, `testSomething`.
  public var names: [String] = []
  /// Regular expressions a test's `Target.Suite/test` must match (any of them).
  public var filters: [String] = []
  /// Regular expressions that leave a test out.
  public var skips: [String] = []
  /// Only the tests that failed, crashed or timed out in this earlier run.
  public var failedIn: TestReport?
  /// This shard of the selection.
  public var shard: Shard?
  /// Durations of an earlier run, to balance shards by time.
  public var durations: [TestIdentifier: Double] = [:]
  /// The cases of each spec and contract host: a shard splits them one by one.
  public var specExamples: [TestIdentifier: [String]] = [:]
  /// The hosts among them that run a contract's checks.
  public var contractHosts: Set<TestIdentifier> = []

  /// Nothing chosen: every test.
  public init() {}

  /// The batches to run, from `inventory`; `sources` are the test targets' files.
  ///
  /// - Throws: ``RunError`` naming the location, name or pattern that matched nothing.
  public func batches(from inventory: TestInventory, sources: [TestSource]) throws(RunError)
    -> [TestBatch]
  {
    var tests = inventory.tests
    var examples: [(host: TestIdentifier, name: String)] = []
    if !locations.isEmpty {
      var chosen: [TestIdentifier] = []
      for location in locations {
        switch try TestLocator(inventory: inventory, sources: sources).find(location) {
        case .tests(let found): chosen += found
        case .specExample(let host, let name): examples.append((host, name))
        }
      }
      tests = tests.filter { chosen.contains($0.id) }
    }
    if !names.isEmpty {
      var chosen: Set<TestIdentifier> = []
      for name in names {
        let found = tests.filter { Self.matches(name, $0.id) }
        guard !found.isEmpty else {
          throw RunError(
            "no test is named \"\(name)\"" + Self.suggestion(for: name, in: inventory))
        }
        chosen.formUnion(found.map(\.id))
      }
      tests = tests.filter { chosen.contains($0.id) }
    }
    if !filters.isEmpty {
      let patterns = try Self.regexes(filters, of: "--filter")
      tests = tests.filter { test in
        patterns.contains { test.id.testName.contains($0) }
      }
    }
    if !skips.isEmpty {
      let patterns = try Self.regexes(skips)
      tests = tests.filter { !Self.leavesOut($0.id, patterns) }
    }
    if let failedIn {
      let failed = Set(failedIn.results.filter(\.outcome.isFailure).map(\.id.withoutCase))
      tests = tests.filter { failed.contains($0.id) }
    }
    var shardExamples: [TestIdentifier] = []
    if let shard {
      // Units: each test, but each example of a spec on its own.
      let units = tests.flatMap { test in
        specExamples[test.id].map { $0.map { test.id.with(testCase: $0) } } ?? [test.id]
      }
      let chosen = shard.select(units, durations: durations)
      shardExamples = chosen.filter { $0.testCase != nil }
      let whole = Set(chosen.filter { $0.testCase == nil })
      tests = tests.filter { whole.contains($0.id) }
    }
    if tests.isEmpty, examples.isEmpty, shardExamples.isEmpty, shard == nil {
      throw RunError("no test matches what was asked for")
    }
    var batches: [TestBatch] = []
    for library in [TestIdentifier.Library.xctest, .swiftTesting] {
      let ids = tests.map(\.id).filter { $0.library == library }
      guard !ids.isEmpty else { continue }
      let all = inventory.tests.filter { $0.id.library == library }.count
      if library == .xctest, !inventory.xctestListed, ids.count != all {
        throw RunError(
          "this package's test binary takes no test names (it has its own main, such as "
            + "LinuxMain.swift): its XCTest tests can only run all together")
      }
      batches.append(TestBatch(library: library, tests: ids, isEverything: ids.count == all))
    }
    if !shardExamples.isEmpty {
      let hosts = Array(Set(shardExamples.map(\.withoutCase))).sorted()
      batches.append(
        TestBatch(
          library: .swiftTesting, tests: hosts,
          environment: [
            "ASSAY_EXAMPLES": SpecNames.variable(for: shardExamples, contracts: contractHosts)
          ]))
    }
    for (host, name) in examples {
      batches.append(
        TestBatch(library: .swiftTesting, tests: [host], environment: ["ASSAY_EXAMPLE": name]))
    }
    return batches
  }

  /// Whether `name` names `id`: its whole name, or its end from a `.` or `/` boundary, or
  /// the suite (all its tests); `()` may be left out, and so may the backticks of a raw
  /// identifier (``plain(_:)``).
  static func matches(_ name: String, _ id: TestIdentifier) -> Bool {
    let full = id.testName
    let owner = id.suite.isEmpty ? id.target : "\(id.target).\(id.suite)"
    let bare = full.replacingOccurrences(of: "`", with: "")
    let candidates = [
      full, full.replacingOccurrences(of: "()", with: ""), bare, plain(full), owner, plain(owner),
    ]
    for candidate in candidates {
      if candidate == name || candidate.hasSuffix("." + name) || candidate.hasSuffix("/" + name) {
        return true
      }
    }
    return false
  }

  /// `name` as `swift test` shows it: without the backticks of a raw identifier (Swift 6.2's
  /// ``Suite`/`adds two numbers`()`` is `Suite/adds two numbers`), nor its last parentheses
  /// when they hold only argument labels (`()`, `(_:)`, `(name:count:)`).
  static func plain(_ name: String) -> String {
    let bare = name.replacingOccurrences(of: "`", with: "")
    guard bare.hasSuffix(")"), let open = bare.lastIndex(of: "(") else { return bare }
    let labels = bare[bare.index(after: open)..<bare.index(before: bare.endIndex)]
    guard labels.wholeMatch(of: /([A-Za-z_][A-Za-z0-9_]*:)*/) != nil else { return bare }
    return String(bare[..<open])
  }

  /// ", did you mean ...?" with the three names closest to `name`.
  static func suggestion(for name: String, in inventory: TestInventory) -> String {
    let names = Set(inventory.tests.map { $0.id.testName })
    let scored = names.map { candidate -> (String, Int) in
      let tail = candidate.split(separator: ".").last.map(String.init) ?? candidate
      let own = plain(candidate.split(separator: "/").last.map(String.init) ?? candidate)
      let distance = [candidate, tail, own].map { editDistance(name, $0) }.min() ?? 0
      return (candidate, distance)
    }
    let closest = scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    return closest.isEmpty ? "" : "; did you mean \(closest.joined(separator: ", "))?"
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard !a.isEmpty else { return b.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.count]
  }

  /// The regular expressions of `option`'s patterns (`--filter` or `--skip`).
  ///
  /// - Throws: ``RunError`` naming the option and the first pattern that is not a regular
  ///   expression.
  public static func regexes(_ patterns: [String], of option: String = "--skip") throws(RunError)
    -> [Regex<AnyRegexOutput>]
  {
    var regexes: [Regex<AnyRegexOutput>] = []
    for pattern in patterns {
      do {
        regexes.append(try Regex(pattern))
      } catch {
        throw RunError("\(option) \"\(pattern)\" is not a regular expression: \(error)")
      }
    }
    return regexes
  }

  /// Whether `--skip` patterns leave `test` out: one of them matches its `Target.Suite/test`.
  public static func leavesOut(_ test: TestIdentifier, _ patterns: [Regex<AnyRegexOutput>]) -> Bool
  {
    patterns.contains { test.testName.contains($0) }
  }

  /// The `--skip` pattern that leaves out `test` and no other, here and in `swift test`:
  /// `^Target\.Suite/testA$` for an XCTest test; `^Target\.Suite/test\(\)(/|$)` for a Swift
  /// Testing one, whose id in `swift test` goes on with its source location
  /// (`Target.Suite/test()/File.swift:12:4`).
  public static func skipPattern(for test: TestIdentifier) -> String {
    let special = Set("\\^$.|?*+()[]{}")
    let escaped = test.testName.map { special.contains($0) ? "\\\($0)" : String($0) }.joined()
    return "^\(escaped)" + (test.library == .swiftTesting ? "(/|$)" : "$")
  }
}
