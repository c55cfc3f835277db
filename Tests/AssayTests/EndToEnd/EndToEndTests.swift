import Assay
import AssayTestSupport
import Foundation
import Testing

/// Proves the real routing: runs the fixture tests of `RoutingFixtures.swift` in a child
/// process of this very test binary and reads what each framework printed.
///
/// (On macOS the test bundle runs inside `xctest` or `swiftpm-testing-helper`:
/// `TestProcess` starts it there.)
@Suite(.disabled(if: RoutingFixture.isRunning))
struct EndToEndTests {
  @Test func xcTestRecordsAssayFailuresAtTheCallersLine() async throws {
    let run = try await FixtureRun.of(["AssayTests.RoutingFixtureXCTests"])
    #expect(run.exitCode == 1)
    try run.expectXCTestFailure(
      "testAssertEqualFails",
      "failed - assertEqual failed: 1 is not equal to 2 - xctest fixture",
      at: #"assertEqual(1, 2, "xctest fixture")"#
    )
    try run.expectXCTestFailure(
      "testUnwrapEndsTheTest",
      #"XCTUnwrap failed: expected non-nil value of type "Int" - xctest fixture"#,
      at: #"try unwrap(Int?.none, "xctest fixture")"#
    )
    try run.expectXCTestFailure(
      "testFailFromAnotherThread",
      "failed - from another thread",
      at: #"fail("from another thread")"#
    )
    try run.expectXCTestFailure(
      "testExpectedCallNeverCame",
      """
      failed - expectCalls failed: expected MockPeopleStore.save("John") to be called once, \
      but it was called 0 times
      """,
      at: #"expectCalls(CallPattern(store.calls, "save(_:)", .equal("John")))"#
    )
    #expect(!run.output.contains("unreachable after unwrap"))
    #expect(run.output.contains("Executed 4 tests, with 4 failures"))
    // What XCTest recorded is not said again as a failure outside the tests.
    #expect(
      run.failuresOutsideTests == [
        "outside any test",
        "unwrap failed: expected a non-nil value of type Int - unwrapped outside any test",
      ], "\(run.output)")
  }

  /// The first failure of a process, inside an `XCTestCase`, goes to XCTest like the others.
  @Test func theFirstFailureOfAProcessGoesToXCTest() async throws {
    let run = try await FixtureRun.of(["AssayTests.FirstFailureFixtureXCTests"])
    #expect(run.exitCode == 1)
    let line = try run.line(of: #"assertEqual(1, 2, "first of the process")"#)
    #expect(
      run.output.contains(
        "RoutingFixtures.swift:\(line): error: FirstFailureFixtureXCTests."
          + "testTheFirstFailureOfTheProcess : failed - assertEqual failed: 1 is not equal to 2 - "
          + "first of the process"), "\(run.output)")
    #expect(run.failuresOutsideTests.isEmpty, "\(run.output)")
  }

  @Test func failureOutsideAnyTestGoesToStandardError() async throws {
    let run = try await FixtureRun.of(["AssayTests.RoutingFixtureXCTests"])
    for (code, message) in [
      (#"fail("outside any test")"#, "outside any test"),
      (
        #"_ = try? unwrap(Int?.none, "unwrapped outside any test")"#,
        "unwrap failed: expected a non-nil value of type Int - unwrapped outside any test"
      ),
    ] {
      let line = try run.line(of: code)
      #expect(
        run.output.contains(
          "RoutingFixtures.swift:\(line): error: Assay failure outside of a running test: "
            + message
        ), "\(run.output)"
      )
    }
  }

  @Test func swiftTestingRecordsAssayFailuresAtTheCallersLine() async throws {
    let run = try await FixtureRun.of([
      "--testing-library", "swift-testing", "--filter", "RoutingFixtures",
    ])
    #expect(run.exitCode == 1)
    try run.expectIssue(
      "assertEqualFails()",
      "assertEqual failed: 1 is not equal to 2 - swift testing fixture",
      at: #"assertEqual(1, 2, "swift testing fixture")"#
    )
    try run.expectIssue(
      "unwrapEndsTheTest()",
      "unwrap failed: expected a non-nil value of type Int - first person",
      at: #"try unwrap(Int?.none, "first person")"#
    )
    try run.expectIssue(
      "awaitCallbackTimeoutEndsTheTest()",
      "awaitCallback failed: the callback was not called within 20 ms",
      at: "_ = try await awaitCallback(timeout: .milliseconds(20))"
    )
    try run.expectIssue(
      "awaitFirstElementTimeoutEndsTheTest()",
      "awaitFirstElement failed: no element within 20 ms",
      at: "_ = try await awaitFirstElement(of: changes, timeout: .milliseconds(20))"
    )
    try run.expectIssue(
      "awaitFirstElementOfAnEmptySequenceEndsTheTest()",
      "awaitFirstElement failed: the sequence finished without an element",
      at: "_ = try await awaitFirstElement(of: changes, timeout: .seconds(600))"
    )
    for call in ["unwrap", "awaitCallback", "awaitFirstElement"] {
      #expect(!run.output.contains("unreachable after \(call)"))
    }
    // Only the detached task's failure, which no test owns, is said outside the tests.
    #expect(run.failuresOutsideTests == ["from a detached task"], "\(run.output)")
    // Each test that `unwrap` or a bridge ended recorded its one failure, not a second one
    // for the cancellation.
    for test in [
      "unwrapEndsTheTest()", "awaitCallbackTimeoutEndsTheTest()",
      "awaitFirstElementTimeoutEndsTheTest()", "awaitFirstElementOfAnEmptySequenceEndsTheTest()",
    ] {
      run.expectTestFailed(test, issues: 1)
    }
  }

  @Test func anExpectedCallThatNeverCameFailsWhenTheTestEnds() async throws {
    let run = try await FixtureRun.of([
      "--testing-library", "swift-testing", "--filter", "RoutingFixtures",
    ])
    try run.expectIssue(
      "expectedCallNeverCame()",
      """
      expectCalls failed: expected MockPeopleStore.save("Ada") to be called once, but it was \
      called 0 times
      """,
      at: #"expectCalls(CallPattern(store.calls, "save(_:)", .equal("Ada")))"#
    )
    #expect(run.output.contains("Test expectedCallNeverCame() failed after"))
    #expect(!run.output.contains(#"MockPeopleStore.save("Jane") to be called"#))
  }

  /// Given to a suite, the trait reaches each test: its expectations are verified when it
  /// ends, as that test's failure.
  @Test func aSuitesCallExpectationsAreVerifiedForEachOfItsTests() async throws {
    let run = try await FixtureRun.of([
      "--testing-library", "swift-testing", "--filter", "CallExpectationSuiteFixtures",
    ])
    try run.expectIssue(
      "expectedCallNeverCameInASuite()",
      """
      expectCalls failed: expected MockPeopleStore.save("Grace") to be called once, but it \
      was called 0 times
      """,
      at: #"expectCalls(CallPattern(store.calls, "save(_:)", .equal("Grace")))"#
    )
    run.expectTestFailed("expectedCallNeverCameInASuite()", issues: 1)
    #expect(run.output.contains("Test expectedCallCameInASuite() passed after"), "\(run.output)")
  }

  @Test func failureInDetachedTaskReachesTheSwiftTestingRun() async throws {
    let run = try await FixtureRun.of([
      "--testing-library", "swift-testing", "--filter", "RoutingFixtures",
    ])
    let line = try run.line(of: #"fail("from a detached task")"#)
    #expect(run.output.contains("recorded an issue at RoutingFixtures.swift:\(line):"))
    #expect(run.output.contains("↳ from a detached task"))
    #expect(
      run.output.contains("error: Assay failure outside of a running test: from a detached task"))
  }

  @Test func everySpecExampleIsItsOwnNamedTestCase() async throws {
    let run = try await FixtureRun.of([
      "--testing-library", "swift-testing", "--filter", "RoutingFixtureSpec", "--verbose",
    ])
    #expect(run.exitCode == 1)
    let line = try run.line(of: #"assertEqual("spec", "fixture")"#)
    let failing = "routing spec, when broken, fails at its assertion"
    #expect(
      run.output.contains(
        "Test example(_:) recorded an issue with 1 argument example → \(failing) at "
          + "RoutingFixtures.swift:\(line):"),
      "\(run.output)")
    #expect(run.output.contains(#"↳ assertEqual failed: "spec" is not equal to "fixture""#))
    // `unwrap` ends its own example only, with its own failure alone; the examples declared
    // after it still run.
    #expect(!run.output.contains("unreachable after unwrap in a spec"))
    let unwrapping = "1 argument example → routing spec, when broken, ends at unwrap"
    let issues = run.output.split(separator: "\n").filter {
      $0.contains("recorded an issue with \(unwrapping)")
    }
    #expect(issues.count == 1, "\(run.output)")
    for name in ["routing spec, passes", "routing spec, passes after the others"] {
      #expect(
        run.output.contains(
          "Test case passing 1 argument example → \(name) (Assay.SpecExample) to example(_:) "
            + "passed"),
        "\(name) did not pass:\n\(run.output)")
    }
    #expect(run.output.contains("Test example(_:) with 4 test cases failed"))
  }

  @Test func assayXUnitReportsEverySpecExampleAsATestCase() async throws {
    let (report, _) = try await xUnitReportOfTheSpecFixtures(streamVersion: "1")

    let suite = #"classname="AssayTests.RoutingFixtureSpec""#
    #expect(report.contains(#"<testsuite name="AssayTests" tests="4" failures="2""#), "\(report)")
    #expect(
      report.contains(#"<testcase \#(suite) name="example(_:) [routing spec, passes]" time="#),
      "\(report)")
    #expect(
      report.contains(#"name="example(_:) [routing spec, when broken, fails at its assertion]""#))
    try expectTheSpecFixturesFailure(in: report)
  }

  /// Version 6.3 streams name no test cases unless asked: one result per test function, its
  /// failures read from the stable `messages`, and a warning that says how to get names.
  @Test func assayXUnitReadsAStreamWithoutTestCaseNames() async throws {
    let (report, events) = try await xUnitReportOfTheSpecFixtures(streamVersion: "6.3")

    #expect(
      report.contains(#"<testsuite name="AssayTests" tests="1" failures="1""#), "\(report)")
    #expect(
      report.contains(#"<testcase classname="AssayTests.RoutingFixtureSpec" name="example(_:)""#))
    try expectTheSpecFixturesFailure(in: report)
    #expect(
      report.contains(
        "warning: \(events) does not name test cases: each parameterized test is one "
          + "result."), "\(report)")
  }

  /// Runs the spec fixtures with an event stream of `streamVersion`, then `assay xunit` on it
  /// (`swift test` builds the tool next to this test binary): what it printed, and the path of
  /// the stream it read.
  private func xUnitReportOfTheSpecFixtures(
    streamVersion: String
  ) async throws -> (report: String, events: String) {
    let events = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-events-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: events) }
    _ = try await FixtureRun.of([
      "--testing-library", "swift-testing", "--filter", "RoutingFixtureSpec",
      "--event-stream-output-path", events.path, "--event-stream-version", streamVersion,
    ])
    let assay = TestProcess.productsDirectory.appendingPathComponent("assay")
    let report = try await FixtureRun.of(["xunit", events.path], executable: assay).output
    return (report, events.path)
  }

  /// The report holds the spec fixture's failing assertion, at its line.
  private func expectTheSpecFixturesFailure(
    in report: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let line = try FixtureRun.line(of: #"assertEqual("spec", "fixture")"#)
    #expect(
      report.contains(
        #"<failure message="assertEqual failed: &quot;spec&quot; is not equal to &quot;fixture&quot;">"#
      ), "\(report)", sourceLocation: sourceLocation)
    #expect(
      report.contains(
        try Regex(
          #"RoutingFixtures\.swift:\#(line):\d+: assertEqual failed: &quot;spec&quot; is not "#
            + "equal to &quot;fixture&quot;</failure>")
      ), "\(report)", sourceLocation: sourceLocation)
  }

  @Test func aFocusedSpecWarnsLocallyAndFailsOnCI() async throws {
    let arguments = ["--testing-library", "swift-testing", "--filter", "FocusFixtureSpec"]
    let message =
      "FocusFixtureSpec is focused: 1 example did not run; remove the f from fit, fdescribe "
      + "and fcontext before you commit"
    // Locally: no CI variable at all, or one that says it is not CI.
    for local in [
      try await FixtureRun.of(arguments, unsetting: ["CI"]),
      try await FixtureRun.of(arguments, environment: ["CI": "false"]),
    ] {
      #expect(local.exitCode == 0, "\(local.output)")
      #expect(local.output.contains("recorded a warning"), "\(local.output)")
      #expect(local.output.contains("↳ \(message)"), "\(local.output)")
      #expect(!local.output.contains("a left-out example ran"))
    }

    let ci = try await FixtureRun.of(arguments, environment: ["CI": "true"])
    #expect(ci.exitCode == 1, "\(ci.output)")
    #expect(
      ci.output.contains("↳ \(message) (focus fails when the CI variable is set)"),
      "\(ci.output)")
  }

  /// Built-in contracts report at the line that applied them: exactly so when the checks
  /// are a property, at the test function when Swift Testing's attribute holds them.
  @Test func aContractFailurePointsAtWhereItWasApplied() async throws {
    let run = try await FixtureRun.of([
      "--testing-library", "swift-testing", "--filter", "ContractLineFixtures",
    ])
    let check = "LooseMoney: Equatable: distinct samples are unequal"
    let property = try run.line(of: "static let looseMoney = Contract.checks(")
    let function = try run.line(of: "func appliedInTheAttribute(")
    for (test, line, column) in [
      ("appliedInAProperty(_:)", property, 53), ("appliedInTheAttribute(_:)", function, 3),
    ] {
      let expected =
        "Test \(test) recorded an issue with 1 argument check → \(check) at "
        + "RoutingFixtures.swift:\(line):\(column): Issue recorded"
      #expect(run.output.contains(expected), "\(expected)\nnot in:\n\(run.output)")
    }
  }

  /// `assay test --shard` hands a shard's contract checks over in `ASSAY_EXAMPLES`: only
  /// those run, in each test that applies the contract.
  @Test func oneContractCheckRunsAloneByName() async throws {
    let name = "LooseMoney: Equatable: distinct samples are unequal"
    let run = try await FixtureRun.of(
      ["--testing-library", "swift-testing", "--filter", "ContractLineFixtures", "--verbose"],
      environment: ["ASSAY_EXAMPLES": "contract\t\(name)"])
    let started = run.startedTestCases
    #expect(started.count == 2, "\(run.output)")
    #expect(started.allSatisfy { $0.contains(name) }, "\(run.output)")
  }

  /// `assay test --shard` hands a spec the exact names of its examples to run.
  @Test func aShardRunsTheSpecExamplesItNamesAndNoOther() async throws {
    let name = "routing spec, passes"
    let run = try await FixtureRun.of(
      ["--testing-library", "swift-testing", "--filter", "RoutingFixtureSpec", "--verbose"],
      environment: ["ASSAY_EXAMPLES": "AssayTests.RoutingFixtureSpec\t\(name)"])
    let started = run.startedTestCases
    #expect(started.count == 1, "\(run.output)")
    #expect(started.first?.contains(name) == true, "\(run.output)")
    #expect(started.first?.contains("after the others") == false, "\(run.output)")
  }

  /// A host test without `.finishesSpec` that runs only some of a spec's examples: when the
  /// process exits it says, once, which groups' `afterAll` hooks never ran and why.
  @Test func afterAllHooksThatNeverRanAreReportedOnceAtExit() async throws {
    let run = try await FixtureRun.of([
      "--testing-library", "swift-testing", "--filter", "UnfinishedFixtureSpec",
    ])
    let advice =
      "Give the spec's host test the .finishesSpec trait to run afterAll when a runner runs "
      + "only some examples."
    let report = [
      "warning: afterAll of \"unfinished\" did not run: 2 of its 4 examples ran. \(advice)",
      "warning: afterAll of \"unfinished, inner\" did not run: 1 of its 2 examples ran. \(advice)",
      "warning: afterAll of the spec did not run: 2 of its 4 examples ran. \(advice)",
    ].joined(separator: "\n")
    #expect(run.exitCode == 0, "\(run.output)")
    #expect(run.output.components(separatedBy: report).count == 2, "\(run.output)")
    #expect(run.output.components(separatedBy: "warning: afterAll").count == 4, "\(run.output)")
  }

  @Test func oneSpecExampleRunsAloneByName() async throws {
    let name = "routing spec, when broken, fails at its assertion"
    let run = try await FixtureRun.of(
      ["--testing-library", "swift-testing", "--filter", "RoutingFixtureSpec", "--verbose"],
      environment: ["ASSAY_EXAMPLE": name])
    let started = run.startedTestCases
    #expect(started.count == 1, "\(run.output)")
    #expect(started.first?.contains(name) == true)
    #expect(run.output.contains("Test example(_:) with 1 test case failed"))
  }
}

