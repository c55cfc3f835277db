import Testing

/// A trait that runs each test of a suite alone: while one test that has it runs, every other
/// test that has it waits its turn, whatever suite or file it is in, as XCTest runs tests.
///
/// Swift Testing runs tests side by side, on as many threads as the machine has processors.
/// Tests written for XCTest may count on running alone: a test that starts work which never
/// suspends (a loop over an endless sequence until it is cancelled) and waits for it holds a
/// thread; two such tests at once on a 2-core machine hold every thread, and neither wakes up
/// to cancel its work. `assay migrate xctest` puts this trait on the suites it converts whose
/// tests wait for work they start.
///
/// ```swift
/// @Suite(.oneAtATime)
/// struct StreamTests {
///   @Test func cancellingEndsTheLoop() async throws {
///     // ... starts a task that loops until cancelled, then cancels it
///   }
/// }
/// ```
///
/// Waiting for the turn suspends; it holds no thread. Tests without the trait still run side
/// by side with the one whose turn it is. Turns are taken in the order they are asked for.
public struct OneAtATimeTrait: SuiteTrait, TestTrait, TestScoping {
  /// Applies to every test of the suite and of its nested suites.
  public var isRecursive: Bool { true }

  /// Runs `function` (one test, or one case of a parameterized test) in its turn.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil || !test.isSuite else { return try await function() }
    await Turns.shared.take()
    do {
      try await function()
    } catch {
      await Turns.shared.pass()
      throw error
    }
    await Turns.shared.pass()
  }
}

extension Trait where Self == OneAtATimeTrait {
  /// Runs each test alone among the tests that have this trait, as XCTest runs tests.
  public static var oneAtATime: Self { Self() }
}
