import AssayToolSupport
import Foundation

/// The Swift files of the copy written since a build last compiled them.
///
/// SwiftPM decides what to compile from the files' times and sizes, and a build can succeed
/// without compiling a file that changed: it then links an earlier program. A CI run proved a
/// mutant that does not compile "compiling alone" that way, and reported it not run instead of
/// unviable; another ran a mutant's tests against another mutant's build. A file counts as
/// compiled once its object is at least as recent as the file's last change (its status
/// change time, which no tool sets back, unlike its modification time).
///
/// A file written again as it was when its object was made counts as compiled too, while that
/// object is unchanged: the driver, seeing the same contents, leaves the object as it was,
/// older than the file (each run writes the copy's mutants and switches again; swift-tagged
/// built a third time for it, 2.9 s of a run of 8.4). What each object was made from is kept
/// in the build folder, from one run to the next.
final class ChangedSources: @unchecked Sendable {
  /// What an object was made from: its file's contents (their digest), and the object's
  /// modification time when it was seen newer than the file.
  struct Compiled: Codable, Equatable {
    var digest: UInt64
    var object: Int
  }

  private let lock = NSLock()
  private var files: Set<String> = []
  private var compiled: [String: Compiled]
  /// Where `compiled` is kept, or `nil` to keep it in memory only.
  private let record: String?

  /// The files written since, with what each object was made from read from `record`.
  init(record: String? = nil) {
    self.record = record
    compiled =
      record.flatMap { FileManager.default.contents(atPath: $0) }
      .flatMap { try? JSONDecoder().decode([String: Compiled].self, from: $0) } ?? [:]
  }

  /// Notes that `relative` was written.
  func insert(_ relative: String) {
    lock.withLock { _ = files.insert(relative) }
  }

  /// The files written whose objects are older than their last change and were not made from
  /// their contents; the others are forgotten, as is a file without an object (not compiled
  /// into any module: a file a target excludes). Files that the build did not build stay,
  /// unreported.
  ///
  /// - Parameters:
  ///   - root: The folder the files' paths are relative to.
  ///   - built: Whether the build built the module of a file.
  ///   - object: Where the object of a file lies, or `nil` when it belongs to no module.
  func uncompiled(
    under root: String, built: (String) -> Bool, object: (String) -> String?
  ) -> [String] {
    lock.withLock {
      let before = compiled
      let done = files.filter { relative in
        guard built(relative) else { return false }
        let file = "\(root)/\(relative)"
        guard let changed = FileStatus(of: file)?.changed,
          let path = object(relative), let made = FileStatus(of: path)?.modified
        else { return true }
        let digest = Self.digest(of: file).map { Compiled(digest: $0, object: made) }
        if made >= changed {
          compiled[relative] = digest
          return true
        }
        return digest != nil && compiled[relative] == digest
      }
      files.subtract(done)
      if compiled != before, let record, let data = try? JSONEncoder().encode(compiled) {
        try? AtomicFile.write(data, to: record)
      }
      return files.filter(built).sorted()
    }
  }

  /// A digest of the contents of the file at `path` (64-bit FNV-1a: the same in every
  /// process, unlike `Hasher`), or `nil` when it cannot be read.
  static func digest(of path: String) -> UInt64? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}
