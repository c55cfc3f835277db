import ArgumentParser
import AssayMutation
import AssayRunning
import Foundation

/// `assay mutate`: tests the tests, by breaking the code on purpose.
struct MutateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mutate",
    abstract: "Test your tests: break the code on purpose and see whether a test fails.",
    discussion: """
      Makes small changes (mutants) to the library targets' code, such as < to <=, + to -, \
      true to false, or a call removed, and runs the tests that reach each one. A mutant that \
      no test notices (it survived) is printed as file:line:column: warning: mutant survived, \
      which editors show: a test is missing there.

      It is fast because it builds once: every mutant is compiled into one build of a copy \
      of the package (in .build/assay/mutate; your files are never written), switched on \
      by an id read at run time. A baseline learns which tests reach which mutants, so each \
      mutant runs only those tests, fastest first, stopping at the first failure, several \
      mutants at a time. A canary that stops the tests at the first mutant reached must be \
      noticed first, or nothing is reported. Mutants that do not compile are left out \
      (unviable). Exit status: 0, 1 below --threshold, 2 for a usage, build or baseline \
      problem.

      Examples:
        assay mutate                                  every library target
        assay mutate Sources/Birthdays/PeopleList.swift   one file
        assay mutate --target Birthdays --threshold 70 --report stryker.json
        assay mutate --since main                     only the lines changed since main
      Add // assay:disable-mutation on a line, or on the line before it, to leave it alone.
      """
  )

  @Argument(
    help: ArgumentHelp("Files or folders to mutate (relative to the package).", valueName: "path"))
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
      "Write the Stryker mutation-testing report (JSON, schema 2).", valueName: "path"))
  var report: String?

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

  func run() throws {
    var options = MutationSession.Options()
    if let packagePath {
      options.packagePath = URL(fileURLWithPath: packagePath).standardizedFileURL.path
    }
    if let configuration { options.buildOptions = ["--configuration", configuration] }
    options.paths = paths.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    options.targets = target
    options.threshold = threshold
    options.strykerReport = report
    options.since = since
    do {
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
