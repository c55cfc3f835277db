import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing a file in one step, as every tool writes: a reader (or a crash) sees the old
/// contents or the new, never half of them.
///
/// Foundation's atomic write replaces a symbolic link with a regular file and gives the new
/// file the default permissions: written over a user's file that is a link, it would cut the
/// link, and a file readable only by its owner would become readable by all. Here the new
/// contents go where the link leads (the link stays), and the file keeps its permissions.
public enum AtomicFile {
  /// Writes `data` to `path`, following symbolic links, keeping the file's permissions.
  ///
  /// Once an interruption's undo has started (``Interruption/undoing(_:_:)``), only the undo
  /// writes: any other write waits for the process to end.
  ///
  /// - Throws: ``RunError`` naming `path` when it cannot be written; the file is then as it
  ///   was.
  public static func write(_ data: Data, to path: String) throws(RunError) {
    Interruption.writes.lock()
    defer { Interruption.writes.unlock() }
    let target = followingLinks(path)
    let folder = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    var existing = stat()
    let exists = stat(target, &existing) == 0
    let temporary = "\(folder.isEmpty ? "." : folder)/.\(name).assay-\(UUID().uuidString)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw RunError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    var reason: String?
    do {
      try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: data)
      if exists, fchmod(descriptor, existing.st_mode & 0o7777) != 0 {
        reason = String(cString: strerror(errno))
      } else if fsync(descriptor) != 0 {
        reason = String(cString: strerror(errno))
      }
    } catch {
      reason = error.localizedDescription
    }
    close(descriptor)
    if reason == nil, rename(temporary, target) != 0 {
      reason = String(cString: strerror(errno))
    }
    if let reason {
      unlink(temporary)
      throw RunError("cannot write \(path): \(reason)")
    }
  }

  /// Removes the file at `path` (the link itself, when it is a symbolic link), under the same
  /// lock as ``write(_:to:)``.
  ///
  /// - Throws: ``RunError`` naming `path` when it cannot be removed.
  public static func remove(_ path: String) throws(RunError) {
    Interruption.writes.lock()
    defer { Interruption.writes.unlock() }
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch {
      throw RunError("cannot remove \(path): \(error.localizedDescription)")
    }
  }

  /// The file a chain of symbolic links at `path` leads to (`path` itself when it is none);
  /// a link that leads nowhere names the file to create.
  public static func followingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { return current }
      current =
        destination.hasPrefix("/")
        ? destination
        : ((current as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(destination)
    }
    return current
  }
}
