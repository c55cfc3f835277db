import ArgumentParser
import AssayMigration
import AssayResults
import AssayRunning
import AssayToolSupport
import Foundation

/// `assay migrate`: converts test suites between frameworks.
struct MigrateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate",
    abstract: "Convert test suites: XCTest to Swift Testing (with Assay), Quick to Assay specs.",
    subcommands: [XCTest.self, Quick.self, Compare.self]
  )

  /// `assay migrate compare`: the proof that a migration kept every test.
  struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "compare",
      abstract: "Compare two runs test by test: the same tests, with the same outcomes.",
      discussion: """
        Reads two JSON reports of assay test (before and after a migration) and lists every \
        test whose outcome changed or that ran on one side only; exit status 1 if any. An \
        XCTest method and the @Test function it became count as the same test. Example:
          assay test --report json:before.json
          assay migrate xctest Tests --in-place
          assay test --report json:after.json
          assay migrate compare before.json after.json
        """
    )

    @Argument(help: "The report of the run before the migration.")
    var before: String

    @Argument(help: "The report of the run after it.")
    var after: String

    func run() throws {
      do {
        let reports = try [before, after].map { path throws(RunError) -> TestReport in
          guard let data = FileManager.default.contents(atPath: path) else {
            throw RunError("\(path): cannot read this file")
          }
          switch Result(catching: { () throws(TestReport.ReadError) in try TestReport.read(data) })
          {
          case .success(let report): return report
          case .failure(let error): throw RunError("\(path): \(error.description)")
          }
        }
        let differences = MigrationParity.differences(before: reports[0], after: reports[1])
        let count = Set(reports[0].results.map { $0.id.withoutCase }).count
        for line in differences { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        FileHandle.standardOutput.write(
          Data(
            (differences.isEmpty
              ? "The same \(count) tests, with the same outcomes.\n"
              : "\(differences.count) tests differ.\n").utf8))
        if !differences.isEmpty { throw ExitCode(1) }
      } catch let error as RunError {
        FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
        throw ExitCode(2)
      }
    }
  }

  /// Where converted files go: the options both conversions share.
  struct OutputOptions: ParsableArguments {
    @Argument(
      help: ArgumentHelp(
        "Files or folders of tests to convert; the package's Tests folder by default.",
        valueName: "path"))
    var paths: [String] = []

    @Flag(help: "Print a unified diff of the changes; write nothing.")
    var dryRun = false

    @Flag(help: "Write the changes over the files (refused for files with uncommitted changes).")
    var inPlace = false

    @Option(
      help: ArgumentHelp(
        "Write the converted files under this folder, at the same relative paths.",
        valueName: "folder"))
    var output: String?

    @Flag(help: "With --in-place, write over files with uncommitted changes too.")
    var force = false

    @Flag(
      help: ArgumentHelp(
        "With --in-place, do not build the tests after writing.",
        discussion:
          "By default the tests are built after writing, and each suite whose converted code "
          + "does not compile is put back as it was, with a note naming the compiler's error."))
    var noBuild = false

    /// Runs a session with these options and `configure`'s.
    func run(_ configure: (inout MigrationSession.Options) -> Void) throws {
      var options = MigrationSession.Options()
      options.paths = paths
      options.force = force
      if noBuild { options.build = nil }
      configure(&options)
      do {
        let chosen = [dryRun, inPlace, output != nil].filter { $0 }.count
        guard chosen == 1 else {
          throw RunError("choose one of --dry-run, --in-place and --output DIR")
        }
        if options.runTests != nil, !inPlace || noBuild {
          throw RunError("--verify runs the tests after --in-place writes and builds them")
        }
        options.output = dryRun ? .dryRun : inPlace ? .inPlace : .directory(output ?? "")
        _ = try MigrationSession(
          options: options,
          print: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        ).run()
      } catch let error as RunError {
        FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
        throw ExitCode(2)
      }
    }
  }

  /// `assay migrate quick`.
  struct Quick: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "quick",
      abstract: "Convert Quick specs to Assay specs, and Nimble's expectations to Assay's.",
      discussion: """
        A QuickSpec becomes a @Suite struct conforming to Spec, with the test that runs its \
        examples under swift test (Quick's are not run there on Linux); describe, context, \
        it, the hooks, focus and pending read the same. expect(x).to(equal(y)) becomes \
        assertEqual(x, y), and Nimble's other common matchers Assay's assertions or \
        matchers; toEventually becomes await eventually. A spec with what has no safe form \
        (shared examples by name, instance members, hooks reading metadata) stays, marked \
        with one // assay-migrate: comment saying why; an expectation with no counterpart \
        stays Nimble's. The test target must depend on Assay.

        Examples:
          assay migrate quick Tests --dry-run
          assay migrate quick Tests --in-place
        """
    )

    @OptionGroup var output: OutputOptions

    func run() throws {
      try output.run { $0.source = .quick }
    }
  }

  /// `assay migrate xctest`.
  struct XCTest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "xctest",
      abstract: "Convert XCTest suites to Swift Testing, with Assay where it has no equivalent.",
      discussion: """
        XCTestCase classes become suites (a struct, or a final class when tests change its \
        state or it has a tearDown), setUp becomes init, tearDown deinit, test methods @Test \
        functions; XCTAssert* become #expect, XCTUnwrap #require, XCTFail Issue.record, \
        accuracy: Assay's assertEqual, expectations and waits Assay's TestExpectation and \
        waitForFulfillment, XCTSkip Test.cancel, measure Assay's measure, XCTExpectFailure \
        with a block withKnownIssue, addTeardownBlock Assay's (the .tearsDown trait), a \
        class-wide setUp and tearDown Assay's .aroundSuite trait. A class converts with its \
        extensions in the other files given, or stays XCTest with them; a helper of \
        extension XCTestCase that uses nothing of the test case becomes a function with \
        Assay's assertions; a test that ends by calling one that runs its closure in a Task \
        and waits (XCTAsyncTest { … }) becomes async throws and runs the closure's \
        statements itself. A helper base class (no tests of its own) and its \
        subclasses convert as a family: the base becomes a plain class, each subclass a \
        final class suite that inherits it; where some subclasses (or the base's \
        extensions elsewhere) must stay XCTest, the base stays for them and the others \
        inherit its Swift Testing copy, written after it (GRDBTestCase → GRDBTestSuite); \
        continueAfterFailure = false in a setUp makes \
        the tests' assertion statements try #require (an XCTAssertNoThrow: a do-catch that \
        records the error and returns; = true in a test: the ones after it stay #expect). \
        A class with anything that has no safe \
        equivalent (continueAfterFailure = false set in a test of a class that goes on, \
        waitForExpectations, settings of an \
        expectation made after its first use, XCTExpectFailure without a block in an if, ...) \
        stays XCTest, marked with one // assay-migrate: comment saying why, and listed. \
        Comments, formatting and #if blocks are kept; running it twice changes nothing the \
        second time. --in-place writes committed files only: never one that is modified, \
        untracked or ignored, unless --force; a link stays a link, a file keeps its mode. \
        Then it builds the tests (swift build --build-tests): a suite whose converted code \
        does not compile takes Assay's assertions instead of #expect, then is put back as \
        XCTest (in every file) if it still does not, naming the compiler's error, until the \
        build passes (--no-build skips this). LinuxMain.swift and XCTestManifests.swift, \
        which only list XCTest's tests for Linux, are removed. Interrupted (Ctrl-C, SIGTERM, \
        SIGHUP) after writing, it puts every file back as it was before it ends.

        Examples:
          assay migrate xctest Tests --dry-run          show the changes as a diff
          assay migrate xctest Tests --in-place         write them (committed files only)
          assay migrate xctest Tests --in-place --verify  and keep every test's outcome
          assay migrate xctest Tests --output Migrated  write the converted files there
        """
    )

    @OptionGroup var output: OutputOptions

    @Flag(help: "Give each test a display name from its method's name.")
    var displayNames = false

    @Flag(
      help: ArgumentHelp(
        "Run every suite's tests one at a time, as XCTest does (by default, only suites whose "
          + "tests share process-wide state: static vars, the working folder, the environment, "
          + "file descriptors by number)."))
    var serialized = false

    @Option(
      help: ArgumentHelp(
        "What assertions become: expect (#expect, #require) or assay (Assay's assertions, "
          + "which compile faster; the tests must depend on Assay).",
        valueName: "expect|assay"))
    var assertions = XCTestMigration.Assertions.expect

    @Flag(
      inversion: .prefixedNo,
      help: ArgumentHelp(
        "Use Assay where Swift Testing has no equivalent (by default, when the package's "
          + "manifest names Assay)."))
    var assay: Bool?

    @Flag(
      help: ArgumentHelp(
        "With --in-place, run the tests before writing and after the build, and put back as "
          + "XCTest each suite whose tests do not end as they did.",
        discussion:
          "Catches what reading the code cannot: a test that needs the main thread in code "
          + "the migration does not read (a dependency's), or XCTest's one-test-at-a-time "
          + "order. The tests "
          + "run as assay test runs them, twice or more."))
    var verify = false

    func run() throws {
      let verify = verify
      try output.run { options in
        if verify {
          options.runTests = { root throws(RunError) in try TestSession.report(ofPackage: root) }
        }
        options.migration.displayNames = displayNames
        options.migration.serialized = serialized
        options.migration.assertions = assertions
        options.usesAssay = assay
      }
    }
  }
}

extension XCTestMigration.Assertions: ExpressibleByArgument {}
