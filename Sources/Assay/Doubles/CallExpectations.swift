import Testing
import XCTest

/// Declares, before the test acts, calls a test double must receive by the time the test ends
/// (Kiwi's `[[mock should] receive:...]`); they are verified when the test ends.
///
/// ```swift
/// @Test(.verifiesCallExpectations) func acceptingAsksToLogIn() {
///   expectCalls(wireframe.calls.showLogin(), .once)
///   expectCalls(wireframe.calls.showSecondScreen(), .never)
///   expectCalls(store.calls.fetch(sortedBy: .any)).willReturn([.appleseed])  // and return
///   presenter.acceptTapped()
/// }  // verified here
/// ```
///
/// In Swift Testing, the test (or its suite) needs the `.verifiesCallExpectations`
/// trait, which verifies them when the test ends. In an `XCTestCase` the same call is the test
/// case's method `XCTestCase.expectCalls(_:_:)`, verified
/// by a teardown block. Anywhere else nothing could verify them, so the call itself fails.
///
/// - Parameters:
///   - calls: The calls: a generated mock's ``MockCall``, or a ``CallPattern``.
///   - count: How many are expected; once, by default; `.never` for "should not receive".
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
/// - Returns: `calls`, to stub their answer: `expectCalls(...).willReturn(value)`.
@discardableResult
public func expectCalls<Calls: CallMatching>(
  _ calls: Calls,
  _ count: CallCount = .once,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Calls {
  let expectation = CallExpectation(
    calls, count, fileID: fileID, filePath: filePath, line: line, column: column)
  if let scope = CallExpectations.current {
    scope.add(expectation)
  } else {
    FailureMessage(
      assertion: "expectCalls",
      summary: "nothing would verify \(calls.callPattern) when the test ends: give the test or "
        + "its suite the .verifiesCallExpectations trait, or call it in an XCTestCase"
    )
    .record({ "" }, at: expectation.site)
  }
  return calls
}

extension XCTestCase {
  /// Declares, before the test acts, calls a test double must receive by the time the test
  /// ends; a teardown block verifies them.
  ///
  /// The `XCTestCase` form of ``expectCalls(_:_:fileID:filePath:line:column:)``: inside a test
  /// method the same call lands here.
  ///
  /// - Parameters:
  ///   - calls: The calls: a generated mock's ``MockCall``, or a ``CallPattern``.
  ///   - count: How many are expected; once, by default; `.never` for "should not receive".
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  /// - Returns: `calls`, to stub their answer: `expectCalls(...).willReturn(value)`.
  @discardableResult
  public func expectCalls<Calls: CallMatching>(
    _ calls: Calls,
    _ count: CallCount = .once,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Calls {
    let expectation = CallExpectation(
      calls, count, fileID: fileID, filePath: filePath, line: line, column: column)
    addTeardownBlock { expectation.verify() }
    return calls
  }
}

/// A trait that verifies, when each test ends, the calls it declared with
/// ``expectCalls(_:_:fileID:filePath:line:column:)``.
///
/// Give it to a test or to a suite (it applies to every test inside):
///
/// ```swift
/// @Suite(.verifiesCallExpectations) struct WireframeTests { ... }
/// ```
public struct VerifiesCallExpectationsTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite it is given to.
  public var isRecursive: Bool { true }

  /// Runs `function` with a fresh set of expectations, then verifies them.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let scope = CallExpectations()
    try await CallExpectations.$current.withValue(scope) {
      try await function()
    }
    scope.verifyAll()
  }
}

extension Trait where Self == VerifiesCallExpectationsTrait {
  /// Verifies, when each test ends, the calls it declared with
  /// ``expectCalls(_:_:fileID:filePath:line:column:)``.
  public static var verifiesCallExpectations: Self { Self() }
}

/// One declared expectation: which calls, how many, and where it was declared.
struct CallExpectation: @unchecked Sendable {
  // @unchecked: the pattern's matchers are read-only closures made by the test.
  let check: CountCheck
  let site: CallSite

  init(
    _ calls: some CallMatching, _ count: CallCount, fileID: String, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    check = CountCheck(pattern: calls.callPattern, count: count)
    site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a failure at the declaration if the count is wrong.
  func verify() {
    check.failure(within: nil, assertion: "expectCalls")?.record({ "" }, at: site)
  }
}

/// The expectations a running Swift Testing test declared.
final class CallExpectations: Sendable {
  @TaskLocal static var current: CallExpectations?

  private let expectations = Locked<[CallExpectation]>([])

  func add(_ expectation: CallExpectation) {
    expectations.withLock { $0.append(expectation) }
  }

  func verifyAll() {
    for expectation in expectations.withLock({ $0 }) {
      expectation.verify()
    }
  }
}
