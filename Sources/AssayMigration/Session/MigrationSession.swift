import AssayResults
import AssayToolSupport
import Foundation

/// One `assay migrate xctest` (or `quick`): finds the Swift files under the paths given,
/// converts each,
/// and shows (`--dry-run`), writes (`--in-place`) or copies (`--output DIR`) the results,
/// then lists what it converted and what it left, with why.
public struct MigrationSession {
  /// Where converted files go.
  public enum Output: Sendable, Equatable {
    /// A unified diff on standard output; nothing is written.
    case dryRun
    /// Over the files themselves (those with uncommitted changes only with `force`).
    case inPlace
    /// Under a folder, at the same relative paths.
    case directory(String)
  }

  /// What a session converts from.
  public enum Source: Sendable, Equatable {
    /// XCTest suites, to Swift Testing (with Assay).
    case xctest
    /// Quick specs and Nimble's expectations, to Assay specs and assertions.
    case quick
  }

  /// What to convert and how.
  public struct Options: Sendable {
    /// What to convert from.
    public var source = Source.xctest
    /// Files or folders.
    public var paths: [String] = []
    /// Where converted files go.
    public var output = Output.dryRun
    /// Write over files with uncommitted changes (or outside a git repository).
    public var force = false
    /// How to convert.
    public var migration = XCTestMigration.Options()
    /// Whether the converted tests may use Assay; by default, whether the package's manifest
    /// names its `Assay` product.
    public var usesAssay: Bool?
    /// With `--in-place`, how the tests are built after writing, to put back as XCTest each
    /// suite whose converted code does not compile (`nil`: `--no-build`, not built).
    public var build: (@Sendable (_ packageRoot: String) -> MigrationBuild.Outcome)? =
      MigrationBuild.swiftBuild(packageRoot:)
    /// With `--in-place --verify`, how the package's tests run, before writing and after the
    /// build passes, to put back as XCTest each suite whose tests do not end as they did
    /// (`nil`: not run). `assay test`'s runner, so that a crash ends one test, not the run.
    public var runTests: (@Sendable (_ packageRoot: String) throws(RunError) -> TestReport)?
    /// The folder relative paths start from.
    public var workingDirectory = FileManager.default.currentDirectoryPath

    /// The defaults.
    public init() {}
  }

  /// What a session did.
  public struct Summary: Sendable, Equatable {
    /// Files changed (or that would change, on a dry run).
    public var files = 0
    /// Suites converted.
    public var suites = 0
    /// Tests converted.
    public var tests = 0
    /// Assertions, waits and skips converted.
    public var assertions = 0
    /// `path:line: note: ...` lines, and files that could not be read.
    public var notes: [String] = []
    /// XCTest's lists of tests for Linux removed (or that would be, on a dry run): a
    /// `LinuxMain.swift` and the files of `allTests` lists.
    public var removed: [String] = []
  }

  /// The options.
  public var options: Options
  /// Where lines go.
  public var print: (String) -> Void

  /// A session.
  public init(options: Options, print: @escaping (String) -> Void) {
    self.options = options
    self.print = print
  }

