import Foundation

/// Keeps the outcomes of a run in its ``ResultCache`` as they come, not only at the end, so
/// that a run stopped halfway (Ctrl-C, a CI job's time limit, a session's end) does not lose
/// what it learned: the next run reuses every outcome that is final. A detected mutant's
/// outcome is final as it comes; a survivor's is final once no other test is left to run for
/// it (the other tests that enter its function may yet kill it).
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

  /// Keeps `mutant`'s outcome when it is detected, final whatever comes next, and writes the
  /// cache when it is due.
  func keep(_ mutant: Mutant) {
    keep(mutant, final: mutant.status.isDetected)
  }

  /// Keeps `mutant`'s outcome when it is `final` (no other test is left to run for it), and
  /// writes the cache when it is due.
  func keep(_ mutant: Mutant, final: Bool) {
    guard final, let key = keys[mutant.id] else { return }
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
