import AssayResults
import AssayToolSupport
import Foundation
import SwiftParser

extension MigrationSession {
  /// A file the session converted: its text before and after, and what the conversion did.
  struct Converted {
    var path: String
    /// The file before, as the conversion read it and as it was.
    var source: FileText
    /// The file after, in the file's own form (``FileText/restoring(_:)``).
    var new: String
    var result: MigrationResult

    /// The file before, byte for byte: what putting it back writes.
    var old: String { source.original }
  }

  /// What the checks after writing put back, shared by their rounds of building and running.
  struct PutBack {
    /// The suites put back as XCTest (in every file of the run), each with why.
    var kept: [String: String] = [:]
    /// The suites converted with Assay's assertions, each with the error `#expect` gave.
    var assayed: [String: String] = [:]
    /// XCTest's lists for Linux that the migration removed, with their text.
    var removedLists: [(path: String, text: String)] = []
  }

  /// Checks an `--in-place` migration: builds the tests, putting back what does not compile
  /// (``buildAndPutBack(_:_:summary:build:root:migration:)``); then, with `--verify` (`before`,
  /// the run before writing), runs them, putting back each suite whose tests do not end as they
  /// did (``verifyAndPutBack(_:_:summary:before:run:build:root:migration:)``).
  func checkAndPutBack(
    _ changed: inout [Converted], summary: inout Summary,
    build: (String) -> MigrationBuild.Outcome, before: TestReport?,
    removedLists: [(path: String, text: String)] = [], migration: XCTestMigration.Options
  ) throws(RunError) {
    guard let root = PackageRoot.containing(changed[0].path) else {
      summary.notes.append(
        "note: not built: no Package.swift above \(relative(changed[0].path))")
      return
    }
    var state = PutBack()
    state.removedLists = removedLists
    defer {
      for (name, message) in state.assayed.sorted(by: { $0.key < $1.key })
      where state.kept[name] == nil {
        summary.notes.append(
          "note: \(name) asserts with Assay's assertions (assertEqual, assertTrue, …): with "
            + "#expect its converted code does not compile: \(message)")
      }
    }
    print("building the tests to check the converted code (--no-build skips this)")
    let built = try buildAndPutBack(
      &changed, &state, summary: &summary, build: build, root: root, migration: migration)
    if built, let before, let run = options.runTests {
      try verifyAndPutBack(
        &changed, &state, summary: &summary, before: before, run: run, build: build,
        root: root, migration: migration)
    }
    // Every converted file went back: the lists, which ran only the tests they name, too.
    if changed.isEmpty, !state.removedLists.isEmpty {
      try putBackLists(&state, summary: &summary, because: "every converted file went back")
    }
  }

