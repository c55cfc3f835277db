import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread of Swift's
/// cooperative pool.
///
/// End-to-end tests that build and run whole packages block for many seconds; on a 2-core
/// machine two of them would hold the whole pool, and the asynchronous tests running beside
/// them would starve (their waits time out). Run such work here.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}