  /// Runs the session.
  ///
  /// - Throws: ``RunError`` when no Swift file is found, or files to write over have
  ///   uncommitted changes; nothing is written then.
  public func run() throws(RunError) -> Summary {
    var files = try swiftFiles()
    var summary = Summary()
    // XCTest's lists for Linux go with the migration: neither read nor converted.
    let lists = options.source == .xctest ? LinuxTestLists.find(near: files) : .init()
    let removable = Set(lists.removable)
    files.removeAll { removable.contains($0) }
    // Helpers that assert with XCTest, from every file of the run: a class that calls one
    // stays XCTest, whichever file declares it.
    var migration = options.migration
    migration.usesAssay = options.usesAssay ?? files.first.map(Self.packageUsesAssay) ?? false
    if options.source == .quick {
      migration.usesAssay = true
    } else if migration.assertions == .assay, !migration.usesAssay {
      throw RunError(
        "--assertions assay: the tests do not depend on Assay; add its product to the test "
          + "targets (or pass --assay if they do)")
    } else if !migration.usesAssay {
      print(
        "note: the tests do not depend on Assay, so what needs it (accuracy:, expectations, "
          + "measure, helpers with file: and line:) stays XCTest; add Assay to the test "
          + "targets and run again to convert those too")
    }
    var shared = QuickSharedExamples()
    for path in files {
      if let text = FileText(contentsOf: path)?.text {
        switch options.source {
        case .xctest: migration.helpers.read(migration.trees.tree(text), path: relative(path))
        case .quick: shared.read(text)
        }
      }
    }
    if options.source == .xctest {
      readHelpersOutsideTheRun(
        &migration.helpers, run: files, removed: removable, trees: migration.trees)
      migration.helpers.contextTyped = contextTypedFunctions(run: files)
      migration.helpers.throwing = throwingFunctions(run: files)
      let reach = functionsReaching(run: files, trees: migration.trees)
      migration.helpers.mainThread = reach.mainThread.mapValues(\.origin)
      migration.helpers.processWide = reach.processWide.mapValues(\.origin)
      // A name gated for one question and not the other counts always for the other: the
      // gates of both stand only where both have one.
      for (name, reached) in reach.mainThread.merging(
        reach.processWide,
        uniquingKeysWith: {
          $0.merged(with: $1)
        }) where !reached.gate.isEmpty
      {
        migration.helpers.gates[name] = reached.gate
      }
      // A name whose calls any labels fit for one question fit for both.
      for (name, reached) in reach.mainThread.merging(
        reach.processWide,
        uniquingKeysWith: {
          var both = $0
          both.signatures =
            $0.signatures.isEmpty || $1.signatures.isEmpty
            ? [] : Array(Set($0.signatures).union($1.signatures))
          return both
        }) where !reached.signatures.isEmpty
      {
        migration.helpers.reachingSignatures[name] = reached.signatures
      }
    }
    var changed: [Converted] = []
    var readable: [(path: String, source: FileText)] = []
    for path in files {
      guard let source = FileText(contentsOf: path) else {
        summary.notes.append("\(relative(path)): note: cannot be read as UTF-8; left as it is")
        continue
      }
      readable.append((path, source))
    }
    let results = convert(
      readable.map { ($0.path, $0.source.text) }, migration: migration, shared: shared)
    for ((path, source), outcome) in zip(readable, results) {
      let shown = relative(path)
      let result: MigrationResult
      do {
        result = try outcome.get()
      } catch {
        summary.notes.append(
          error.description.replacingOccurrences(of: ": error: ", with: ": note: "))
        continue
      }
      summary.notes += result.notes.map { "\(shown):\($0.line): note: \($0.message)" }
      guard result.text != source.text else { continue }
      summary.files += 1
      summary.suites += result.suites
      summary.tests += result.tests
      summary.assertions += result.assertions
      changed.append(
        Converted(path: path, source: source, new: source.restoring(result.text), result: result))
    }
    if options.output != .dryRun, !changed.isEmpty, let blocker = lists.blocker {
      throw RunError(
        "\(relative(blocker.path)) runs \(blocker.call)(…) besides XCTest's lists of tests, "
          + "which break once suites are Swift Testing's: move what it runs to a test, delete "
          + "it (SwiftPM finds tests by itself since Swift 5.4), then run again; nothing was "
          + "written")
    }
    // The lists go only when nothing left uses them (a test that checks them, say): then the
    // classes they list stay XCTest, with a note naming the use.
    let removals = changed.isEmpty || migration.helpers.allTestsUsed ? [] : lists.removable
    summary.removed = removals.map(relative)
    if !removals.isEmpty {
      let unlisted = UnlistedTests.find(
        sources: readable.map(\.source.text),
        lists: removals.compactMap { FileText(contentsOf: $0)?.text })
      if !unlisted.isEmpty {
        summary.notes.append(
          "note: without the lists, \(unlisted.count) \(unlisted.count == 1 ? "test" : "tests") "
            + "they left out run for the first "
            + "time on Linux (through swift test they never ran there), and may fail: "
            + unlisted.prefix(5).joined(separator: ", ")
            + (unlisted.count > 5 ? ", and \(unlisted.count - 5) more" : ""))
      }
    }
    switch options.output {
    case .dryRun:
      for file in changed { print(Self.diff(file.old, file.new, path: relative(file.path))) }
      for path in removals {
        let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        print(Self.diff(old, "", path: relative(path), removed: true))
      }
    case .inPlace:
      if !options.force { try refuseUncommitted(changed.map(\.path) + removals) }
      let before = try runBeforeWriting(changed)
      // Kept, so that --verify can put the lists back if removing them changed what runs.
      let removedLists = removals.map {
        (path: $0, text: FileText(contentsOf: $0)?.original ?? "")
      }
      try Interruption.undoing(putBackOnInterruption(changed, removedLists)) {
        () throws(RunError) in
        for file in changed { try AtomicFile.write(Data(file.new.utf8), to: file.path) }
        for path in removals { try AtomicFile.remove(path) }
        if let build = options.build, !changed.isEmpty {
          try checkAndPutBack(
            &changed, summary: &summary, build: build, before: before,
            removedLists: removedLists, migration: migration)
        }
      }
    case .directory(let folder):
      let root = URL(
        fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: options.workingDirectory)
      )
      .standardizedFileURL.path
      for file in changed {
        let target = "\(root)/\(relative(file.path))"
        do {
          try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        } catch {
          throw RunError("cannot create the folder of \(target): \(error.localizedDescription)")
        }
        try AtomicFile.write(Data(file.new.utf8), to: target)
      }
    }
    if !summary.removed.isEmpty {
      let verb =
        switch options.output {
        case .dryRun: "would remove"
        case .inPlace: "removed"
        case .directory: "remove, when these files replace the originals,"
        }
      print(
        "note: \(verb) \(summary.removed.joined(separator: ", ")): XCTest's lists of tests for "
          + "Linux, which name the classes that are now suites (SwiftPM finds tests by itself "
          + "since Swift 5.4)")
    }
    for note in summary.notes { print(note) }
    let verb = options.output == .dryRun ? "would change" : "changed"
    let (suites, tests, assertions) =
      options.source == .quick
      ? ("specs", "examples", "expectations") : ("suites", "tests", "assertions")
    print(
      "\(files.count) files read, \(summary.files) \(verb): \(summary.suites) \(suites), "
        + "\(summary.tests) \(tests), \(summary.assertions) \(assertions) converted; "
        + "\(summary.notes.count) notes")
    return summary
  }

  /// Converts the readable files of the run (`(path, source)`), in their order; a class of
  /// XCTest with its extensions in the other files (see ``SplitSuites``).
  func convert(
    _ files: [(path: String, source: String)], migration: XCTestMigration.Options,
    shared: QuickSharedExamples = QuickSharedExamples()
  ) -> [Result<MigrationResult, RunError>] {
    switch options.source {
    case .xctest:
      return XCTestMigration.migrate(
        files.map { (relative($0.path), $0.source) }, options: migration)
    case .quick:
      return files.map { file in
        Result { () throws(RunError) in
          try QuickMigration.migrate(file.source, path: relative(file.path), shared: shared)
        }
      }
    }
  }

  /// Whether the manifest of the package that holds `file` names Assay's product.
  static func packageUsesAssay(_ file: String) -> Bool {
    guard let root = PackageRoot.containing(file),
      let text = try? String(contentsOfFile: "\(root)/Package.swift", encoding: .utf8)
    else { return false }
    return text.contains("\"Assay\"")
  }

  /// The paths given, or else the `Tests` folder of the package around the working directory
  /// (where SwiftPM looks for test targets).
  func pathsToMigrate() throws(RunError) -> [String] {
    if !options.paths.isEmpty { return options.paths }
    var isFolder: ObjCBool = false
    guard let root = PackageRoot.containing(options.workingDirectory),
      FileManager.default.fileExists(atPath: "\(root)/Tests", isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw RunError(
        "give the files or folders to migrate (without any, the Tests folder of the package "
          + "around this folder is migrated, and there is none)")
    }
    return ["\(root)/Tests"]
  }

  /// The Swift files under the paths, sorted; `.build` and hidden folders are skipped.
  func swiftFiles() throws(RunError) -> [String] {
    let paths = try pathsToMigrate()
    var found: [String] = []
    for path in paths {
      let absolute = URL(
        fileURLWithPath: path, relativeTo: URL(fileURLWithPath: options.workingDirectory)
      )
      .standardizedFileURL.path
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder) else {
        throw RunError("\(path): no such file or folder")
      }
      if !isFolder.boolValue {
        guard absolute.hasSuffix(".swift") else { throw RunError("\(path): not a Swift file") }
        found.append(absolute)
        continue
      }
      found += Self.swiftFiles(under: absolute)
    }
    guard !found.isEmpty else {
      throw RunError("no Swift files in \(paths.joined(separator: ", "))")
    }
    return Array(Set(found)).sorted()
  }

  /// The Swift files under `folder`, `.build` and other hidden folders left out.
  static func swiftFiles(under folder: String) -> [String] {
    var found: [String] = []
    let walker = FileManager.default.enumerator(atPath: folder)
    while let relative = walker?.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") {
        walker?.skipDescendants()
        continue
      }
      if relative.hasSuffix(".swift") { found.append("\(folder)/\(relative)") }
    }
    return found
  }

  /// Reads the helpers that assert with XCTest in the package's files outside the run (a
  /// test-support target's `extension XCTestCase`): a class that calls one stays XCTest, with a
  /// note naming the file, rather than being converted and put back by the build.
  func readHelpersOutsideTheRun(
    _ helpers: inout XCTestHelpers, run files: [String], removed: Set<String>, trees: SyntaxTrees
  ) {
    guard let first = files.first, let root = PackageRoot.containing(first) else { return }
    let inRun = Set(files).union(removed)
    for path in Self.swiftFiles(under: root) where !inRun.contains(path) {
      // Only a file that names XCTest and declares a function the run names can declare such
      // a helper: the others are not parsed.
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
      helpers.noteDeclaredFunctions(in: text)
      helpers.noteDeclaredTypes(
        in: text, path: path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path)
      helpers.noteClassParents(in: text, path: relative(path))
      guard text.contains("XCT"),
        XCTestHelpers.declaredFunctionNames(in: text).map({
          !$0.isDisjoint(with: helpers.usedNames)
        })
          ?? true
      else { continue }
      helpers.readOutsideTheRun(trees.tree(text), path: relative(path))
    }
  }

  /// The generic functions whose result only the context types (see ``ContextTypedCalls``),
  /// in every Swift file of the package and of the sources of its dependencies' checkouts
  /// (`.build/checkouts`, which `swift build` fills; swift-nio's `readInbound`, called by the
  /// tests of every package that uses `EmbeddedChannel`). Read only when a file of the run
  /// checks a value for `nil`.
  func contextTypedFunctions(run files: [String]) -> Set<String> {
    declaredFunctions(
      run: files, calledBy: ContextTypedCalls.calledInNilChecks, in: ContextTypedCalls.names)
  }

  /// The functions declared `throws` that a check which may become `#require` calls (see
  /// ``ThrowingRequire``), in the same files as ``contextTypedFunctions(run:)``.
  func throwingFunctions(run files: [String]) -> Set<String> {
    declaredFunctions(
      run: files, calledBy: ThrowingRequire.calledInChecks, in: ThrowingRequire.names)
  }

  /// The names that `calledBy` finds called in the files of the run and that `names` finds
  /// declared in a Swift file of the package or of its dependencies' checkouts. Only a file
  /// that declares a function of a name called is read further.
  private func declaredFunctions(
    run files: [String], calledBy: (String) -> Set<String>, in names: (String) -> Set<String>
  ) -> Set<String> {
    let called = files.reduce(into: Set<String>()) { called, path in
      if let text = try? String(contentsOfFile: path, encoding: .utf8) {
        called.formUnion(calledBy(text))
      }
    }
    guard !called.isEmpty, let first = files.first, let root = PackageRoot.containing(first)
    else { return [] }
    let checkouts = "\(root)/.build/checkouts"
    let dependencies = ((try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? [])
      .filter { !$0.hasPrefix(".") }.sorted()
      .flatMap { Self.swiftFiles(under: "\(checkouts)/\($0)/Sources") }
    var found: Set<String> = []
    for path in Set(Self.swiftFiles(under: root) + files + dependencies) {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8),
        XCTestHelpers.declaredFunctionNames(in: text).map({ !$0.isDisjoint(with: called) }) ?? true
      else { continue }
      found.formUnion(names(text).intersection(called))
    }
    return found
  }

  /// The package's functions that ask whether they run on the main thread, and those that
  /// change what the whole process shares (see ``FunctionReach``), in every Swift file of the
  /// package (the run's and the others').
  func functionsReaching(run files: [String], trees: SyntaxTrees) -> (
    mainThread: [String: FunctionReach.Reached], processWide: [String: FunctionReach.Reached]
  ) {
    guard let first = files.first, let root = PackageRoot.containing(first) else {
      return ([:], [:])
    }
    let texts = Array(Set(Self.swiftFiles(under: root) + files)).sorted().compactMap {
      path -> (path: String, source: String)? in
      (try? String(contentsOfFile: path, encoding: .utf8)).map { (relative(path), $0) }
    }
    return (
      FunctionReach.reach(in: texts, asking: .mainThread, tree: trees.tree),
      FunctionReach.reach(in: texts, asking: .processWide, tree: trees.tree)
    )
  }

  func relative(_ path: String) -> String {
    let root = URL(fileURLWithPath: options.workingDirectory).standardizedFileURL.path
    return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  /// Stops before writing anything when a file to write over (or, for a link, the file it
  /// leads to) has uncommitted changes, is untracked or ignored, or is not in a git repository:
  /// nothing could bring it back.
  private func refuseUncommitted(_ paths: [String]) throws(RunError) {
    var dirty: [String] = []
    for path in paths {
      let written = AtomicFile.followingLinks(path)
      let clean = Set([path, written]).allSatisfy { file in
        let folder = (file as NSString).deletingLastPathComponent
        // `--ignored` lists an ignored file (`!!`), which plain `git status` leaves out.
        let (status, output) = Command.capture(
          "git",
          [
            "-C", folder, "status", "--porcelain", "--ignored", "--",
            (file as NSString).lastPathComponent,
          ])
        return status == .exited(0)
          && output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      }
      if !clean { dirty.append(relative(path)) }
    }
    guard dirty.isEmpty else {
      throw RunError(
        "\(dirty.count) files have uncommitted changes, are ignored, or are not in a git "
          + "repository, and --in-place would write over them: "
          + dirty.prefix(5).joined(separator: ", ") + (dirty.count > 5 ? ", ..." : "")
          + ". Commit or stash them, use --output DIR, or pass --force")
    }
  }

  /// A unified diff of two texts (`diff -u`), labelled with `path` (`/dev/null` after, for a
  /// file `removed`).
  static func diff(_ old: String, _ new: String, path: String, removed: Bool = false) -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-migrate-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (a, b) = (folder.appendingPathComponent("a").path, folder.appendingPathComponent("b").path)
    try? old.write(toFile: a, atomically: true, encoding: .utf8)
    try? new.write(toFile: b, atomically: true, encoding: .utf8)
    var (before, after) = path.hasPrefix("/") ? (path, path) : ("a/\(path)", "b/\(path)")
    if removed { after = "/dev/null" }
    return Command.capture("diff", ["-u", "--label", before, "--label", after, a, b]).1
  }
}
