import Testing

/// A trait that runs a suite's set-up once before its first test and its tear-down once after
/// its last: Swift Testing's form of XCTest's `class func setUp()` and `class func tearDown()`.
///
/// ```swift
/// @Suite(.aroundSuite(setUp: { ServerTests.start() }, tearDown: { ServerTests.stop() }))
/// struct ServerTests {
///   static func start() { ... }
///   static func stop() { ... }
///   @Test func answers() async throws { ... }
/// }
/// ```
///
/// The tear-down runs even when tests failed, or when running them threw. When the set-up
/// throws, the suite's tests do not run and Swift Testing records the error.
public struct AroundSuiteTrait: SuiteTrait, TestScoping {
  let setUp: @Sendable () async throws -> Void
  let tearDown: @Sendable () async throws -> Void

  /// Runs once around the whole suite, not around each test.
  public var isRecursive: Bool { false }

  /// Runs the set-up, then `function` (the suite's tests), then the tear-down.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await setUp()
    do {
      try await function()
    } catch {
      try await tearDown()
      throw error
    }
    try await tearDown()
  }
}

extension Trait where Self == AroundSuiteTrait {
  /// Runs `setUp` once before the suite's first test and `tearDown` once after its last.
  ///
  /// - Parameters:
  ///   - setUp: What to do before the suite's tests; nothing, by default.
  ///   - tearDown: What to do after them; nothing, by default.
  /// - Returns: The trait, for `@Suite(...)`.
  public static func aroundSuite(
    setUp: @escaping @Sendable () async throws -> Void = {},
    tearDown: @escaping @Sendable () async throws -> Void = {}
  ) -> Self {
    Self(setUp: setUp, tearDown: tearDown)
  }
}
