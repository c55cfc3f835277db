import ArgumentParser
import AssayMutation
import AssayRunning
import AssayToolSupport
import Foundation

/// `assay mutate`: tests the tests, by breaking the code on purpose; `assay mutate merge`
/// joins the reports of shards.
struct MutateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mutate",
    abstract: "Test your tests: break the code on purpose and see whether a test fails.",
    discussion: discussion,
    subcommands: [Run.self, Merge.self],
    defaultSubcommand: Run.self
  )

  /// What `assay mutate --help` and `assay mutate run --help` explain.
  static let discussion = """
    Makes small changes (mutants) to the library targets' code, such as < to <=, + to -, \
    true to false, or a call removed, and runs the tests that reach each one. A mutant that \
    no test notices (it survived) is printed as file:line:column: warning: mutant survived, \
    which editors show: a test is missing there.

    It is fast because it builds once: every mutant is compiled into one build of a copy \
    of the package (in .build/assay/mutate, or under --scratch-path; your files are never written), switched on \
    by an id read at run time. A baseline learns which tests reach which mutants, so each \
    mutant runs only those tests, fastest first, stopping at the first failure, several \
    mutants at a time; one they let survive runs with the other tests that enter its \
    function too (what a test reaches can change from run to run). A canary that stops the tests at the first mutant reached must be \
    noticed first, or nothing is reported. Mutants that do not compile are left out \
    (unviable); those that compile alone but not beside the others are built apart, \
    after the others, and mutants of code that macros run in the compiler each alone, as \
    written. Exit status: 0, 1 below --threshold, 2 for a usage, build or baseline \
    problem.

    Options: assay mutate run --help. Examples:
      assay mutate                               every library target
      assay mutate Sources/Birthdays/PeopleList.swift
      assay mutate --target Birthdays --threshold 70 --report html:mutants.html
      assay mutate --since main                  the lines changed since main
      assay mutate --shard 2/4 --report json:2.json   one CI shard of four
      assay mutate merge 1.json 2.json 3.json 4.json --report html:mutants.html

    Add // assay:disable-mutation on a line, or on the line before a declaration, to \
    leave it alone; name paths and operators to leave out in .assay.json:
      { "mutate": { "exclude": ["Sources/App/Generated"],
                    "skipOperators": ["string-literal"], "threshold": 70 } }
    Outcomes are kept beside the copy and reused while neither a mutant's file nor \
    the tests that reach it change.
    """
}

