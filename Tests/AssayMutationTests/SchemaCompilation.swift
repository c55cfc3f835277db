import AssayToolSupport
import Foundation
import Testing

@testable import AssayMutation

/// Compiles a schema the way a package's build does: every mutant of a source in the code at
/// once, with the switch, as one module.
enum SchemaCompilation {
  /// Expects the schema of `source`, with the switch, to compile without a warning, and to hold
  /// at least `count` mutants.
  static func expectCompiles(
    _ source: String, mutantsAtLeast count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let rewritten = SchemataRewriter(source: source, path: "F.swift", firstID: 1)
    #expect(
      rewritten.mutants.count >= count, "\(rewritten.mutants.map(\.change))",
      sourceLocation: sourceLocation)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("F.swift")
    let switchFile = folder.appendingPathComponent(MutantSwitch.fileName)
    try rewritten.text.write(to: file, atomically: true, encoding: .utf8)
    try MutantSwitch.source(highestID: rewritten.nextID).write(
      to: switchFile, atomically: true, encoding: .utf8)
    let (termination, output) = Command.capture(
      "swiftc",
      [
        "-c", "-wmo", "-parse-as-library", "-swift-version", "6", file.path, switchFile.path,
        "-module-name", "Schema", "-o", folder.appendingPathComponent("Schema.o").path,
      ],
      deadline: 120)
    #expect(
      termination == .exited(0), "\(output)\n\(rewritten.text)", sourceLocation: sourceLocation)
    // A mark where nothing throws or awaits is a warning: the marks are exactly the ones needed.
    #expect(!output.contains("warning:"), "\(output)", sourceLocation: sourceLocation)
  }
}
