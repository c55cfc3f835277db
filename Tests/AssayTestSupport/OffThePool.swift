import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread of Swift's
/// cooperative pool.
///
/// End-to-end tests that build and run whole packages block for many seconds; on a 2-core
/// machine two of them would hold the whole pool, and the asynchronous tests running beside
/// them would starve (their waits time out). Run such work here.
///
/// At most as many bodies run at once as the machine has processors; the others wait for a
/// place, suspended. Each body builds or runs a package with every processor already: started
/// all at once, a dozen of them kept a 2-core machine at a load of 11 for a minute, and the
/// pool's own tasks, queued behind the in-process tests, waited 58 s for a turn (60 s under
/// the load of a busy CI machine, and `ExpectationTests` timed out).
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  await ProcessorPlaces.shared.take()
  let result: Result<T, any Error>
  do {
    result = .success(try await waitOffThePool(body))
  } catch {
    result = .failure(error)
  }
  await ProcessorPlaces.shared.give()
  return try result.get()
}

/// Runs `body`, which only waits (for a pipe, a semaphore, a process's end), on a thread of its
/// own, without taking a processor place as ``offThePool(_:)`` does.
///
/// Queued behind end-to-end tests that hold both places of a 2-core machine for minutes, a
/// test's three short waits took 746 s in a whole run, past its 10-minute limit.
public func waitOffThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws
  -> T
{
  let result: Result<T, any Error> = await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: Result { try body() }) }.start()
  }
  return try result.get()
}
