@testable import AssayMigration

/// Migrates `files` as one run does: every file's helpers read first, then each converted.
///
/// - Parameters:
///   - files: The files of the run, with the paths their notes show.
///   - options: The run's options, before the helpers are read into them.
/// - Returns: Each file's result, in the order given.
func migratedRun(
  _ files: [(path: String, source: String)],
  options: XCTestMigration.Options = XCTestMigration.Options()
) throws -> [MigrationResult] {
  var options = options
  for file in files { options.helpers.read(file.source, path: file.path) }
  return try XCTestMigration.migrate(files, options: options).map { try $0.get() }
}
