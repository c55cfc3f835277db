import AssayProcessSpawn
import AssayResults
import AssayRunning
import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation
@testable import AssayToolSupport

/// `assay mutate` on a real package (Fixtures/MutateFixture, copied once): every outcome, the
/// canary, a baseline that fails, and the user's files left as they were, even after SIGKILL,
/// with no process of the run left.
@Suite(.serialized) struct MutationEndToEndTests {
  /// The fixture, copied to a temporary folder.
  static let fixture: String = {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/MutateFixture")
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-mutate-fixture-\(UUID().uuidString)")
    try? FileManager.default.copyItem(at: source, to: copy)
    TemporaryFolders.deleteAtExit(copy.path)
    return copy.path
  }()

  /// Every file of the package but its build folder, with its contents.
  static func snapshot(_ root: String) -> [String: Data] {
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: root)
    while let relative = walker?.nextObject() as? String {
      if relative == ".build" {
        walker?.skipDescendants()
        continue
      }
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: "\(root)/\(relative)", isDirectory: &isFolder),
        !isFolder.boolValue
      {
        files[relative] = FileManager.default.contents(atPath: "\(root)/\(relative)")
      }
    }
    return files
  }

  private func session(_ configure: (inout MutationSession.Options) -> Void = { _ in })
    async throws -> (mutants: [Mutant], status: Int32, lines: [String])
  {
    var options = MutationSession.Options()
    options.packagePath = Self.fixture
    // Each test sees its mutants run; the cache has a test of its own.
    options.usesCache = false
    configure(&options)
    let lines = PrintedLines()
    let chosen = options
    let (mutants, status) = try await offThePool {
      try MutationSession(options: chosen, print: lines.append).run()
    }
    return (mutants, status, lines.all)
  }

  private func status(_ mutants: [Mutant], line: Int, _ kind: MutationOperator) -> [Mutant.Status] {
    mutants.filter { $0.start.line == line && $0.mutationOperator == kind }.map(\.status)
  }

  @Test func everyOutcomeIsFoundAndTheUsersFilesAreUntouched() async throws {
    let before = Self.snapshot(Self.fixture)
    let report = "\(Self.fixture)/.build/stryker.json"
    let page = "\(Self.fixture)/.build/mutants.html"
    let run = try await session {
      $0.reports = [try! .init("json:\(report)"), try! .init("html:\(page)")]
      $0.threshold = 50
    }
    #expect(Self.snapshot(Self.fixture) == before)
    // `guard price > 0`: ignoresFreeItems adds a free item.
    #expect(status(run.mutants, line: 13, .relationalBoundary) == [.killed])
    // `sum >= 1000`: no test has exactly 1000 cents.
    #expect(status(run.mutants, line: 23, .relationalBoundary) == [.survived])
    // `while cost > 500` made true never ends.
    #expect(status(run.mutants, line: 55, .condition) == [.timedOut, .survived])
    // `["Hello,"] + [name]` made `-` does not compile for arrays. (A sum of strings is not
    // made `-` at all: `StringSum`.)
    #expect(status(run.mutants, line: 50, .arithmetic) == [.unviable])
    // `unused(_:)` is called by no test.
    #expect(status(run.mutants, line: 64, .arithmetic) == [.noCoverage])
    // Without the call to `stop`, a `Never` function, `checked` lacks a return: unviable,
    // found from an error at the function's closing brace.
    #expect(status(run.mutants, line: 71, .removeCall) == [.unviable])
    // `prices[prices.count - 1]` made `+ 1`, or `- 0`: out of range, the test process stops.
    #expect(status(run.mutants, line: 81, .arithmetic) == [.crashed])
    #expect(status(run.mutants, line: 81, .integerLiteral) == [.crashed])
    #expect(status(run.mutants, line: 81, .ternarySwap) == [.killed])
    let killed = run.mutants.first {
      $0.start.line == 44 && $0.mutationOperator == .removeUnaryMinus
    }
    #expect(killed?.killedBy == "ShopTests.ShippingTests/testRefundIsNegative")
    #expect(
      run.lines.contains(
        "\(Self.fixture)/Sources/Shop/Basket.swift:23:20: warning: mutant survived: "
          + "sum >= 1000 → sum > 1000"), "\(run.lines)")
    #expect(
      run.lines.contains(
        "62 mutants: 24 killed, 11 survived, 1 timed out, 2 crashed, 22 not covered, "
          + "2 unviable. Mutation score 45.0% (71.1% of the covered mutants)."), "\(run.lines)")
    #expect(run.lines.last == "The mutation score 45.0% is below the threshold 50.0%.")
    #expect(run.status == 1)
    let json = try #require(FileManager.default.contents(atPath: report))
    let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    #expect(object["schemaVersion"] as? String == "2")
    let files = try #require(object["files"] as? [String: [String: Any]])
    #expect((files["Sources/Shop/Basket.swift"]?["mutants"] as? [Any])?.count == 62)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(
      html.contains(
        "<title>Mutation score 45.0%: 24 killed, 11 survived, 1 timed out, 2 crashed, "
          + "22 not covered, 2 unviable</title>"))
  }

  @Test func shardsRunEachMutantOnceAndMergeIntoTheWholeRun() async throws {
    var reports: [(path: String, report: MutationReport)] = []
    for index in 1...2 {
      let path = "\(Self.fixture)/.build/shard\(index).json"
      let run = try await session {
        $0.shard = try! Shard("\(index)/2")
        $0.reports = [try! .init("json:\(path)")]
      }
      #expect(
        run.lines.first == "62 mutants in 1 files; shard \(index)/2 runs 31 of them")
      let data = try #require(FileManager.default.contents(atPath: path))
      reports.append((path, try MutationReport(strykerJSON: data, path: path)))
    }
    let (first, second) = (
      Set(reports[0].report.mutants.map(\.id)), Set(reports[1].report.mutants.map(\.id))
    )
    #expect(first.isDisjoint(with: second))
    #expect(first.union(second) == Set(1...62))
    let merged = try MutationReport.merged(reports)
    #expect(
      merged.summary
        == "62 mutants: 24 killed, 11 survived, 1 timed out, 2 crashed, 22 not covered, "
        + "2 unviable. Mutation score 45.0% (71.1% of the covered mutants).")
  }

  @Test func outcomesAreReusedUntilTheCodeOrItsTestsChange() async throws {
    let summary =
      "62 mutants: 24 killed, 11 survived, 1 timed out, 2 crashed, 22 not covered, "
      + "2 unviable. Mutation score 45.0% (71.1% of the covered mutants)."
    _ = try await session { $0.usesCache = true }
    let again = try await session { $0.usesCache = true }
    #expect(
      again.lines.contains(
        "2 mutants did not compile in an earlier run: left out (--no-cache tries them again)"),
      "\(again.lines)")
    #expect(
      again.lines.contains(
        // 38 that tests reach, and 2 that none reaches but their functions' tests ran for.
        "40 outcomes reused from earlier runs (neither the code nor its tests changed; "
          + "--no-cache runs them again)"), "\(again.lines)")
    #expect(again.lines.contains("Running 0 mutants, \(MutationSession.Options().jobs) at a time"))
    #expect(again.lines.contains(summary))

    // A test file edited: the 13 mutants its tests reach, 2 in functions they reach, and the
    // 5 survivors of the other tests of its target (a survivor is kept under its tests' whole
    // target) run again; the 20 others do not.
    let tests = "\(Self.fixture)/Tests/ShopTests/ShippingTests.swift"
    let original = try String(contentsOfFile: tests, encoding: .utf8)
    defer { try? original.write(toFile: tests, atomically: true, encoding: .utf8) }
    try (original + "\n// edited\n").write(toFile: tests, atomically: true, encoding: .utf8)
    let edited = try await session { $0.usesCache = true }
    #expect(
      edited.lines.contains(
        "20 outcomes reused from earlier runs (neither the code nor its tests changed; "
          + "--no-cache runs them again)"), "\(edited.lines)")
    #expect(
      edited.lines.contains("Running 20 mutants, \(MutationSession.Options().jobs) at a time"))
    #expect(edited.lines.contains(summary))
  }

  /// A survivor's outcome is not reused when a file of its tests' target changed, though that
  /// file declares no test (a helper, a table of cases): the test that kills it may be there.
  /// Assay's own dogfood reused a survivor that a new failure case, in a table declared apart
  /// from its test, kills.
  @Test func aSurvivorRunsAgainWhenAFileOfItsTestsTargetChanges() async throws {
    let summary =
      "62 mutants: 24 killed, 11 survived, 1 timed out, 2 crashed, 22 not covered, "
      + "2 unviable. Mutation score 45.0% (71.1% of the covered mutants)."
    _ = try await session { $0.usesCache = true }
    let helper = "\(Self.fixture)/Tests/ShopTests/Countries.swift"
    let original = try String(contentsOfFile: helper, encoding: .utf8)
    defer { try? original.write(toFile: helper, atomically: true, encoding: .utf8) }
    try (original + "\n// edited\n").write(toFile: helper, atomically: true, encoding: .utf8)
    let edited = try await session { $0.usesCache = true }
    let survived = edited.mutants.filter { $0.status == .survived }.count
    #expect(
      edited.lines.contains(
        "\(40 - survived) outcomes reused from earlier runs (neither the code nor its tests "
          + "changed; --no-cache runs them again)"), "\(edited.lines)")
    #expect(
      edited.lines.contains(
        "Running \(survived) mutants, \(MutationSession.Options().jobs) at a time"),
      "\(edited.lines)")
    #expect(edited.lines.contains(summary))
  }

  @Test func theConfigurationFileLeavesOperatorsOutAndSetsTheThreshold() async throws {
    let file = "\(Self.fixture)/.assay.json"
    try #"{"mutate": {"skipOperators": ["integer-literal", "string-literal"], "threshold": 90}}"#
      .write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = try await session()
    #expect(
      !run.mutants.contains { [.integerLiteral, .stringLiteral].contains($0.mutationOperator) })
    #expect(run.mutants.contains { $0.mutationOperator == .relationalBoundary })
    #expect(run.status == 1)
    #expect(run.lines.last?.hasSuffix("is below the threshold 90.0%.") == true, "\(run.lines)")

    try #"{"mutate": {"exclude": ["Sources/Shop/*.swift"]}}"#
      .write(toFile: file, atomically: true, encoding: .utf8)
    let error = await #expect(throws: RunError.self) {
      try await session { $0.paths = ["Sources/Shop/Basket.swift"] }
    }
    #expect(error?.description == "Sources/Shop/Basket.swift: excluded by .assay.json")
  }

  @Test func aCanaryThatSurvivesStopsTheRunWithoutAScore() async throws {
    let error = await #expect(throws: RunError.self) {
      try await session { $0.switchVariable = "ASSAY_NOT_THE_SWITCH" }
    }
    #expect(
      error?.description
        == "the canary survived: the 8 tests that reach mutants passed with the canary on, so "
        + "the mutants are not running; no score reported")
  }

  @Test func badInputIsAClearErrorAndTheFilesStayAsTheyWere() async throws {
    let unknown = await #expect(throws: RunError.self) {
      try await session { $0.targets = ["Nope"] }
    }
    #expect(unknown?.description == "no library target is named Nope; this package has Shop")
    let path = await #expect(throws: RunError.self) {
      try await session { $0.paths = ["Sources/Nope"] }
    }
    #expect(
      path?.description == "Sources/Nope: not a Swift file of a library target of this package")

    let broken = "\(Self.fixture)/Sources/Shop/Broken.swift"
    try "let a = (1 +\n".write(toFile: broken, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: broken) }
    let parse = await #expect(throws: RunError.self) { try await session() }
    #expect(
      parse?.description
        == "Sources/Shop/Broken.swift:1: error: this file does not parse; fix it first")
  }

  @Test func testsThatFailBeforeAnyMutationStopTheRun() async throws {
    let failing = "\(Self.fixture)/Tests/ShopTests/FailingTests.swift"
    try """
    import Testing

    @Test func failsAlready() { #expect(1 == 2) }
    """.write(toFile: failing, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: failing) }
    let error = await #expect(throws: RunError.self) {
      try await session { $0.operators = [.booleanLiteral] }
    }
    // It fails alone too, with no other test process beside it.
    #expect(
      error?.description
        == "the tests fail before any mutation, each run alone in a process of its own as "
        + "assay mutate runs them: ShopTests.failsAlready() (Expectation failed: 1 == 2); fix "
        + #"them first, or leave them out: --skip '^ShopTests\.failsAlready\(\)(/|$)'"#)
    #expect(Self.snapshot(Self.fixture)["Tests/ShopTests/FailingTests.swift"] != nil)

    // Left out as the message says, the test never runs (it would stop the run again) and
    // the mutants run against the others.
    let skipped = try await session {
      $0.operators = [.relationalBoundary]
      $0.skips = [#"^ShopTests\.failsAlready\(\)$"#]
    }
    #expect(skipped.status == 0)
    #expect(
      skipped.lines.contains {
        $0.hasPrefix("1 of the ") && $0.hasSuffix(" left out (--skip, skipTests)")
      })
    #expect(!skipped.mutants.isEmpty)
    #expect(skipped.mutants.allSatisfy { $0.status != .pending })
    #expect(skipped.mutants.contains { $0.status == .killed })

    // Kept with the code instead: .assay.json's skipTests.
    let settings = "\(Self.fixture)/.assay.json"
    try #"{"mutate": {"skipTests": ["failsAlready"]}}"#.write(
      toFile: settings, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: settings) }
    let configured = try await session { $0.operators = [.relationalBoundary] }
    #expect(configured.status == 0)
    #expect(
      configured.lines.contains {
        $0.hasPrefix("1 of the ") && $0.hasSuffix(" left out (--skip, skipTests)")
      })

    let everything = await #expect(throws: RunError.self) {
      try await session {
        $0.operators = [.booleanLiteral]
        $0.skips = ["."]
      }
    }
    #expect(everything?.description.hasPrefix("--skip leaves out every one of the ") == true)
    let notARegex = await #expect(throws: RunError.self) { try await session { $0.skips = ["("] } }
    #expect(
      notARegex?.description.hasPrefix("--skip \"(\" is not a regular expression")
        == true)
  }

  /// swift-system's tests, with a mutant that turned their syscall mocking off, opened
  /// `"a path"` for writing in the folder they ran in, the user's package; swift-mustache's
  /// tests each create and delete a `templates` folder there, and two of them, run at once
  /// by two workers, deleted each other's files. Each worker's tests run in a folder of its
  /// own that shows the copy's files, with a `TMPDIR` of its own.
  @Test func eachWorkersTestsRunInAFolderOfTheirOwnThatShowsTheCopy() async throws {
    let writing = "\(Self.fixture)/Tests/ShopTests/WritingTests.swift"
    try """
    import Foundation
    import Testing

    @Test func writesBesideItself() throws {
      let seen = (try? String(contentsOfFile: "Package.swift", encoding: .utf8)) != nil
      let place = [
        FileManager.default.currentDirectoryPath, NSTemporaryDirectory(), "\\(seen)",
        ProcessInfo.processInfo.environment["PWD"] ?? "no PWD",
      ]
      try place.joined(separator: "\\n").write(
        toFile: "written-by-a-test.txt", atomically: false, encoding: .utf8)
    }
    """.write(toFile: writing, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: writing) }
    let written = "written-by-a-test.txt"
    let here = FileManager.default.currentDirectoryPath + "/" + written
    try? FileManager.default.removeItem(atPath: here)
    defer { try? FileManager.default.removeItem(atPath: here) }
    // What an earlier run's tests left in a worker's folder is gone before this run's.
    let workers = "\(Self.fixture)/.build/assay/mutate/workers"
    try FileManager.default.createDirectory(
      atPath: "\(workers)/0/package", withIntermediateDirectories: true)
    try "stale".write(toFile: "\(workers)/0/package/\(written)", atomically: true, encoding: .utf8)

    let run = try await session {
      $0.operators = [.relationalBoundary]
      $0.jobs = 2
    }
    #expect(run.status == 0)
    #expect(!FileManager.default.fileExists(atPath: "\(Self.fixture)/\(written)"))
    #expect(!FileManager.default.fileExists(atPath: here))
    let tree = "\(Self.fixture)/.build/assay/mutate/tree"
    let copies = (try? FileManager.default.contentsOfDirectory(atPath: tree)) ?? []
    #expect(copies.count == 1)
    #expect(!copies.contains { FileManager.default.fileExists(atPath: "\(tree)/\($0)/\(written)") })

    let folders = try FileManager.default.contentsOfDirectory(atPath: workers).sorted()
    #expect(folders == ["0", "1"])
    let records = folders.compactMap { worker in
      (try? String(contentsOfFile: "\(workers)/\(worker)/package/\(written)", encoding: .utf8))
        .map { (worker, $0.split(separator: "\n").map(String.init)) }
    }
    try #require(!records.isEmpty)
    for (worker, lines) in records {
      #expect(
        lines == [
          "\(workers)/\(worker)/package", "\(workers)/\(worker)/tmp/", "true",
          "\(workers)/\(worker)/package",
        ])
    }
  }

  @Test func sinceARevisionOnlyTheChangedLinesAreMutated() async throws {
    // A copy of its own, made a git repository with one commit, then one line edited.
    let root = Self.fixture + "-git"
    try? FileManager.default.removeItem(atPath: root)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: root)
    try? FileManager.default.removeItem(atPath: root + "/.build")
    for arguments in [
      ["init", "-q"], ["add", "."],
      ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "fixture"],
    ] {
      let status = Command.capture("git", ["-C", root] + arguments).0
      try #require(status == .exited(0), "git \(arguments)")
    }
    let file = root + "/Sources/Shop/Basket.swift"
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try text.replacingOccurrences(of: "var cost = 500", with: "var cost = 400")
      .write(toFile: file, atomically: true, encoding: .utf8)
    var options = MutationSession.Options()
    options.packagePath = root
    options.since = "HEAD"
    let since = options
    let (mutants, _) = try await offThePool {
      try MutationSession(options: since, print: { _ in }).run()
    }
    #expect(mutants.map(\.start.line) == [54])
    #expect(mutants.map(\.change) == ["400 → 401"])
    var unknown = options
    unknown.since = "no-such-revision"
    let wrong = unknown
    let error = await #expect(throws: RunError.self) {
      _ = try await offThePool { try MutationSession(options: wrong, print: { _ in }).run() }
    }
    #expect(
      error?.description.hasPrefix("--since no-such-revision: git cannot compare with it") == true)
  }

  /// `--scratch-path` names the build folder: the copy, its build and the outcomes go there,
  /// no `.build` appears in the package, and a build folder inside the package (not hidden)
  /// is not copied into the copy, which lies inside it.
  @Test func theScratchPathHoldsTheCopyAndNothingElseIsCreated() async throws {
    let root = Self.fixture + "-scratch"
    try? FileManager.default.removeItem(atPath: root)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: root)
    try? FileManager.default.removeItem(atPath: root + "/.build")
    let before = Self.snapshot(root)
    var options = MutationSession.Options()
    options.packagePath = root
    options.scratchPath = "out"
    options.paths = ["Sources/Shop/Basket.swift"]
    options.operators = [.relationalBoundary]
    options.usesCache = false
    let chosen = options
    let (mutants, _) = try await offThePool {
      try MutationSession(options: chosen, print: { _ in }).run()
    }
    #expect(status(mutants, line: 13, .relationalBoundary) == [.killed])
    let files = FileManager.default
    #expect(!files.fileExists(atPath: root + "/.build"))
    #expect(files.fileExists(atPath: root + "/out/assay/mutate/build"))
    let copy = root + "/out/assay/mutate/tree/" + (root as NSString).lastPathComponent
    #expect(files.fileExists(atPath: copy + "/Sources/Shop/Basket.swift"))
    #expect(!files.fileExists(atPath: copy + "/out"))
    #expect(Self.snapshot(root).filter { !$0.key.hasPrefix("out/") } == before)
  }

  /// SIGKILL as the run copies and builds, as the baseline runs, and as mutants run (and
  /// Ctrl-C or SIGTERM at two of those moments): each moment found from what the run prints,
  /// not from a clock. The files stay as they were, no process of the run is left, and
  /// nothing in `TMPDIR` that the next run does not remove.
  @Test(arguments: [
    ("mutants in", SIGKILL), ("Baseline:", SIGKILL), ("Running", SIGKILL), ("Baseline:", SIGINT),
    ("Running", SIGTERM),
  ])
  func killingTheRunLeavesTheUsersFilesAsTheyWere(after marker: String, signal: Int32)
    async throws
  {
    let before = Self.snapshot(Self.fixture)
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-interrupted-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    let (printed, _, reason) = try await Self.interruptedRun(
      at: marker, arguments: ["--no-cache"], signal: signal, temporaryFolder: temporary)
    #expect(printed.contains(marker), "\(printed)")
    #expect(reason.0 == .uncaughtSignal && reason.1 == signal, "\(reason)")
    // Its folder for the toolchain's commands is gone, or (a signal outside the work that
    // writes down outcomes, or SIGKILL) left for the next run to remove.
    ToolchainTemporaryFolder.removeLeftovers(in: temporary, now: Date() + 3601)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    #expect(
      Self.snapshot(Self.fixture) == before, "after signal \(signal) once it printed \(marker)")
    #if os(Linux)
      // Every process it started (builds, compilers, test processes) names the package's
      // folder or runs in it: each one ends within 10 s, and no new one starts.
      let survivors = try await offThePool { () -> [String] in
        for id in Self.processes(workingOn: Self.fixture) {
          _ = assay_wait_for_end(id, 10_000)
        }
        return Self.processes(workingOn: Self.fixture).map { id in
          let line = (try? String(contentsOfFile: "/proc/\(id)/cmdline", encoding: .utf8)) ?? ""
          return "\(id): " + line.replacingOccurrences(of: "\0", with: " ").prefix(200)
        }
      }
      #expect(survivors == [], "after signal \(signal) once it printed \(marker)")
    #endif
  }

  #if os(Linux)
    /// The control of the check above: a process running in a folder is found.
    @Test func aProcessRunningInAFolderIsFound() throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-process-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/cat")
      process.currentDirectoryURL = folder
      let input = Pipe()
      process.standardInput = input
      try process.run()
      defer {
        // Its end of input ends it (Foundation starts it with signals blocked, SIGTERM too).
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
      }
      #expect(Self.processes(workingOn: folder.path) == [process.processIdentifier])
    }

    /// The processes whose command line names `folder`, or that run in it.
    static func processes(workingOn folder: String) -> [pid_t] {
      let own = getpid()
      let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return ids.compactMap { pid_t($0) }.filter { id in
        guard id != own else { return false }
        let line = (try? String(contentsOfFile: "/proc/\(id)/cmdline", encoding: .utf8)) ?? ""
        let folderOfProcess =
          (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(id)/cwd")) ?? ""
        return line.contains(folder) || folderOfProcess.hasPrefix(folder)
      }
    }
  #endif
}
