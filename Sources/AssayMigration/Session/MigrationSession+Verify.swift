import AssayResults
import AssayToolSupport
import Foundation

/// `--verify`: the tests run before writing and after the build, and each suite whose tests
/// do not end as they did goes back as XCTest.
extension MigrationSession {
  /// With `--verify`, runs the tests before anything is written: the outcomes the migrated
  /// suites must keep (`nil` without `--verify`, or with nothing to write).
  func runBeforeWriting(_ changed: [Converted]) throws(RunError) -> TestReport? {
    guard let run = options.runTests, options.build != nil, let first = changed.first,
      let root = PackageRoot.containing(first.path)
    else { return nil }
    print("running the tests before writing, to compare their outcomes after (--verify)")
    let report: TestReport
    do {
      report = try run(root)
    } catch {
      throw RunError(
        "--verify: the tests could not run before the migration, so nothing was written: "
          + error.description)
    }
    print("ran \(Set(report.results.map(\.id.withoutCase)).count) tests")
    return report
  }

  /// Runs the tests after a build that passes and, while tests of converted suites do not end
  /// as they did before writing (an outcome changed, or a test runs on one side only), puts
  /// those suites back as XCTest in every file, each with a note naming its first difference,
  /// and builds again; when only suites left as they were differ, XCTest's lists go back, once.
  /// Each round puts back at least one suite, or the lists, so the loop ends: with the same
  /// outcomes, or with differences only in suites the migration left as they were (a note).
  func verifyAndPutBack(
    _ changed: inout [Converted], _ state: inout PutBack, summary: inout Summary,
    before: TestReport, run: (String) throws(RunError) -> TestReport,
    build: (String) -> MigrationBuild.Outcome, root: String, migration: XCTestMigration.Options
  ) throws(RunError) {
    while !changed.isEmpty {
      print("running the tests to compare their outcomes with the run before (--verify)")
      let after = try run(root)
      let differing = MigrationParity.suitesThatDiffer(before: before, after: after)
      let converted = Set(changed.flatMap(\.result.convertedSuites))
        .subtracting(state.kept.keys)
      var putBack = differing.filter { converted.contains($0.key) }
        .mapValues { "its tests do not end as before: \($0)" }
      if putBack.isEmpty, !converted.isEmpty,
        let failure = MigrationParity.newProcessFailures(before: before, after: after).first
      {
        putBack = Self.suitesToBlame(for: failure, among: converted)
      }
      if putBack.isEmpty, let first = differing.sorted(by: { $0.key < $1.key }).first,
        !state.removedLists.isEmpty,
        // Lists that name a converted suite would not compile.
        !state.removedLists.contains(where: { list in
          converted.contains { Self.mentions(list.text, $0) }
        })
      {
        try putBackLists(
          &state, summary: &summary,
          because: "without them, tests of suites the migration left as they were did not end "
            + "as before (\(first.value))")
        // The lists ran only the tests they name: without them, others ran. Built and run again.
        guard
          try buildAndPutBack(
            &changed, &state, summary: &summary, build: build, root: root, migration: migration)
        else { return }
        continue
      }
      guard !putBack.isEmpty else {
        let others = differing.sorted { $0.key < $1.key }
        if let first = others.first {
          summary.notes.append(
            "note: tests of suites the migration left as they were do not end as before: "
              + first.value + (others.count > 1 ? " (and \(others.count - 1) more suites)" : ""))
        } else if let failure = MigrationParity.newProcessFailures(before: before, after: after)
          .first
        {
          summary.notes.append(
            "note: after the migration, the \(failure.id.test) fails, which no suite the "
              + "migration changed explains: \(failure.reason ?? "")")
        } else {
          print("the same tests, with the same outcomes")
        }
        return
      }
      for (name, why) in putBack { state.kept[name] = why }
      var options = migration
      options.assayAssertionSuites = Set(state.assayed.keys).subtracting(state.kept.keys)
      let restored = try convertAgain(
        &changed, keeping: state.kept, summary: &summary, migration: options)
      for file in restored {
        try putBackCallers(of: file, &changed, summary: &summary, helpers: migration.helpers)
      }
      guard !changed.isEmpty,
        try buildAndPutBack(
          &changed, &state, summary: &summary, build: build, root: root, migration: migration)
      else { return }
    }
  }

  /// The converted suites to put back for a test process that fails after the migration and
  /// not before, each with why: those whose tests it names (the tests that ran together when
  /// it crashed), or, when it names none, every converted suite, since any could be the cause.
  static func suitesToBlame(for failure: TestResult, among converted: Set<String>)
    -> [String: String]
  {
    let text = failure.issues.map(\.message).joined(separator: "\n")
    // `Target.Suite/test()`, or `Target.Root/Suite/test()` for a suite that joined its
    // target's serialized root (see `SerializedRoot`).
    let named = converted.filter { text.contains(".\($0)/") || text.contains("/\($0)/") }
    let what =
      "the \(failure.id.test) fails after the migration"
      + (failure.reason.map { " (\(abbreviatingTestsThatRanTogether($0)))" } ?? "")
    if !named.isEmpty {
      return Dictionary(
        uniqueKeysWithValues: named.map { ($0, "\(what), while its tests ran") })
    }
    return Dictionary(
      uniqueKeysWithValues: converted.map {
        ($0, "\(what), naming no test, so every converted suite it runs goes back")
      })
  }

  /// `reason` with the tests that ran together when a process crashed (`while A, B, C ran
  /// together`) counted, and only the first two named: a suite's note is not the place for
  /// every test of the run (Quick/Nimble: 213 names in each of several notes). The runner's
  /// report keeps them all.
  static func abbreviatingTestsThatRanTogether(_ reason: String) -> String {
    guard let start = reason.range(of: " while "),
      let end = reason.range(of: " ran together", range: start.upperBound..<reason.endIndex)
    else { return reason }
    let names = reason[start.upperBound..<end.lowerBound].components(separatedBy: ", ")
    guard names.count > 3 else { return reason }
    return reason[..<start.upperBound]
      + "\(names.count) tests (\(names[0]), \(names[1]) and \(names.count - 2) more)"
      + reason[end.lowerBound...]
  }

  /// Writes back XCTest's lists for Linux that the migration removed (they ran only the tests
  /// they name: weichsel/ZIPFoundation's left out one that segfaults, and 27 tests after it
  /// never ran without them), with a note saying why.
  func putBackLists(_ state: inout PutBack, summary: inout Summary, because why: String)
    throws(RunError)
  {
    for list in state.removedLists {
      try AtomicFile.write(Data(list.text.utf8), to: list.path)
    }
    // The next build must see them: SwiftPM's plan would not.
    for root in Set(state.removedLists.compactMap { PackageRoot.containing($0.path) }) {
      MigrationBuild.forgetBuildPlans(packageRoot: root)
    }
    let names = state.removedLists.map { relative($0.path) }.joined(separator: ", ")
    summary.removed = []
    summary.notes.append(
      "note: put back \(names): \(why); the lists run only the tests they name")
    state.removedLists = []
  }
}