  /// Builds the tests after an `--in-place` migration and, while the build fails in a
  /// converted file, converts again with Assay's assertions each suite the compiler rejects
  /// (typed as XCTest's are, they compile where `#expect(a == b)` does not), then puts back as
  /// XCTest each suite still rejected (or the whole file, where an error is outside any suite,
  /// or in a Quick spec), with a note naming the error, and builds again. A suite put back is
  /// put back in every file: its extensions elsewhere stay XCTest with it. Each round changes
  /// something, and a suite takes Assay's assertions once, so the loop ends: with a build that
  /// passes (`true`), or with errors only in files the migration did not change (see
  /// `putBackAllIfTheyBreakOthers`).
  func buildAndPutBack(
    _ changed: inout [Converted], _ state: inout PutBack, summary: inout Summary,
    build: (String) -> MigrationBuild.Outcome, root: String, migration: XCTestMigration.Options
  ) throws(RunError) -> Bool {
    let canAssay =
      options.source == .xctest && migration.usesAssay && migration.assertions == .expect
    while true {
      let outcome = build(root)
      if outcome.succeeded { return true }
      let errors = MigrationBuild.errors(in: outcome.output)
      var putBack = false
      var keep = state.kept
      var assay = state.assayed
      var restoredWhole: [Converted] = []
      for index in changed.indices.reversed() {
        let file = changed[index]
        let mine = errors.filter { $0.path == MigrationBuild.canonical(file.path) }
        guard !mine.isEmpty else { continue }
        putBack = true
        var whole = options.source == .quick
        for error in mine where !whole {
          // A suite put back in an earlier round and still failing: no progress that way.
          guard let name = MigrationBuild.enclosingType(line: error.line, in: file.new),
            state.kept[name] == nil
          else {
            whole = true
            break
          }
          // The suite's first error is named (its line is the converted file's, gone once the
          // suite is back). A name that does not resolve stays unresolved with Assay's
          // assertions: that suite goes back at once.
          let unresolved = ["cannot find '", "has no member '", "no such module '"].contains {
            error.message.contains($0)
          }
          if canAssay, !unresolved, state.assayed[name] == nil {
            if assay[name] == nil { assay[name] = error.message }
          } else if keep[name] == nil {
            keep[name] = "its converted code does not compile: \(error.message)"
          }
        }
        if whole {
          // Its suites, and those it extends, stay XCTest in the other files too; so does a
          // helper base class it converted, with its family (see `ClassFamilies`).
          let types = file.result.convertedSuites.union(file.result.convertedBases)
            .union(MigrationBuild.extendedTypes(in: file.source.text))
          for name in types where keep[name] == nil {
            keep[name] = "its file (\(relative(file.path))) was put back as it was"
          }
          try putBackWhole(file, because: mine[0].message, &changed, at: index, &summary)
          restoredWhole.append(file)
        }
      }
      let round = self.round(
        assayed: assay.keys.filter { state.assayed[$0] == nil && keep[$0] == nil },
        kept: keep.keys.filter { state.kept[$0] == nil }, files: restoredWhole.map(\.path))
      if keep != state.kept || assay != state.assayed {
        (state.kept, state.assayed) = (keep, assay)
        var options = migration
        options.assayAssertionSuites = Set(state.assayed.keys).subtracting(state.kept.keys)
        restoredWhole += try convertAgain(
          &changed, keeping: state.kept, summary: &summary, migration: options)
      }
      for file in restoredWhole {
        try putBackCallers(of: file, &changed, summary: &summary, helpers: migration.helpers)
      }
      guard putBack else {
        // Errors in no converted file, or at no file at all (a linker's, a module cache made
        // in another folder): the converted files may still be their cause.
        let first = firstError(errors, outcome)
        if !changed.isEmpty,
          try putBackAllIfTheyBreakOthers(
            &changed,
            because: errors.isEmpty
              ? "the tests did not build: \(first)"
              : "a file the migration left as it was did not compile: \(first)",
            summary: &summary, build: build, root: root)
        {
          return false
        }
        summary.notes.append(
          errors.isEmpty
            ? "note: the tests do not build, with the converted files as without them: \(first)"
            : "note: the tests do not build, and the errors are in files the migration left "
              + "as they were: \(first)")
        return false
      }
      if changed.isEmpty { return false }
      print(round)
    }
  }

  /// A failed build's first compiler error at a file ("Tests/Uses.swift:3: cannot convert
  /// …"), else its first line that says error ("error: link command failed …").
  private func firstError(
    _ errors: [MigrationBuild.CompilerError], _ outcome: MigrationBuild.Outcome
  ) -> String {
    if let first = errors.first {
      return "\(relative(first.path)):\(first.line): \(first.message)"
    }
    return MigrationBuild.firstErrorLine(in: outcome.output)
      ?? "swift build failed and printed no error"
  }

  /// What a round of the build check changed before it builds again, as the user reads it
  /// while a build of converted tests takes minutes: "building again: 1 suite put back as
  /// XCTest (BTests), as its converted code did not compile".
  private func round(assayed: [String], kept: [String], files: [String]) -> String {
    func listed(_ names: [String], _ what: String, _ whats: String, _ how: String) -> String? {
      guard !names.isEmpty else { return nil }
      let shown = names.sorted().prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
      return "\(names.count) \(names.count == 1 ? what : whats) \(how) (\(shown))"
    }
    let parts = [
      listed(assayed, "suite", "suites", "converted with Assay's assertions"),
      listed(kept, "suite", "suites", "put back as XCTest"),
      listed(
        files.map(relative), "file", "files",
        files.count == 1 ? "put back as it was" : "put back as they were"),
    ].compactMap { $0 }
    let one = assayed.count + kept.count + files.count == 1
    return "building again: " + parts.joined(separator: ", ")
      + ", as \(one ? "its" : "their") converted code did not compile"
  }

  /// When the tests fail to build in files the migration left as they were, or with an error
  /// at no file (a linker's), whether the converted files are the cause: each is put back as it
  /// was and the tests built again. If they build then, the files stay as they were, each with
  /// a note saying what the converted files caused (`cause`, `true`); if not, the package did
  /// not build before either, and the converted files are written again (`false`).
  private func putBackAllIfTheyBreakOthers(
    _ changed: inout [Converted], because cause: String, summary: inout Summary,
    build: (String) -> MigrationBuild.Outcome, root: String
  ) throws(RunError) -> Bool {
    for file in changed { try AtomicFile.write(Data(file.old.utf8), to: file.path) }
    let without = build(root)
    guard without.succeeded else {
      for file in changed { try AtomicFile.write(Data(file.new.utf8), to: file.path) }
      return false
    }
    for file in changed {
      let shown = relative(file.path)
      summary.remove(file.result, of: shown)
      summary.notes.append("\(shown): note: put back as it was: with the converted files, \(cause)")
    }
    changed.removeAll()
    return true
  }

