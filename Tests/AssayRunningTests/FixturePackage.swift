import AssayTestSupport
import AssayToolSupport
import Foundation

@testable import AssayRunning

/// A fixture package of `Fixtures/`, copied to a new temporary folder and built there.
enum FixturePackage {
  /// The copy's folder, built with `options` (`--sanitize thread`), or why it could not be.
  /// A fixture that depends on Assay (`let assay = "../../../.."` in its manifest) gets this
  /// checkout's path.
  ///
  /// Building takes a minute, on a thread of its own: never on Swift's cooperative pool, which
  /// has one thread per core (on 2 cores, two builds there stall every other test's waits).
  /// A suite that shares one build holds `Task { await FixturePackage.built(name) }`.
  static func built(_ name: String, options: [String] = []) async -> Result<String, RunError> {
    do {
      return try await offThePool { buildCopy(name, options: options) }
    } catch {
      return .failure(RunError("cannot build the fixture \(name): \(error)"))
    }
  }

  /// `AssayUserFixture`, a package that uses Assay, built once for every suite that runs it
  /// (building Assay takes the longest).
  static let assayUser = Task { await built("AssayUserFixture") }

  private static func buildCopy(_ name: String, options: [String]) -> Result<String, RunError> {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/\(name)")
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-\(name)-\(UUID().uuidString)")
    TemporaryFolders.deleteAtExit(copy.path)
    do {
      try FileManager.default.copyItem(at: source, to: copy)
      // A fixture that depends on Assay names its checkout from where it is in the repository.
      let manifest = copy.appendingPathComponent("Package.swift")
      let assay = source.appendingPathComponent("../../../..").standardized.path
      try String(contentsOf: manifest, encoding: .utf8)
        .replacingOccurrences(of: #"let assay = "../../../..""#, with: "let assay = \"\(assay)\"")
        .write(to: manifest, atomically: true, encoding: .utf8)
      try TestBuild(options: ["--package-path", copy.path] + options).build(output: { _ in })
      return .success(copy.path)
    } catch let error as RunError {
      return .failure(error)
    } catch {
      return .failure(RunError("cannot copy the fixture \(name): \(error)"))
    }
  }
}
