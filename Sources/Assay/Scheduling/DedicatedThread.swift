import Foundation

/// A thread that runs the jobs of the tasks that prefer it, one after another, until it is
/// stopped: the executor of ``OwnThreadTrait``. A job that blocks holds this thread only, never
/// one of the shared threads that every task needs.
///
/// Its state is guarded by one condition lock, hence `@unchecked Sendable`.
final class DedicatedThread: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopping = false

  /// Starts the thread, with the stack of a process's main thread (8 MiB), where XCTest runs
  /// tests: a deeply recursive test has the same room.
  init() {
    let thread = Thread { [self] in run() }
    thread.stackSize = 8 << 20
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Ends the thread once the jobs already enqueued have run.
  func stop() {
    condition.lock()
    stopping = true
    condition.signal()
    condition.unlock()
  }

  /// Whether the calling code runs on a dedicated thread.
  static var isCurrent: Bool { Thread.current.threadDictionary[marker] != nil }

  /// The key of the thread's own dictionary that marks a dedicated thread.
  private static let marker = "Assay.DedicatedThread"

  private func run() {
    Thread.current.threadDictionary[Self.marker] = true
    while true {
      condition.lock()
      while jobs.isEmpty && !stopping { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
