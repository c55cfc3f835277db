import Foundation

/// The Swift files of the copy written since a build last compiled them.
///
/// SwiftPM decides what to compile from the files' times and sizes, and a build can succeed
/// without compiling a file that changed: it then links an earlier program. A CI run proved a
/// mutant that does not compile "compiling alone" that way, and reported it not run instead of
/// unviable; another ran a mutant's tests against another mutant's build. A file counts as
/// compiled once its object is at least as recent as the file's last change (its status
/// change time, which no tool sets back, unlike its modification time).
final class ChangedSources: @unchecked Sendable {
  private let lock = NSLock()
  private var files: Set<String> = []

  /// Notes that `relative` was written.
  func insert(_ relative: String) {
    lock.withLock { _ = files.insert(relative) }
  }

  /// The files written whose objects are older than their last change; the others are
  /// forgotten, as is a file without an object (not compiled into any module: a file a target
  /// excludes). Files that the build did not build stay, unreported.
  ///
  /// - Parameters:
  ///   - root: The folder the files' paths are relative to.
  ///   - built: Whether the build built the module of a file.
  ///   - object: Where the object of a file lies, or `nil` when it belongs to no module.
  func uncompiled(
    under root: String, built: (String) -> Bool, object: (String) -> String?
  ) -> [String] {
    lock.withLock {
      let compiled = files.filter { relative in
        guard built(relative) else { return false }
        guard let changed = FileStatus(of: "\(root)/\(relative)")?.changed,
          let path = object(relative), let made = FileStatus(of: path)?.modified
        else { return true }
        return made >= changed
      }
      files.subtract(compiled)
      return files.filter(built).sorted()
    }
  }
}
