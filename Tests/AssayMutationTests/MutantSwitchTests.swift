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
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-switch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let main = folder.appendingPathComponent("main.swift")
    let switchFile = folder.appendingPathComponent(MutantSwitch.fileName)
    let program = folder.appendingPathComponent("program")
    try "print(__assayMutant(3) ? \"on\" : \"off\"); _ = __assayMutant(3); _ = __assayMutant(5)"
      .write(to: main, atomically: true, encoding: .utf8)
    try MutantSwitch.source(highestID: 5).write(to: switchFile, atomically: true, encoding: .utf8)
    let (built, errors) = Command.capture(
      "swiftc", ["-swift-version", "6", main.path, switchFile.path, "-o", program.path],
      deadline: 300)
    try #require(built == .exited(0), "\(errors)")

    let coverage = folder.appendingPathComponent("coverage").path
    let (ran, output) = Command.capture(
      program.path, [], environment: ["ASSAY_MUTANT_COVERAGE": coverage], deadline: 60)
    #expect(ran == .exited(0))
    #expect(output == "off")
    let recorded = try String(contentsOfFile: coverage, encoding: .utf8)
    #expect(recorded == "3\n5\n")
  }

  /// Issue 30, point 5: a test that runs a program again in a child process (an end-to-end
  /// test) covers what the child reaches, so it runs for those mutants. The child inherits
  /// `ASSAY_MUTANT_COVERAGE` and appends to the same file.
  @Test func whatAChildProcessReachesIsCoveredByTheTestThatStartedIt() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-switch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let main = folder.appendingPathComponent("main.swift")
    let switchFile = folder.appendingPathComponent(MutantSwitch.fileName)
    let program = folder.appendingPathComponent("program")
    try """
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
    """.write(to: main, atomically: true, encoding: .utf8)
    try MutantSwitch.source(highestID: 5).write(to: switchFile, atomically: true, encoding: .utf8)
    let (built, errors) = Command.capture(
      "swiftc", ["-swift-version", "6", main.path, switchFile.path, "-o", program.path],
      deadline: 300)
    try #require(built == .exited(0), "\(errors)")

    let coverage = folder.appendingPathComponent("coverage").path
    let (ran, output) = Command.capture(
      program.path, [], environment: ["ASSAY_MUTANT_COVERAGE": coverage], deadline: 60)
    #expect(ran == .exited(0), "\(output)")
    let recorded = try String(contentsOfFile: coverage, encoding: .utf8)
    #expect(recorded == "2\n4\n")
  }
}
