import Foundation

/// Blocks the current thread until woken, servicing the main run loop (and with it the main
/// queue) while it waits on the main thread.
///
/// Synchronous waits use it. A plain semaphore on the main thread would deadlock code under
/// test that finishes its work with `DispatchQueue.main.async`, as delegate callbacks do.
final class ThreadWakeUp: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let waitsOnMainThread = Thread.isMainThread

  /// Wakes the waiting thread; call it from any thread.
  func wake() {
    semaphore.signal()
    if waitsOnMainThread {
      // A main-queue block makes the main run loop return from `run(mode:before:)`.
      DispatchQueue.main.async {}
    }
  }

  /// Waits until `isDone` returns `true`, re-checking it each time the thread is woken.
  func wait(until isDone: () -> Bool) {
    while !isDone() {
      if !waitsOnMainThread || !RunLoop.current.run(mode: .default, before: .distantFuture) {
        semaphore.wait()
      }
    }
  }

  /// Waits until `deadline` or until woken, whichever comes first.
  func wait(until deadline: ContinuousClock.Instant) {
    let remaining = ContinuousClock.now.duration(to: deadline)
    guard remaining > .zero else { return }
    if waitsOnMainThread {
      let date = Date(timeIntervalSinceNow: remaining.seconds)
      if RunLoop.current.run(mode: .default, before: date) {
        return
      }
    }
    _ = semaphore.wait(timeout: .now() + remaining.dispatchInterval)
  }
}
