import AssayResults
import AssayToolSupport
import Foundation

/// Every test of a built package, in both test libraries, with where each is declared.
///
/// Swift Testing lists its tests with their lines (`--list-tests` with the event stream);
/// XCTest lists names only (`--list-tests`), so XCTest tests get their lines from the test
/// targets' sources, read with ``TestSource``.
public struct TestInventory: Sendable {
  /// The longest listing the tests may take, in seconds: a binary whose static initializers
  /// hang is killed, and the listing fails saying so.
  public static let listingDeadline = 300.0

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
  /// Whether the binary listed its XCTest tests; when not, they were read from the sources
  /// and can only run all together (the binary takes no test names).
  public var xctestListed: Bool
  /// The XCTest tests in the order the binary lists them, which is the order XCTest runs
  /// them in: its output names neither module nor target, and two targets may each have a
  /// test of the same `Class.test`.
  public var xctestRunOrder: [TestIdentifier]

  /// An inventory of `tests`; `xctestRunOrder` is the XCTest tests' listing order (by
  /// default, their order by name).
  public init(tests: [Test], xctestListed: Bool = true, xctestRunOrder: [TestIdentifier]? = nil) {
    self.tests = tests.sorted { $0.id < $1.id }
    self.xctestListed = xctestListed
    self.xctestRunOrder =
      xctestRunOrder ?? self.tests.map(\.id).filter { $0.library == .xctest }
  }

  /// Lists the tests of `binary`; `sources` are the test targets' files, for XCTest's lines.
  ///
  /// - Parameter deadline: The longest each library's listing may take, in seconds.
  /// - Throws: ``RunError`` when the binary cannot list its tests, or does not within
  ///   `deadline`.
  public static func list(
    _ binary: TestBinary, sources: [TestSource], deadline: Double = listingDeadline
  ) throws(RunError) -> TestInventory {
    var tests = try swiftTestingTests(binary, deadline: deadline)
    let xctest = binary.xctest(["--list-tests"])
    let (status, output) = Command.capture(
      xctest.executable, xctest.arguments, deadline: deadline,
      directory: binary.workingDirectory)
    if Command.wasKilled(at: deadline, status, output) {
      throw hung(binary, library: "XCTest", deadline: deadline)
    }
    var methods: [String: SourceLocation] = [:]
    var declared: [Test] = []
    for source in sources {
      for function in source.functions
      where function.baseName.hasPrefix("test") && function.name.hasSuffix("()") {
        guard let type = function.types.last else { continue }
        let location = SourceLocation(file: source.path, line: function.declarationLine)
        methods["\(type)/\(function.baseName)"] = location
        if let target = source.target, source.xctestCases.contains(type) {
          declared.append(
            Test(
              id: TestIdentifier(
                library: .xctest, target: target, suite: type, test: function.baseName),
              location: location))
        }
      }
    }
    guard status == .exited(0) else {
      // A binary with its own `main` (LinuxMain.swift handing the arguments to another test
      // framework) cannot list: take the XCTestCase methods from the sources; they run with
      // no arguments, as `swift test` runs them.
      return TestInventory(
        tests: tests + declared, xctestListed: false, xctestRunOrder: declared.map(\.id))
    }
    var runOrder: [TestIdentifier] = []
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
      runOrder.append(id)
    }
    return TestInventory(tests: tests, xctestRunOrder: runOrder)
  }

  /// The parameterized tests that host an Assay spec (`@Test(arguments: examples)` in a type
  /// that conforms to `Spec`).
  public func specHosts(sources: [TestSource]) -> [TestIdentifier] {
    let specs = Set(sources.flatMap(\.specTypes))
    return tests.filter {
      $0.isParameterized && $0.id.library == .swiftTesting && specs.contains($0.id.suite)
    }.map(\.id)
  }

  /// The parameterized tests that take an Assay contract's checks.
  public func contractHosts(sources: [TestSource]) -> [TestIdentifier] {
    let hosts = Set(
      sources.flatMap(\.functions).filter(\.hostsContract).map {
        "\($0.types.joined(separator: "/"))/\($0.name)"
      })
    return tests.filter {
      $0.isParameterized && $0.id.library == .swiftTesting
        && hosts.contains("\($0.id.suite)/\($0.id.test)")
    }.map(\.id)
  }

  /// The cases of each spec and contract host, listed by Assay itself
  /// (`ASSAY_LIST_EXAMPLES`): nothing runs. Specs name themselves, so they are listed in one
  /// process; each contract host in a process of its own.
  public static func listedCases(
    specs: [TestIdentifier], contracts: [TestIdentifier], binary: TestBinary, scratch: String
  ) -> [TestIdentifier: [String]] {
    var cases: [TestIdentifier: [String]] = [:]
    let specLines = listing(specs, binary: binary, scratch: scratch)
    for host in specs {
      let names = SpecNames.lines(specLines, for: SpecNames.specName(of: host))
      if !names.isEmpty { cases[host] = names }
    }
    for host in contracts {
      let names = SpecNames.lines(
        listing([host], binary: binary, scratch: scratch), for: SpecNames.contract)
      if !names.isEmpty { cases[host] = names }
    }
    return cases
  }

  private static func listing(_ hosts: [TestIdentifier], binary: TestBinary, scratch: String)
    -> String
  {
    guard !hosts.isEmpty else { return "" }
    let path = "\(scratch)/cases-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let command = binary.swiftTesting(TestBatch.selection(hosts, library: .swiftTesting))
    guard
      let process = try? ChildProcess(
        executable: command.executable, arguments: command.arguments,
        environment: ["ASSAY_LIST_EXAMPLES": path], directory: binary.workingDirectory)
    else { return "" }
    let started = Date()
    _ = process.run(
      line: { _ in },
      tick: {
        if Date().timeIntervalSince(started) > listingDeadline { process.killGroup() }
      })
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  private static func hung(_ binary: TestBinary, library: String, deadline: Double) -> RunError {
    RunError(
      "\(binary.path) did not list its \(library) tests within \(Int(deadline)) s: it was "
        + "killed (a static initializer or the test library's set-up that hangs?)")
  }

  private static func swiftTestingTests(_ binary: TestBinary, deadline: Double) throws(RunError)
    -> [Test]
  {
    let stream = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-list-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: stream) }
    let command = binary.swiftTesting([
      "--list-tests", "--event-stream-output-path", stream, "--event-stream-version", "1",
    ])
    let (status, output) = Command.capture(
      command.executable, command.arguments, deadline: deadline,
      directory: binary.workingDirectory)
    if Command.wasKilled(at: deadline, status, output) {
      throw hung(binary, library: "Swift Testing", deadline: deadline)
    }
    // 69 (EX_UNAVAILABLE): no Swift Testing tests. A test binary with its own `main` (a
    // package that runs another framework from XCTest) does not know the option: none either.
    if status == .exited(69) || output.contains("Unexpected option: --testing-library") {
      return []
    }
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
