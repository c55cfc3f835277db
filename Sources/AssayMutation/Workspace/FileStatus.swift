import Foundation

/// A file's status as `stat` gives it: its size, inode, and the times of its last
/// modification and status change, in nanoseconds since 1970.
///
/// Any write changes the status change time, which no tool sets back (unlike the
/// modification time).
struct FileStatus: Equatable {
  /// The size in bytes.
  var size: Int
  /// The inode: a file replaced by a rename has another.
  var inode: UInt
  /// The last modification.
  var modified: Int
  /// The last status change.
  var changed: Int

  /// The status of the file at `path`, or `nil` when there is none.
  init?(of path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
    #else
      let (modified, changed) = (info.st_mtim, info.st_ctim)
    #endif
    size = Int(info.st_size)
    inode = UInt(info.st_ino)
    self.modified = modified.tv_sec * 1_000_000_000 + modified.tv_nsec
    self.changed = changed.tv_sec * 1_000_000_000 + changed.tv_nsec
  }
}