  /// Writes a converted file back as it was, with a note saying why.
  private func putBackWhole(
    _ file: Converted, because message: String, _ changed: inout [Converted], at index: Int,
    _ summary: inout Summary
  ) throws(RunError) {
    let shown = relative(file.path)
    try AtomicFile.write(Data(file.old.utf8), to: file.path)
    changed.remove(at: index)
    summary.remove(file.result, of: shown)
    summary.notes.append(
      "\(shown): note: put back as it was: its converted code does not compile: " + message)
  }

  /// Converts the changed files again from their originals, with the suites of `kept` left as
  /// XCTest in every file, and writes those whose conversion changed; a file with nothing
  /// converted any more is put back as it was (those are returned).
  func convertAgain(
    _ changed: inout [Converted], keeping kept: [String: String], summary: inout Summary,
    migration: XCTestMigration.Options
  ) throws(RunError) -> [Converted] {
    var restored: [Converted] = []
    var options = migration
    options.keptAsXCTest = kept
    let results = convert(changed.map { ($0.path, $0.source.text) }, migration: options)
    for (index, result) in zip(changed.indices, results).reversed() {
      let file = changed[index]
      guard let retry = try? result.get(), file.source.restoring(retry.text) != file.new else {
        continue
      }
      let shown = relative(file.path)
      summary.remove(file.result, of: shown)
      if retry.text == file.source.text {
        try AtomicFile.write(Data(file.old.utf8), to: file.path)
        changed.remove(at: index)
        restored.append(file)
        let why = file.result.convertedSuites.union(
          MigrationBuild.extendedTypes(in: file.source.text)
        ).sorted().compactMap { name in kept[name].map { "\(name) stays XCTest: \($0)" } }
        summary.notes.append(
          "\(shown): note: put back as it was: " + (why.first ?? "its suites stay XCTest"))
      } else {
        changed[index].new = file.source.restoring(retry.text)
        try AtomicFile.write(Data(changed[index].new.utf8), to: file.path)
        changed[index].result = retry
        summary.add(retry, of: shown)
      }
    }
    return restored
  }
}

extension MigrationSession {
  /// After `restored` is put back as it was, the helpers it declares that had become Assay's
  /// assert with XCTest again: each converted file that calls one is put back as it was too
  /// (and so on, for the helpers that file declares), since a Swift Testing test would lose the
  /// failures of an XCTest assertion.
  func putBackCallers(
    of restored: Converted, _ changed: inout [Converted], summary: inout Summary,
    helpers: XCTestHelpers
  ) throws(RunError) {
    var pending = [restored]
    while let file = pending.popLast() {
      let declared = XCTestMigration.declaredFunctions(in: Parser.parse(source: file.source.text))
        .intersection(helpers.neutral)
      guard !declared.isEmpty else { continue }
      for index in changed.indices.reversed() {
        let caller = changed[index]
        guard let name = declared.sorted().first(where: { Self.mentions(caller.new, $0) })
        else { continue }
        let shown = relative(caller.path)
        try AtomicFile.write(Data(caller.old.utf8), to: caller.path)
        changed.remove(at: index)
        summary.remove(caller.result, of: shown)
        summary.notes.append(
          "\(shown): note: put back as it was: it calls \(name), whose file "
            + "(\(relative(file.path))) was put back as it was")
        pending.append(caller)
      }
    }
  }

  /// Whether `source` names `name` as a whole word (a call, or a mention: either keeps it).
  static func mentions(_ source: String, _ name: String) -> Bool {
    source.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
      .contains { $0 == name }
  }
}

extension MigrationSession.Summary {
  /// Takes a converted file's counts and notes out of the summary.
  mutating func remove(_ result: MigrationResult, of shown: String) {
    files -= 1
    suites -= result.suites
    tests -= result.tests
    assertions -= result.assertions
    notes.removeAll { $0.hasPrefix("\(shown):") }
  }

  /// Puts a converted file's counts and notes in the summary.
  mutating func add(_ result: MigrationResult, of shown: String) {
    files += 1
    suites += result.suites
    tests += result.tests
    assertions += result.assertions
    notes += result.notes.map { "\(shown):\($0.line): note: \($0.message)" }
  }
}
