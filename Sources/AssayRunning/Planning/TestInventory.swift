import AssayResults
import Foundation

/// Every test of a built package, in both test libraries, with where each is declared.
///
/// Swift Testing lists its tests with their lines (`--list-tests` with the event stream);
/// XCTest lists names only (`--list-tests`), so XCTest tests get their lines from the test
/// targets' sources, read with ``TestSource``.
public struct TestInventory: Sendable {
  /// One test function (a parameterized test is one, its cases are found when it runs).
  public struct Test: Sendable, Equatable {
    /// The test.
    public var id: TestIdentifier
    /// Where it is declared, when known.
    public var location: SourceLocation?
    /// Whether it runs once per argument (spec examples, contract checks).
    public var isParameterized: Bool

    /// A test.
    public init(id: TestIdentifier, location: SourceLocation? = nil, isParameterized: Bool = false)
    {
      self.id = id
      self.location = location
      self.isParameterized = isParameterized
    }
  }

  /// The tests, sorted by name.
  public var tests: [Test]

  /// An inventory of `tests`.
  public init(tests: [Test]) {
    self.tests = tests.sorted { $0.id < $1.id }
  }

  /// The target of each `XCTestCase` class, for reading XCTest's output.
  public var xctestTargets: [String: String] {
    Dictionary(
      tests.filter { $0.id.library == .xctest }.map { ($0.id.suite, $0.id.target) },
      uniquingKeysWith: { first, _ in first })
  }

  /// Lists the tests of `binary`; `sources` are the test targets' files, for XCTest's lines.
  ///
  /// - Throws: ``RunError`` when the binary cannot list its tests.
  public static func list(_ binary: TestBinary, sources: [TestSource]) throws(RunError)
    -> TestInventory
  {
    var tests = try swiftTestingTests(binary)
    let xctest = binary.xctest(["--list-tests"])
    let (status, output) = Command.capture(xctest.executable, xctest.arguments)
    guard status == .exited(0) else {
      throw RunError("\(binary.path) --list-tests failed (\(status)):\n\(output.suffix(1000))")
    }
    var methods: [String: SourceLocation] = [:]
    for source in sources {
      for function in source.functions where function.baseName.hasPrefix("test") {
        guard let type = function.types.last else { continue }
        methods["\(type)/\(function.baseName)"] = SourceLocation(
          file: source.path, line: function.declarationLine)
      }
    }
    for line in output.split(separator: "\n") {
      // `Module.Class/testName`; the header and Swift Testing's names (with "(") are not.
      guard let slash = line.firstIndex(of: "/"), !line.contains("("), !line.contains(" "),
        let dot = line[..<slash].firstIndex(of: ".")
      else { continue }
      let suite = String(line[line.index(after: dot)..<slash])
      let test = String(line[line.index(after: slash)...])
      let id = TestIdentifier(
        library: .xctest, target: String(line[..<dot]), suite: suite, test: test)
      tests.append(Test(id: id, location: methods["\(suite)/\(test)"]))
    }
    return TestInventory(tests: tests)
  }

  private static func swiftTestingTests(_ binary: TestBinary) throws(RunError) -> [Test] {
    let stream = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-list-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: stream) }
    let command = binary.swiftTesting([
      "--list-tests", "--event-stream-output-path", stream, "--event-stream-version", "1",
    ])
    let (status, output) = Command.capture(command.executable, command.arguments)
    guard status == .exited(0) else {
      throw RunError(
        "\(binary.path) --list-tests (Swift Testing) failed (\(status)):\n\(output.suffix(1000))")
    }
    var reader = SwiftTestingEvents()
    var tests: [Test] = []
    let text = (try? String(contentsOfFile: stream, encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n") {
      for case .declared(let id, let location, let isParameterized) in reader.read(line) {
        tests.append(Test(id: id, location: location, isParameterized: isParameterized))
      }
    }
    return tests
  }
}
