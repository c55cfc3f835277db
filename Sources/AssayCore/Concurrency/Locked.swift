import Foundation

/// A value guarded by a lock, for state that several threads and tasks share.
///
/// `Synchronization.Mutex` needs macOS 15; Assay supports macOS 13, so it keeps its own
/// small wrapper over `NSLock` (a `pthread_mutex` on Linux). Like `Mutex`, it makes a value
/// shareable only if the value itself may cross threads: a lock does not make a non-Sendable
/// closure or an `[Any]` safe to hand to another thread.
///
/// The value lives behind a pointer rather than in a stored `var`: the lock already makes
/// every access exclusive, and a class's `var` would also pay for the runtime's exclusivity
/// check on each access (measured on a mock's call, `docs/benchmarks.md`).
package final class Locked<Value> {
  private let lock = NSLock()
  private let value: UnsafeMutablePointer<Value>

  package init(_ value: Value) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
  }

  deinit {
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value.pointee)
  }

  /// Runs `body` with exclusive access to the value and ownership of `item`, which it can
  /// store without a copy (a call a double appends to its log).
  package func withLock<Item, Result>(
    taking item: consuming Item, _ body: (inout Value, consuming Item) -> Result
  ) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value.pointee, item)
  }
}

// @unchecked: `value` is only read or written while `lock` is held, and it is Sendable.
extension Locked: @unchecked Sendable where Value: Sendable {}
