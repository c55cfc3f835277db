import AssayRunning
import AssayToolSupport
import Foundation

/// The folders that the test processes of `assay mutate` run in, one per worker (`--jobs`):
/// `workers/K/package` shows the copy's files and folders (a link to each), and
/// `workers/K/tmp` is the worker's `TMPDIR`.
///
/// XCTest runs a package's tests one at a time in one process; `assay mutate` runs several
/// processes at once. What a test writes by a relative path, or under a fixed name in the
/// temporary folder, then stays apart from what a test of another worker writes at the same
/// moment (swift-mustache's tests each create and delete a `templates` folder where they run),
/// and lands in the build folder, never in the user's package (a mutant may turn off the mock
/// that kept a test's writes away from real files). The folders are made afresh for each run.
struct WorkerFolders: Sendable {
  /// The folder that holds them.
  let root: String
  /// How many workers there are.
  let count: Int

  /// Empties `root` and makes `count` workers' folders in it, each showing the files of
  /// `copy`.
  ///
  /// - Throws: ``RunError`` naming the folder or link that could not be made.
  init(showing copy: String, in root: String, count: Int) throws(RunError) {
    self.root = root
    self.count = max(1, count)
    let files = FileManager.default
    try? files.removeItem(atPath: root)
    let entries = (try? files.contentsOfDirectory(atPath: copy)) ?? []
    for worker in 0..<self.count {
      let folder = "\(root)/\(worker)"
      do {
        try files.createDirectory(
          atPath: "\(folder)/package", withIntermediateDirectories: true)
        try files.createDirectory(atPath: "\(folder)/tmp", withIntermediateDirectories: true)
        for entry in entries {
          try files.createSymbolicLink(
            atPath: "\(folder)/package/\(entry)", withDestinationPath: "\(copy)/\(entry)")
        }
      } catch {
        throw RunError(
          "cannot make \(folder) for the tests to run in: \(error.localizedDescription)")
      }
    }
  }

  /// `binary`, its tests run in the folder of worker `worker`.
  func binary(_ binary: TestBinary, worker: Int) -> TestBinary {
    var placed = binary
    placed.workingDirectory = "\(root)/\(worker % count)/package"
    return placed
  }

  /// The environment of worker `worker`'s test processes: its `TMPDIR`, and `PWD` naming the
  /// folder they run in (as a shell's `cd` sets it), not the one `assay` runs in.
  func environment(worker: Int) -> [String: String] {
    [
      "TMPDIR": "\(root)/\(worker % count)/tmp",
      "PWD": "\(root)/\(worker % count)/package",
    ]
  }
}
