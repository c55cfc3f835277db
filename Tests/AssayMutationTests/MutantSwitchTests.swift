import AssayToolSupport
import Foundation
import Testing

@testable import AssayMutation

/// The switch, compiled into a program, records coverage without a byte in the program's own
/// output. Found by the real-world harness: swift-argument-parser's tests run its example
/// commands and compare what they print, and the baseline of `assay mutate` failed because the
/// switch printed its coverage lines into that output.
@Suite struct MutantSwitchTests {
  @Test func coverageGoesToItsFileAndNeverIntoTheProgramsOutput() throws {
    let run = try Self.run(
      "print(__assayMutant(3) ? \"on\" : \"off\"); _ = __assayMutant(3); _ = __assayMutant(5)")
    #expect(run.status == .exited(0))
    #expect(run.output == "off")
    #expect(run.coverage == "3\n5\n")
  }

  /// swift-syntax's `SwiftSyntax` writes `private import Glibc`; the switch's bare `import
  /// Glibc` beside it did not compile ("ambiguous implicit access level for import of 'Glibc';
  /// it is imported as 'private' elsewhere"). Beside an import with an access level, the
  /// switch's has one too; beside bare ones (which Swift 5 reports beside an explicit one), none.
  @Test func theSwitchImportsTheCLibraryAsTheModulesOtherFilesDo() {
    let explicit = MutantSwitch.source(
      highestID: 3,
      besides: ["#if canImport(Glibc)\n@preconcurrency private import Glibc\n#endif\n"])
    #expect(explicit.contains("  internal import Glibc\n"), "\(explicit)")
    #expect(!explicit.contains("  import Glibc\n"), "\(explicit)")
    let bare = MutantSwitch.source(highestID: 3, besides: ["import Glibc\nlet x = 1\n"])
    #expect(bare.contains("  import Glibc\n"), "\(bare)")
    #expect(!bare.contains("internal import"), "\(bare)")
  }

  /// Issue 30, point 5: a test that runs a program again in a child process (an end-to-end
  /// test) covers what the child reaches, so it runs for those mutants. The child inherits
  /// `ASSAY_MUTANT_COVERAGE` and appends to the same file.
  @Test func whatAChildProcessReachesIsCoveredByTheTestThatStartedIt() throws {
    let run = try Self.run(
      """
      import Foundation
      if CommandLine.arguments.count > 1 {
        _ = __assayMutant(4)
        exit(0)
      }
      _ = __assayMutant(2)
      let child = Process()
      child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      child.arguments = ["child"]
      try child.run()
      child.waitUntilExit()
      """)
    #expect(run.status == .exited(0), "\(run.output)")
    #expect(run.coverage == "2\n4\n")
  }

  /// `main` compiled with the switch of mutants 1 to 5 and run with `ASSAY_MUTANT_COVERAGE`:
  /// how it ended, what it printed, and the coverage file's text.
  private static func run(_ main: String) throws -> (
    status: ChildProcess.Termination, output: String, coverage: String
  ) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-switch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("main.swift")
    let switchFile = folder.appendingPathComponent(MutantSwitch.fileName)
    let program = folder.appendingPathComponent("program")
    try main.write(to: source, atomically: true, encoding: .utf8)
    try MutantSwitch.source(highestID: 5).write(to: switchFile, atomically: true, encoding: .utf8)
    let (built, errors) = Command.capture(
      "swiftc", ["-swift-version", "6", source.path, switchFile.path, "-o", program.path],
      deadline: 300)
    try #require(built == .exited(0), "\(errors)")
    let coverage = folder.appendingPathComponent("coverage").path
    let (ran, output) = Command.capture(
      program.path, [], environment: ["ASSAY_MUTANT_COVERAGE": coverage], deadline: 60)
    return (ran, output, (try? String(contentsOfFile: coverage, encoding: .utf8)) ?? "")
  }
}
