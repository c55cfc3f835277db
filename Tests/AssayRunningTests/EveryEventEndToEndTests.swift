import AssayResults
import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayRunning

/// Every kind of event Swift Testing writes, from the toolchain itself
/// (Fixtures/ProcessEndFixture, target EveryEventTests), in each version of the event stream
/// it writes: the reader knows every kind, and each test ends as `swift test` says.
@Suite struct EveryEventEndToEndTests {
  static let versions = ["0", "1", "6.3"]

  private func binary() async throws -> TestBinary {
    let root = try await ProcessEndEndToEndTests.fixture.value.get()
    return TestBinary(path: "\(root)/.build/debug/ProcessEndFixturePackageTests.xctest")
  }

  @Test(arguments: versions)
  func theReaderKnowsEveryKindTheStreamHas(version: String) async throws {
    let binary = try await binary()
    let stream = NSTemporaryDirectory() + "every-event-\(UUID().uuidString).jsonl"
    defer { try? FileManager.default.removeItem(atPath: stream) }
    let command = binary.swiftTesting([
      "--filter", "EveryEvent", "--event-stream-output-path", stream,
      "--event-stream-version", version,
    ])
    let (status, output) = Command.capture(command.executable, command.arguments)
    #expect(status == .exited(1), "\(output)")
    var kinds: Set<String> = []
    for line in try String(contentsOfFile: stream, encoding: .utf8).split(separator: "\n") {
      let record = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let payload = record["payload"] as? [String: Any]
      kinds.insert("\(record["kind"] ?? "?"):\(payload?["kind"] ?? "?")")
    }
    #expect(kinds.subtracting(SwiftTestingEvents.kinds).isEmpty)
    // The fixture has one test of each kind: every kind must be there.
    #expect(kinds == SwiftTestingEvents.kinds)
  }

  @Test(arguments: versions)
  func eachTestEndsAsSwiftTestSays(version: String) async throws {
    var runner = TestRunner(binary: try await binary(), testTimeout: 60)
    runner.eventStreamVersion = version
    let tests = [
      "passes()", "fails()", "isSkipped()", "isCancelled()", "recordsAKnownIssue()",
      "recordsAWarning()", "attachesAValue()", "exitsAsExpected()", "exitsOtherwise()",
      "cases(_:)",
    ].map {
      TestIdentifier(
        library: .swiftTesting, target: "EveryEventTests", suite: "EveryEvent", test: $0)
    }
    let results = runner.run(TestBatch(library: .swiftTesting, tests: tests))
    let ends = Dictionary(
      results.map { result in
        (
          result.id.test + (result.id.testCase.map { " " + $0 } ?? ""),
          "\(result.outcome)" + (result.reason.map { ": \($0)" } ?? "")
        )
      }, uniquingKeysWith: { first, _ in first })
    #expect(
      ends == [
        "passes()": "passed", "fails()": "failed", "isSkipped()": "skipped: not today",
        "isCancelled()": "skipped: no longer relevant", "recordsAKnownIssue()": "knownIssue",
        "recordsAWarning()": "passed", "attachesAValue()": "passed",
        "exitsAsExpected()": "passed", "exitsOtherwise()": "failed", "cases(_:) 1": "passed",
        "cases(_:) 2": "skipped: case 2 is cancelled", "cases(_:) 3": "failed",
      ])
    let fails = results.first { $0.id.test == "fails()" }
    #expect(fails?.issues.first?.message.contains("arithmetic") == true)
    let known = results.first { $0.id.test == "recordsAKnownIssue()" }
    #expect(known?.issues.map(\.isKnown) == [true])
    // Versions 0 and 1 leave warnings out of the stream; 6.3 keeps them, and so does the result.
    let warning = results.first { $0.id.test == "recordsAWarning()" }
    #expect(
      warning?.issues.map { "\($0.message), warning: \($0.isWarning)" }
        == (version == "6.3" ? ["only a warning, warning: true"] : []))
  }
}
