import ArgumentParser
import AssayRunning
import AssayToolSupport
import Foundation

/// The `assay` command: tools that work on a package's tests.
@main
struct AssayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assay",
    abstract: "Tools for testing Swift code with Assay.",
    subcommands: [
      TestCommand.self, MutateCommand.self, MigrateCommand.self, ReportCommand.self,
      MockCommand.self,
      XUnitCommand.self,
    ]
  )

  /// Runs the command. A usage error exits with status 2, as `swift test` and `assay test`'s
  /// callers expect (ArgumentParser's own is 64), after the usual message and usage.
  static func main() {
    // Whatever the command, Ctrl-C, SIGTERM and SIGHUP take every process it started along.
    ChildProcess.killChildrenOnInterrupt()
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
      FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
      Foundation.exit(2)
    }
  }
}
