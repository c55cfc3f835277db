/// Names one test, or one test case of a parameterized test, in either test library.
///
/// `AssayTests.BlockingWaitTests/testALateCallbackIsIgnored` is an XCTest test;
/// `WireframeExampleTests.WireframeSpec/example(_:)` with the case `"Wireframe, first screen,
/// shows the login"` is one example of a spec run by Swift Testing.
public struct TestIdentifier: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The test library that runs it.
  public enum Library: String, Codable, Hashable, Sendable {
    case xctest = "XCTest"
    case swiftTesting = "Swift Testing"
  }

  /// The test library that runs it.
  public var library: Library
  /// The test target (module).
  public var target: String
  /// The suite: the `XCTestCase` subclass or the `@Suite` type, nested suites joined with
  /// `/` as Swift Testing names them (`Outer/Inner`); empty for a Swift Testing test declared
  /// at file scope.
  public var suite: String
  /// The test: `testSomething` for XCTest, `something()` for Swift Testing.
  public var test: String
  /// The test case of a parameterized test: its arguments as the stream names them.
  public var testCase: String?

  /// An identifier.
  public init(
    library: Library, target: String, suite: String, test: String, testCase: String? = nil
  ) {
    self.library = library
    self.target = target
    self.suite = suite
    self.test = test
    self.testCase = testCase
  }

  /// `Target.Suite/test` (`Target.test()` at file scope), the name both libraries and
  /// `swift test --filter` use.
  public var testName: String {
    suite.isEmpty ? "\(target).\(test)" : "\(target).\(suite)/\(test)"
  }

  /// The test's name, and its case's in brackets.
  public var description: String {
    testCase.map { "\(testName) [\($0)]" } ?? testName
  }

  /// The same test with the case `testCase`.
  public func with(testCase: String) -> TestIdentifier {
    TestIdentifier(
      library: library, target: target, suite: suite, test: test, testCase: testCase)
  }

  /// The same test without its case.
  public var withoutCase: TestIdentifier {
    TestIdentifier(library: library, target: target, suite: suite, test: test)
  }

  /// Orders by name, then by case.
  public static func < (lhs: TestIdentifier, rhs: TestIdentifier) -> Bool {
    (lhs.testName, lhs.testCase ?? "") < (rhs.testName, rhs.testCase ?? "")
  }
}