/// One run of this test binary on the fixtures, with everything it printed.
struct FixtureRun: Sendable {
  let output: String
  let exitCode: Int32

  /// Runs the fixtures on a thread of its own: reading the child's output blocks, and a
  /// blocked thread of Swift's small cooperative pool would stall other tests' tasks.
  static func of(
    _ arguments: [String], environment: [String: String] = [:], unsetting: [String] = [],
    executable: URL? = nil
  ) async throws -> FixtureRun {
    try await awaitCallback(timeout: .seconds(120)) { done in
      Thread.detachNewThread {
        done(
          Result {
            try FixtureRun(
              arguments, environment: environment, unsetting: unsetting, executable: executable)
          })
      }
    }
    .get()
  }

  /// Runs `executable` with `arguments`, or this package's tests when `executable` is nil.
  private init(
    _ arguments: [String], environment extra: [String: String], unsetting: [String],
    executable: URL?
  ) throws {
    let process = Process()
    let command = executable.map { ($0, arguments) } ?? TestProcess.command(arguments)
    process.executableURL = command.0
    process.arguments = command.1
    var environment = ProcessInfo.processInfo.environment
    // What a runner gave this test to shape its own run is not the fixtures' to inherit:
    // under `assay test` (and `assay mutate`'s baseline) the 6.3 stream's experimental fields
    // named the test cases that the stream-without-names test must not see, and it failed.
    for name in [
      "SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED", "ASSAY_EXAMPLE", "ASSAY_EXAMPLES",
    ] {
      environment[name] = nil
    }
    environment["ASSAY_RUN_FIXTURES"] = "1"
    environment["NO_COLOR"] = "1"
    environment.merge(extra) { _, new in new }
    for name in unsetting { environment[name] = nil }
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    output = String(decoding: data, as: UTF8.self)
    exitCode = process.terminationStatus
  }

