import Foundation

/// Folders that tests share across suites (a fixture package copied and built once), deleted
/// when the test process exits.
///
/// A suite's `static let` has no teardown; without this, each run of the tests left its built
/// fixtures in the temporary folder (about 500 MB a run: the mutation fixture, the packages
/// that use Assay).
public enum TemporaryFolders {
  nonisolated(unsafe) private static var paths: [String] = []
  private static let lock = NSLock()
  private static let registered: Void = {
    atexit {
      TemporaryFolders.lock.withLock {
        for path in TemporaryFolders.paths { try? FileManager.default.removeItem(atPath: path) }
      }
    }
  }()

  /// Deletes `path` when the process exits normally (not after a crash).
  public static func deleteAtExit(_ path: String) {
    _ = registered
    lock.withLock { paths.append(path) }
  }
}
