import Foundation

/// What each file of the copy holds as the run left it, so that what its tests wrote there can
/// be put back before the next build.
///
/// A test may write the copy's sources as it runs: an inline snapshot that fails records what
/// it saw into its own file, by `#filePath`, which names the copy. A file counts as the run
/// left it while its status (size, times, inode) is the one noted when the run wrote or read
/// it: any write changes its status change time, which no tool sets back.
final class CopyLedger: @unchecked Sendable {
  private let lock = NSLock()
  private var statuses: [String: FileStatus] = [:]
  private var written: [String: Data] = [:]

  /// Notes that the file `relative`, at `path`, holds what the run wants there; `data` when
  /// the run wrote it itself (a mutated file, a switch), not from the package.
  func note(_ relative: String, at path: String, written data: Data? = nil) {
    let status = FileStatus(of: path)
    lock.withLock {
      statuses[relative] = status
      if let data { written[relative] = data }
    }
  }

  /// Whether the file `relative`, at `path`, is as the run left it.
  func isIntact(_ relative: String, at path: String) -> Bool {
    guard let status = FileStatus(of: path) else { return false }
    return lock.withLock { statuses[relative] == status }
  }

  /// What the run wrote itself to `relative`, or `nil` when the file comes from the package.
  func written(_ relative: String) -> Data? {
    lock.withLock { written[relative] }
  }

  /// The files the run wrote itself.
  var writtenFiles: [String] {
    lock.withLock { Array(written.keys) }
  }

  /// Forgets `relative`, removed from the copy.
  func forget(_ relative: String) {
    lock.withLock {
      statuses[relative] = nil
      written[relative] = nil
    }
  }

  /// Forgets what the run wrote itself: a new run starts from the package.
  func forgetWrites() {
    lock.withLock { written = [:] }
  }
}
