import Testing

/// A trait that runs each test on a thread of its own, which the test may block, as XCTest
/// runs every test on a thread it may block.
///
/// Swift Testing runs tests on the threads that all tasks share, as many as the machine has
/// processors. A test that blocks its thread until work finishes (a future's `wait()`, a
/// semaphore's) holds one of them; when every one is held so, work that needs a shared thread
/// to finish (a task, or a future completed by one) never runs, and the tests hang. On a
/// 2-core machine two such tests at once are enough: vapor/fluent-kit's tests wait on futures
/// that its library completes from tasks. `assay migrate xctest` puts this trait on the
/// suites it converts whose tests block so.
///
/// ```swift
/// @Suite(.onItsOwnThread)
/// struct QueryTests {
///   @Test func firstRow() throws {
///     // ... `try query.first().wait()`, a future that a task completes
///   }
/// }
/// ```
///
/// The test, synchronous or asynchronous, runs on its thread from start to end. Tasks it
/// starts with `Task { }` run on the shared threads, as usual; the child tasks of its task
/// groups and `async let`s prefer its thread too, and take turns on it. Tests still run side
/// by side: add ``OneAtATimeTrait`` for a test that must also run alone.
public struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
  /// Applies to every test of the suite and of its nested suites.
  public var isRecursive: Bool { true }

  /// Runs `function` (one test, or one case of a parameterized test) on a new thread.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil || !test.isSuite else { return try await function() }
    let thread = DedicatedThread()
    defer { thread.stop() }
    try await withTaskExecutorPreference(thread) { try await function() }
  }
}

extension Trait where Self == OwnThreadTrait {
  /// Runs each test on a thread of its own, which it may block, as XCTest runs tests.
  public static var onItsOwnThread: Self { Self() }
}
