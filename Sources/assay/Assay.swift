import ArgumentParser

/// The `assay` command: tools that work on a package's tests.
@main
struct AssayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assay",
    abstract: "Tools for testing Swift code with Assay.",
    subcommands: [TestCommand.self, ReportCommand.self, MockCommand.self, XUnitCommand.self]
  )
}
