import AssayToolSupport
import Foundation

extension MigrationSession {
  /// What an interrupted `--in-place` migration does before it ends (Ctrl-C while it builds the
  /// converted tests, say): puts every file it wrote back as it was and every list of tests it
  /// removed back in place, then says so on standard error. Halfway through its checks, the
  /// converted files may not compile; put back, the tree is the one the user committed.
  ///
  /// - Parameters:
  ///   - changed: The converted files, with their text before the migration.
  ///   - removedLists: XCTest's lists for Linux that the migration removes, with their text.
  /// - Returns: The undo for ``Interruption/undoing(_:_:)``.
  func putBackOnInterruption(
    _ changed: [Converted], _ removedLists: [(path: String, text: String)]
  ) -> @Sendable () -> Void {
    let files =
      changed.map { (path: $0.path, text: $0.old) }
      + removedLists.map { (path: $0.path, text: $0.text) }
    let shown = files.map { relative($0.path) }
    return {
      var failures: [String] = []
      for (index, file) in files.enumerated() {
        do throws(RunError) {
          try AtomicFile.write(Data(file.text.utf8), to: file.path)
        } catch {
          failures.append("\(shown[index]) (\(error.description))")
        }
      }
      let count = files.count - failures.count
      var message =
        "assay migrate: interrupted: the \(count) \(count == 1 ? "file" : "files") it changed "
        + "\(count == 1 ? "is" : "are") as \(count == 1 ? "it was" : "they were") (run again to "
        + "migrate; --no-build writes the conversion without building it)"
      if !failures.isEmpty {
        message +=
          "; not put back: " + failures.joined(separator: ", ")
          + " (git checkout brings them back)"
      }
      FileHandle.standardError.write(Data((message + "\n").utf8))
    }
  }
}
