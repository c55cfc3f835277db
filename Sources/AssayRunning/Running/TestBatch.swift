import AssayResults

/// Tests of one library that one process (or, after a crash or a timeout, several in turn)
/// runs, with the environment they need.
public struct TestBatch: Sendable, Equatable {
  /// Which library runs them.
  public var library: TestIdentifier.Library
  /// The tests (without cases).
  public var tests: [TestIdentifier]
  /// Whether `tests` are all the library's tests: the first process then runs without a
  /// filter, as `swift test` does.
  public var isEverything: Bool
  /// Variables added to the environment, such as `ASSAY_EXAMPLE` for one spec example.
  public var environment: [String: String]

  /// A batch.
  public init(
    library: TestIdentifier.Library, tests: [TestIdentifier], isEverything: Bool = false,
    environment: [String: String] = [:]
  ) {
    self.library = library
    self.tests = tests
    self.isEverything = isEverything
    self.environment = environment
  }

  /// The most bytes of test names one process is given: XCTest takes them as one argument,
  /// which Linux limits to 128 KiB; Swift Testing as arguments of their own, which share
  /// about 2 MiB with the environment. A longer selection runs in several processes in turn.
  static func selectionBudget(_ library: TestIdentifier.Library) -> Int {
    library == .xctest ? 100_000 : 1_000_000
  }

  /// What `test` adds to a selection, in bytes (its regular expression at the most, for
  /// Swift Testing).
  static func selectionCost(_ test: TestIdentifier, library: TestIdentifier.Library) -> Int {
    library == .xctest ? test.testName.utf8.count + 1 : 2 * test.testName.utf8.count + 24
  }

  /// The arguments that select `tests` in the test binary.
  static func selection(_ tests: [TestIdentifier], library: TestIdentifier.Library) -> [String] {
    switch library {
    case .xctest:
      // swift-corelibs-xctest takes one argument: names separated by commas.
      return [tests.map(\.testName).joined(separator: ",")]
    case .swiftTesting:
      // A test's id in Swift Testing is `Target.Suite/name()/File.swift:3:4`.
      return tests.flatMap { ["--filter", "^" + escaped($0.testName) + "(/|$)"] }
    }
  }

  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