  /// The lines of `--verbose` output that say a test case started.
  var startedTestCases: [Substring] {
    output.split(separator: "\n").filter {
      $0.contains("Test case passing") && $0.hasSuffix("started.")
    }
  }

  /// The messages of the failures written to standard error as outside any running test.
  var failuresOutsideTests: [String] {
    let marker = ": error: Assay failure outside of a running test: "
    return output.split(separator: "\n").compactMap { line in
      line.range(of: marker).map { String(line[$0.upperBound...]) }
    }
  }

  /// The line of `RoutingFixtures.swift` that holds `code`.
  func line(of code: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
    try Self.line(of: code, sourceLocation: sourceLocation)
  }

  /// The line of `RoutingFixtures.swift` that holds `code`.
  static func line(
    of code: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Int {
    let source = try String(contentsOfFile: RoutingFixture.filePath, encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let index = try #require(
      lines.firstIndex { $0.contains(code) },
      "no line holds \(code)",
      sourceLocation: sourceLocation
    )
    return index + 1
  }

  func expectXCTestFailure(
    _ test: String,
    _ message: String,
    at code: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let line = try line(of: code, sourceLocation: sourceLocation)
    let expected =
      "RoutingFixtures.swift:\(line): error: RoutingFixtureXCTests.\(test) : \(message)"
    #expect(
      output.contains(expected), "\(expected)\nnot in:\n\(output)", sourceLocation: sourceLocation
    )
  }

  /// Expects the summary line of a failed Swift Testing test, with its exact issue count.
  func expectTestFailed(
    _ test: String, issues: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let counted = issues == 1 ? "1 issue" : "\(issues) issues"
    let found = output.split(separator: "\n").contains { line in
      line.contains("Test \(test) failed after ") && line.hasSuffix(" with \(counted).")
    }
    #expect(
      found, "no line says \(test) failed with \(counted):\n\(output)",
      sourceLocation: sourceLocation)
  }

  func expectIssue(
    _ test: String,
    _ message: String,
    at code: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let line = try line(of: code, sourceLocation: sourceLocation)
    let expected = "Test \(test) recorded an issue at RoutingFixtures.swift:\(line):"
    #expect(
      output.contains(expected), "\(expected)\nnot in:\n\(output)", sourceLocation: sourceLocation
    )
    #expect(
      output.contains("↳ \(message)"), "\(message)\nnot in:\n\(output)",
      sourceLocation: sourceLocation)
  }
}
