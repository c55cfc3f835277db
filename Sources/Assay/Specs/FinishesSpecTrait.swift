import Testing

/// Runs a spec's pending `afterAll` hooks when its host test ends, even if the runner ran only
/// some of the spec's examples.
///
/// `afterAll` normally runs after the last listed example of its group. A runner that selects
/// test cases (re-running one argument, filtering by test case ID) never runs that example:
///
/// ```swift
/// @Test(.finishesSpec, arguments: examples)
/// func example(_ example: SpecExample) async throws {
///   try await example.run()
/// }
/// ```
///
/// Without the trait, `afterAll` hooks that never ran are reported on standard error when the
/// process exits.
public struct FinishesSpecTrait: TestTrait, TestScoping {
  /// One run of a host test, whose examples' groups it finishes.
  final class Scope: Sendable {}

  /// Wraps the whole test, all its test cases, then runs what they left pending.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase == nil else { return try await function() }
    let scope = Scope()
    do {
      try await PendingAfterAll.$scope.withValue(scope, operation: function)
    } catch {
      await PendingAfterAll.shared.finish(scope: ObjectIdentifier(scope))
      throw error
    }
    await PendingAfterAll.shared.finish(scope: ObjectIdentifier(scope))
  }
}

extension Trait where Self == FinishesSpecTrait {
  /// Runs a spec's pending `afterAll` hooks when its host test ends.
  public static var finishesSpec: Self { FinishesSpecTrait() }
}
