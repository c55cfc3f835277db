import AssayToolSupport
import Foundation

/// Keeps the outcomes of a run in its ``ResultCache`` as they come, not only at the end, so
/// that a run stopped halfway (Ctrl-C, a CI job's time limit, a session's end) does not lose
/// what it learned: the next run reuses every outcome that is final. A detected mutant's
/// outcome is final as it comes; a survivor's is final once no other test is left to run for
/// it (the other tests that enter its function may yet kill it).
///
/// Once the process is interrupted, nothing more is kept: the interruption stops the test
/// processes, and a mutant whose tests were stopped so would be called crashed.
/// ``keepAll()`` writes what was kept before.
final class OutcomeKeeper: @unchecked Sendable {
  /// Guards `cache`, `mutants` and `saved`; never held while the cache is written.
  private let lock = NSLock()
  /// Held while the cache is written by ``keep(_:final:)``, so that one write at a time takes
  /// the newest outcomes.
  private let writing = NSLock()
  private var cache: ResultCache
  private var mutants: [Mutant] = []
  private let keys: CacheKeys
  private let interval: TimeInterval
  private var saved = Date()

  /// Keeps outcomes in `cache` under `keys`, writing the cache at most once every `interval`
  /// seconds.
  init(_ cache: ResultCache, keys: CacheKeys, interval: TimeInterval) {
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
    guard final, let key = keys.key(for: mutant), Interruption.signalReceived == nil else {
      return
    }
    let due = lock.withLock {
      cache.add([key: ResultCache.Entry(status: mutant.status, killedBy: mutant.killedBy)])
      mutants.append(mutant)
      guard Date().timeIntervalSince(saved) >= interval else { return false }
      saved = Date()
      return true
    }
    guard due else { return }
    writing.withLock { lock.withLock { cache }.save() }
  }

  /// Writes every outcome kept so far, at once: what an interrupted run does before it ends.
  ///
  /// - Returns: The mutants whose outcomes this run kept, in the order they came.
  @discardableResult func keepAll() -> [Mutant] {
    let (cache, mutants) = lock.withLock { (self.cache, self.mutants) }
    cache.save()
    return mutants
  }

  /// The cache with every outcome kept.
  var kept: ResultCache { lock.withLock { cache } }
}