extension MutateCommand {
  /// `assay mutate [paths]`.
  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "run",
      abstract: "Mutate the package's code and run the tests that reach each mutant.",
      discussion: MutateCommand.discussion
    )

    @Argument(
      help: ArgumentHelp("Files or folders to mutate (relative to the package).", valueName: "path")
    )
    var paths: [String] = []

    @Option(
      help: ArgumentHelp(
        "A library target to mutate (repeatable); all by default.", valueName: "name"))
    var target: [String] = []

    @Option(
      name: .customLong("operator"),
      help: ArgumentHelp(
        "Only these operators (repeatable): "
          + MutationOperator.allCases.map(\.name).joined(separator: ", "), valueName: "name"))
    var operators: [String] = []

    @Option(help: "How many mutants run at once; the number of cores by default.")
    var jobs: Int?

    @Option(
      help: ArgumentHelp(
        "Fail (exit status 1) below this mutation score, in percent.", valueName: "percent"))
    var threshold: Double?

    @Option(
      help: ArgumentHelp(
        "Write a report: json:PATH (Stryker's mutation-testing schema 2) or html:PATH "
          + "(repeatable).", valueName: "format:path"))
    var report: [String] = []

    @Option(
      help: ArgumentHelp(
        "Run the k-th of n shards of the mutants, for CI matrices: 2/4; merge the shards' "
          + "JSON reports with assay mutate merge.", valueName: "k/n"))
    var shard: String?

    @Option(
      help: ArgumentHelp(
        "Leave out tests whose Target.Suite/test matches, as swift test --skip (repeatable).",
        valueName: "regex"))
    var skip: [String] = []

    @Flag(help: "Run every mutant, reusing no outcome of an earlier run.")
    var noCache = false

    @Option(
      help: ArgumentHelp(
        "Only mutants on lines changed since this git revision (and uncommitted edits).",
        valueName: "revision"))
    var since: String?

    @Option(
      help: ArgumentHelp("The package's folder; the current one by default.", valueName: "path"))
    var packagePath: String?

    @Option(
      name: [.short, .customLong("configuration")],
      help: ArgumentHelp("Build configuration: debug or release.", valueName: "configuration"))
    var configuration: String?

    @Option(
      help: ArgumentHelp(
        "The build folder (as swift build): the copy, its build and the outcomes go in its "
          + "assay folder; .build by default.", valueName: "path"))
    var scratchPath: String?

    func run() throws {
      var options = MutationSession.Options()
      if let packagePath {
        options.packagePath = URL(fileURLWithPath: packagePath).standardizedFileURL.path
      }
      if let configuration { options.buildOptions = ["--configuration", configuration] }
      if let scratchPath {
        // Relative to where the command runs, as for swift build.
        options.scratchPath = URL(fileURLWithPath: scratchPath).standardizedFileURL.path
      }
      options.paths = paths.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
      options.targets = target
      options.skips = skip
      options.threshold = threshold
      options.since = since
      options.usesCache = !noCache
      do {
        options.reports = try report.map { text throws(RunError) in
          try MutationReport.Request(text)
        }
        options.shard = try shard.map { text throws(RunError) in try Shard(text) }
        if let threshold, !(0...100).contains(threshold) {
          throw RunError("--threshold \(threshold): must be from 0 to 100")
        }
        if let jobs {
          guard jobs >= 1 else { throw RunError("--jobs \(jobs): must be 1 or more") }
          options.jobs = jobs
        }
        if !operators.isEmpty {
          options.operators = Set(
            try operators.map { name throws(RunError) in
              guard let found = MutationOperator(rawValue: name) else {
                throw RunError(
                  "--operator \(name): no such operator; they are "
                    + MutationOperator.allCases.map(\.name).joined(separator: ", "))
              }
              return found
            })
        }
        let session = MutationSession(
          options: options,
          print: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) })
        let (_, status) = try session.run()
        throw ExitCode(status)
      } catch let error as RunError {
        FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
        throw ExitCode(2)
      }
    }
  }

  /// `assay mutate merge`: one report from the shards' reports.
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "merge",
      abstract: "Merge the JSON reports of shards (assay mutate --shard k/n) into one.",
      discussion: """
        Prints the surviving mutants and the score of the whole run, writes the merged \
        reports, and fails (exit status 1) below --threshold, as one unsharded run would. \
        Every shard must be there. Example, after a CI matrix of four shards:
          assay mutate merge shard1.json shard2.json shard3.json shard4.json \\
            --report json:mutants.json --report html:mutants.html --threshold 70
        """
    )

    @Argument(help: "JSON reports written by assay mutate --report json:PATH.")
    var inputs: [String]

    @Option(
      help: ArgumentHelp(
        "Write the merged report: json:PATH or html:PATH (repeatable).",
        valueName: "format:path"))
    var report: [String] = []

    @Option(
      help: ArgumentHelp(
        "Fail (exit status 1) below this mutation score, in percent.", valueName: "percent"))
    var threshold: Double?

    func run() throws {
      do {
        let requests = try report.map { text throws(RunError) in
          try MutationReport.Request(text)
        }
        if let threshold, !(0...100).contains(threshold) {
          throw RunError("--threshold \(threshold): must be from 0 to 100")
        }
        let reports = try inputs.map { path throws(RunError) in
          guard let data = FileManager.default.contents(atPath: path) else {
            throw RunError("\(path): cannot read this file")
          }
          return (path, try MutationReport(strykerJSON: data, path: path))
        }
        let merged = try MutationReport.merged(reports)
        for request in requests { try request.write(merged) }
        var lines = merged.mutants.filter { $0.status == .survived }.map {
          "\(merged.root)/\($0.location): warning: mutant survived: \($0.change)"
        }
        lines.append(merged.summary)
        if let threshold, merged.score < threshold {
          lines.append(
            "The mutation score \(merged.scoreText) is below the threshold \(threshold)%.")
        }
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        if let threshold, merged.score < threshold { throw ExitCode(1) }
      } catch let error as RunError {
        FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
        throw ExitCode(2)
      }
    }
  }
}
