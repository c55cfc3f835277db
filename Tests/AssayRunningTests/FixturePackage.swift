import AssayTestSupport
import AssayToolSupport
import Foundation

@testable import AssayRunning

/// A fixture package of `Fixtures/`, copied into this checkout's build folder and built there.
enum FixturePackage {
  /// The copy's folder, built with `options` (`--sanitize thread`), or why it could not be.
  /// A fixture that depends on Assay (`let assay = "../../../.."` in its manifest) gets this
  /// checkout's path.
  ///
  /// The copy stays, with its build, for the next test process
  /// (`.build/assay-fixtures/NAME`, one per set of options): building a fixture that depends
  /// on Assay takes a minute, and `assay mutate` runs a test process per mutant; the next
  /// build finds nothing to do. Its files are written only where they differ from the
  /// fixture's, so that they keep their times; processes take turns (a lock file beside the
  /// copy) while one writes and builds it. Tests write no file into it: their reports go to
  /// ``reportPath(_:)``.
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

  /// A new path in the temporary folder for a report with extension `kind` (`json`, `xml`),
  /// deleted when the process exits.
  static func reportPath(_ kind: String) -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-report-\(UUID().uuidString).\(kind)").path
    TemporaryFolders.deleteAtExit(path)
    return path
  }

  /// Where the fixture `name`, built with `options`, is copied in the checkout `checkout`.
  static func copyPath(of name: String, options: [String], in checkout: String) -> String {
    let suffix = options.map { "-" + $0.filter { $0.isLetter || $0.isNumber } }.joined()
    return "\(checkout)/.build/assay-fixtures/\(name)\(suffix)"
  }

  private static let checkout = URL(fileURLWithPath: #filePath)
    .appendingPathComponent("../../..").standardized.path

  private static func buildCopy(_ name: String, options: [String]) -> Result<String, RunError> {
    let source = "\(checkout)/Tests/AssayRunningTests/Fixtures/\(name)"
    let copy = copyPath(of: name, options: options, in: checkout)
    do {
      try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
      let lock = open("\(copy).lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
      guard lock >= 0 else { return .failure(RunError("cannot open \(copy).lock")) }
      defer { close(lock) }
      flock(lock, LOCK_EX)
      try refresh(copy, from: source)
      try TestBuild(options: ["--package-path", copy] + options).build(output: { _ in })
      return .success(copy)
    } catch let error as RunError {
      return .failure(error)
    } catch {
      return .failure(RunError("cannot copy the fixture \(name): \(error)"))
    }
  }

  /// Makes `copy` hold the files of the fixture at `source`, writing only those that differ;
  /// a fixture that depends on Assay names this checkout in its manifest.
  private static func refresh(_ copy: String, from source: String) throws {
    let files = FileManager.default
    guard let wanted = FileWalk.files(under: source) else {
      throw RunError("cannot read the fixture \(source)")
    }
    for relative in wanted {
      var data = files.contents(atPath: "\(source)/\(relative)") ?? Data()
      if relative == "Package.swift" {
        data = Data(
          String(decoding: data, as: UTF8.self)
            .replacingOccurrences(
              of: #"let assay = "../../../..""#, with: "let assay = \"\(checkout)\""
            ).utf8)
      }
      let path = "\(copy)/\(relative)"
      if files.contents(atPath: path) == data { continue }
      try files.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try data.write(to: URL(fileURLWithPath: path))
    }
    let kept = Set(wanted)
    for relative in FileWalk.files(under: copy, skipping: { $0.hasPrefix(".") }) ?? []
    where !kept.contains(relative) && relative != "Package.resolved" {
      try files.removeItem(atPath: "\(copy)/\(relative)")
    }
  }
}
