import AssayToolSupport
import Foundation

@testable import AssayMigration

/// A package of a few files written to a new temporary folder, and its tests migrated into
/// `Migrated/` beside them as `assay migrate xctest Tests --output Migrated --no-build` would.
struct MigratedPackage {
  let root: String

  /// Writes `files` (paths relative to the package) under a new folder named for `name`.
  init(_ name: String, files: [String: String]) throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-migrate-\(name)-\(UUID().uuidString)").path
    for (path, text) in files {
      let file = "\(root)/\(path)"
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
  }

  /// Migrates the tests, Assay available; the summary.
  func migrate() throws(RunError) -> MigrationSession.Summary {
    var options = MigrationSession.Options()
    options.usesAssay = true
    options.paths = ["Tests"]
    options.output = .directory("Migrated")
    options.workingDirectory = root
    options.build = nil
    return try MigrationSession(options: options, print: { _ in }).run()
  }

  /// The migrated text of `path`.
  func migrated(_ path: String) throws -> String {
    try String(contentsOfFile: "\(root)/Migrated/\(path)", encoding: .utf8)
  }
}
