import ArgumentParser
import AssayMockFiles
import Foundation

/// `assay mock`: writes mocks of protocols declared in Swift files.
struct MockCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mock",
    abstract: "Generate mocks of protocols, as the @Mock macro would.",
    // The inputs are optional only with the hidden --standard-protocols.
    usage: """
      assay mock <inputs> ... [--output <output>] [--parents <path> ...] \
      [--protocol <protocol> ...] [--import <import> ...] \
      [--testable-import <testable-import> ...] [--force] [--check]
      """,
    discussion: """
      Reads the Swift files given (folders are searched for .swift files) and writes one \
      mock per protocol: MockName, a final class (an actor for an Actor protocol) that \
      records its calls and answers with what the test stubbed. Inherited protocols are \
      resolved across all the files read; a parent declared in none of them is looked for \
      in the package's other sources and its dependencies' (.build/checkouts). The code is \
      the @Mock macro's, from the same generator, without putting swift-syntax in your test \
      build.

      A file that cannot be parsed, or a protocol that cannot be mocked, is reported as \
      file:line:column: error: ...; the other protocols are still written, and the command \
      exits with status 1. The output file is replaced only if assay mock wrote it (or with \
      --force), and is left untouched when its contents would not change. Bad input (a path \
      that is not there, files that declare no protocol, an output file it may not write) is \
      one line and status 2.

      Example, from a package's root:
        assay mock Sources/Birthdays --import Birthdays \\
          -o Tests/BirthdaysTests/Mocks.swift
      """
  )

  @Argument(help: "Swift files, or folders of them, that declare the protocols.")
  var inputs: [String] = []

  @Option(name: .shortAndLong, help: "The file to write; standard output if omitted.")
  var output: String?

  @Option(
    name: .customLong("parents"),
    help: ArgumentHelp(
      "Swift files, or folders, that declare parent protocols only: read, not mocked "
        + "(repeatable). For a parent in another module, its sources (.build/checkouts/...).",
      valueName: "path"))
  var parents: [String] = []

  @Option(name: .customLong("protocol"), help: "Mock only this protocol (repeatable).")
  var protocols: [String] = []

  @Option(name: .customLong("import"), help: "A module the mocks' file imports (repeatable).")
  var imports: [String] = []

  @Option(help: "A module the mocks' file imports with @testable (repeatable).")
  var testableImport: [String] = []

  @Flag(help: "Overwrite the output file even if assay mock did not write it.")
  var force = false

  @Flag(help: "Write nothing; exit with status 1 if the output file is not up to date.")
  var check = false

  @Flag(
    help: ArgumentHelp(
      "Write the generator's list of the standard library's protocols, from the toolchain's "
        + "symbol graphs (for Assay's own sources).", visibility: .hidden))
  var standardProtocols = false

  func validate() throws {
    if inputs.isEmpty, !standardProtocols {
      throw ValidationError("Missing expected argument '<inputs> ...'")
    }
  }

  /// Runs the command. Bad input (a path that is not there, no protocol, a file it may not
  /// write) is one line and status 2, as for every command; a protocol it cannot mock, or
  /// stale mocks under `--check`, status 1.
  func run() throws {
    do {
      try generate()
    } catch let stale as MockFileIsStale {
      FileHandle.standardError.write(Data("error: \(stale.description)\n".utf8))
      throw ExitCode.failure
    } catch let error as MockCommandError {
      FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
      throw ExitCode(2)
    }
  }

  private func generate() throws {
    if standardProtocols {
      guard
        let text = StandardProtocolsFile.text(
          writingGraphsTo: ".build/assay/standard-protocols")
      else {
        throw ValidationError("the toolchain gives no symbol graph of the Swift module")
      }
      return try write(text)
    }
    let (generated, readProblems, found) = try MockFile.generate(
      inputs: inputs, parents: parents, only: protocols, imports: imports,
      testableImports: testableImport)
    if !found.isEmpty {
      FileHandle.standardError.write(
        Data(
          ("note: parent protocols read from \(found.count) files of the package and its "
            + "dependencies: \(found.prefix(3).joined(separator: ", "))"
            + (found.count > 3 ? ", ..." : "") + "\n").utf8))
    }
    for note in generated.notes {
      FileHandle.standardError.write(Data((note + "\n").utf8))
    }
    let report = readProblems + generated.problems
    for problem in report {
      FileHandle.standardError.write(Data((problem + "\n").utf8))
    }
    if let unknown = generated.unknownProtocols.first {
      throw MockCommandError("no protocol named '\(unknown)' in the files read")
    }
    try write(generated.text)
    if !report.isEmpty {
      throw ExitCode.failure
    }
  }

  private func write(_ text: String) throws {
    guard let output else {
      print(text, terminator: "")
      return
    }
    try MockFile.write(text, to: output, force: force, check: check)
  }
}
