import Foundation

/// Keeps the outcomes of a run in its ``ResultCache`` as they come, not only at the end, so
/// that a run stopped halfway (Ctrl-C, a CI job's time limit, a session's end) does not lose
/// what it learned: the next run reuses every outcome that is final. Only a detected mutant's
/// outcome is final as it comes; a survivor may yet be killed by the other tests that enter its
/// function, and is kept at the end.
final class OutcomeKeeper: @unchecked Sendable {
  private let lock = NSLock()
  private var cache: ResultCache
  private let keys: [Int: String]
  private let interval: TimeInterval
  private var saved = Date()

  /// Keeps outcomes in `cache` under `keys` (a mutant's id to its key), writing the cache at
  /// most once every `interval` seconds.
  init(_ cache: ResultCache, keys: [Int: String], interval: TimeInterval) {
    self.cache = cache
    self.keys = keys
    self.interval = interval
  }

  /// Keeps `mutant`'s outcome when it is final, and writes the cache when it is due.
  func keep(_ mutant: Mutant) {
    guard mutant.status.isDetected, let key = keys[mutant.id] else { return }
    lock.withLock {
      cache.add([key: ResultCache.Entry(status: mutant.status, killedBy: mutant.killedBy)])
      if Date().timeIntervalSince(saved) >= interval {
        cache.save()
        saved = Date()
      }
    }
  }

  /// The cache with every outcome kept.
  var kept: ResultCache { lock.withLock { cache } }
}
