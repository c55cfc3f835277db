import Testing

/// A Swift Testing trait that gives each test (and each test case) its own ``SingletonByChoice``
/// shared instance, made fresh by a closure.
///
/// ```swift
/// @Test(.replacingShared(Analytics.self) { Analytics() })
/// func tracksTheLaunch() {
///   App.launch()  // calls Analytics.shared.track("launch")
///   assertEqual(Analytics.shared.events, ["launch"])
/// }
/// ```
///
/// On a suite, it applies to every test of the suite, each with its own instance.
public struct ReplacesSharedInstanceTrait: TestTrait, SuiteTrait, TestScoping {
  private let replace: @Sendable (_ body: @Sendable () async throws -> Void) async throws -> Void

  /// Applies to each test and test case of a suite, not once to the whole suite.
  public var isRecursive: Bool { true }

  init<T: SingletonByChoice>(_ type: T.Type, make: @escaping @Sendable () -> T) {
    replace = { body in try await T.withShared(make(), operation: body) }
  }

  /// Runs the test with a fresh replacement installed.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil || !test.isSuite else { return try await function() }
    try await replace(function)
  }
}

extension Trait where Self == ReplacesSharedInstanceTrait {
  /// Replaces `type`'s shared instance with a fresh one from `make` for each test.
  ///
  /// - Parameters:
  ///   - type: The singleton-by-choice type.
  ///   - make: Makes the instance that `shared` returns during one test.
  public static func replacingShared<T: SingletonByChoice>(
    _ type: T.Type, with make: @escaping @Sendable () -> T
  ) -> Self {
    ReplacesSharedInstanceTrait(type, make: make)
  }
}
