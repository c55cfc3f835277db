import ArgumentParser
import AssayRunning
import AssayToolSupport
import Foundation

/// `assay test`: builds once and runs the package's tests, whatever they do.
struct TestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Build and run the package's tests: rerun one by file:line, survive crashes.",
    discussion: """
      Builds the tests once (swift build --build-tests) and runs them in the test binary, \
      XCTest and Swift Testing alike. A test that crashes the process is reported as \
      crashed and the others still run; a test that runs past --test-timeout is killed and \
      reported as timed out. Failures are printed as file:line: error: message, then the \
      slowest tests and the totals. Exit status: 0 all passed, 1 a test failed, 2 a usage \
      or build error.

      Examples:
        assay test                                   every test
        assay test Tests/ListTests/ListTests.swift:37   the test (or spec example) at line 37
        assay test --only ListTests/sortsByName      by name (Suite/test, or a suite)
        assay test --failed                          what failed last time
        assay test --shard 2/4 --timings last.json --report json:shard2.json
                                                     one CI shard of four, balanced by the
                                                     durations in last.json (else by count)
        assay test --report html:tests.html          a navigator page of the results
        assay test --repeat 20 --until-failure --only Flaky   hunt a flaky test
        assay test --watch                           rerun on every saved change

      The last run is kept in .build/assay/last-run.json (the JSON report's schema): \
      --failed and the time left read it.
      """
  )

  @Argument(
    help: ArgumentHelp(
      "Test files, or file:line (or file:line:column) of a test, spec example or "
        + "parameterized test to run.",
      valueName: "location"))
  var locations: [String] = []

  @Option(
    name: .customLong("only"),
    help: ArgumentHelp(
      "A test or suite by name: Suite/test, Target.Suite/test(), Suite, \"adds two numbers\" "
        + "(a raw identifier without its backticks; repeatable).",
      valueName: "name"))
  var names: [String] = []

  @Option(
    help: ArgumentHelp(
      "Run tests whose Target.Suite/test matches (repeatable).", valueName: "regex"))
  var filter: [String] = []

  @Option(
    help: ArgumentHelp("Leave out tests whose name matches (repeatable).", valueName: "regex"))
  var skip: [String] = []

  @Flag(help: "Run only the tests that failed, crashed or timed out in the last run.")
  var failed = false

  @Option(
    name: [.short, .customLong("configuration")],
    help: ArgumentHelp("Build configuration: debug or release.", valueName: "configuration"))
  var configuration: String?

  @Option(help: ArgumentHelp("The build folder (as swift build).", valueName: "path"))
  var scratchPath: String?

  @Option(
    help: ArgumentHelp("The package's folder; the current one by default.", valueName: "path"))
  var packagePath: String?

  @Option(
    help: ArgumentHelp(
      "Build with a sanitizer: address, thread, undefined (repeatable).", valueName: "sanitizer"))
  var sanitize: [String] = []

  @Flag(help: "Do not build; run the tests built last.")
  var skipBuild = false

  @Option(
    help: ArgumentHelp(
      "Seconds a test may run before it is killed and reported as timed out.",
      valueName: "seconds"))
  var testTimeout: Double = 300

  @Flag(name: .customLong("no-parallel"), help: "Run Swift Testing tests one at a time.")
  var serial = false

  @Option(
    name: .customLong("repeat"),
    help: ArgumentHelp("Run the tests N times and report each test's failure rate.", valueName: "N")
  )
  var repetitions: Int = 1

  @Flag(help: "With --repeat, stop at the first run that fails (without it, up to 100 runs).")
  var untilFailure = false

  @Option(help: ArgumentHelp("Run the k-th of n shards, for CI matrices: 2/4.", valueName: "k/n"))
  var shard: String?

  @Option(
    help: ArgumentHelp(
      "A JSON report of an earlier run: its durations balance the shards by time.",
      valueName: "path"))
  var timings: String?

  @Option(
    help: ArgumentHelp(
      "Write a report: json:PATH, junit:PATH or html:PATH (repeatable).", valueName: "format:path"))
  var report: [String] = []

  @Flag(help: "Watch the package: rebuild and rerun on every change, failures first.")
  var watch = false

  @Flag(help: "Print the tests that would run, with their file:line, and run nothing.")
  var list = false

  @Flag(
    name: .customLong("show-output"),
    help: ArgumentHelp(
      "Print what the test processes print, as they print it (XCTest's and Swift Testing's "
        + "own lines too, as swift test shows them); otherwise only a crashed or timed-out "
        + "test's last lines are shown, and a failed XCTest test's own."))
  var showOutput = false

  @Flag(
    help: ArgumentHelp(
      "Record the baselines of the performance tests that run (measure), instead of "
        + "comparing with them: each measure's test runs again, alone, in new processes, "
        + "and the baseline keeps how much the processes differ."))
  var recordBaselines = false

  @Option(
    help: ArgumentHelp(
      "With --record-baselines, how many processes record each baseline (1: the run's own); "
        + "up to twice as many where they differ too much to tell the measure's tolerance.",
      valueName: "n"))
  var baselineProcesses = 5

  func run() throws {
    var options = TestSession.Options()
    if let packagePath {
      options.packagePath = URL(fileURLWithPath: packagePath).standardizedFileURL.path
    }
    if let configuration { options.buildOptions += ["--configuration", configuration] }
    if let scratchPath {
      // Relative to where the command runs, as for swift build.
      let absolute = URL(fileURLWithPath: scratchPath).standardizedFileURL.path
      options.buildOptions += ["--scratch-path", absolute]
      options.scratchPath = absolute
    }
    options.buildOptions += sanitize.flatMap { ["--sanitize", $0] }
    options.skipBuild = skipBuild
    options.selection.locations = locations
    options.selection.names = names
    options.selection.filters = filter
    options.selection.skips = skip
    options.onlyFailed = failed
    options.timingsPath = timings
    options.testTimeout = testTimeout
    options.parallel = !serial
    options.showsOutput = showOutput
    options.repetitions = untilFailure && repetitions == 1 ? 100 : repetitions
    options.untilFailure = untilFailure
    options.listOnly = list
    options.recordsBaselines = recordBaselines
    options.baselineProcesses = baselineProcesses
    options.liveProgress =
      isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil
    do {
      guard repetitions >= 1 else { throw RunError("--repeat \(repetitions): must be 1 or more") }
      guard testTimeout > 0 else { throw RunError("--test-timeout must be more than 0 seconds") }
      guard baselineProcesses >= 1 else {
        throw RunError("--baseline-processes \(baselineProcesses): must be 1 or more")
      }
      guard !recordBaselines || repetitions == 1 else {
        throw RunError(
          "--record-baselines records once, and --repeat would record again each round: "
            + "record first, then repeat")
      }
      options.shard = try shard.map { text throws(RunError) in try Shard(text) }
      options.reports = try report.map { text throws(RunError) in
        try TestSession.ReportRequest(text)
      }
      let session = TestSession(
        options: options,
        // Each line goes out as it is printed, also into a pipe or a CI log.
        print: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        status: { line in
          FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
        })
      if watch {
        try TestWatcher(session: session).run()
      }
      throw ExitCode(try session.run())
    } catch let error as RunError {
      FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
      throw ExitCode(2)
    }
  }
}
