import Foundation

/// A value guarded by a lock, for state that several threads and tasks share.
///
/// `Synchronization.Mutex` needs macOS 15; Assay supports macOS 13, so it keeps its own
/// small wrapper over `NSLock` (a `pthread_mutex` on Linux). Like `Mutex`, it makes a value
/// shareable only if the value itself may cross threads: a lock does not make a non-Sendable
/// closure or an `[Any]` safe to hand to another thread.
package final class Locked<Value> {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

// @unchecked: `value` is only read or written while `lock` is held, and it is Sendable.
extension Locked: @unchecked Sendable where Value: Sendable {}
