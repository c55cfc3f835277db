import AssayResults
import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayRunning

/// `assay test --record-baselines --baseline-processes 3`, end to end
/// (Fixtures/AssayUserFixture, `loopTime` and `LoopTimeXCTests`): each measure of time is
/// recorded again in three new processes, one test at a time, and its baseline keeps the
/// typical value of each, in both frameworks.
struct RecordingBaselinesEndToEndTests {
  /// The limit covers building the fixture (Assay with it) beside the rest of the suite.
  @Test(.timeLimit(.minutes(20)))
  func eachMeasureOfTimeIsRecordedInSeveralProcesses() async throws {
    let baselines = Self.newFolder("assay-processes")
    defer { try? FileManager.default.removeItem(atPath: baselines) }
    let (status, printed) = try await Self.record(
      ["loopTime", "LoopTimeXCTests"], in: 3, baselines: baselines)
    #expect(status == 0, "\(printed.all)")
    #expect(
      printed.all.contains(
        "Recording baselines in 3 processes: 2 tests run again, one at a time"),
      "\(printed.all)")
    let data = try #require(
      FileManager.default.contents(atPath: "\(baselines)/InstructionTests.json"))
    let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let measures = try #require(file["measures"] as? [String: Any])
    for measure in ["Swift Testing loop time", "XCTest loop time"] {
      let entry = (measures[measure] as? [String: Any])?["fixture machine"] as? [String: Any]
      let wallClock = (entry?["metrics"] as? [String: Any])?["wallClock"] as? [String: Any]
      let processes = wallClock?["processes"] as? [Double] ?? []
      // Three, or up to twice as many where they differ too much to tell 10%.
      #expect((3...6).contains(processes.count), "\(measure): \(String(describing: entry))")
      #expect(processes.allSatisfy { $0 > 0 }, "\(measure): \(processes)")
      #expect(entry?["session"] is String, "\(measure)")
    }
  }

  /// A measure whose processes never agree (every other one runs three times the loop) is
  /// recorded in twice the processes asked for, and no more; the run says so.
  @Test(.timeLimit(.minutes(20)))
  func processesThatDifferTooMuchRecordInTwiceAsMany() async throws {
    let baselines = Self.newFolder("assay-unsettled")
    try FileManager.default.createDirectory(atPath: baselines, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: baselines) }
    let (status, printed) = try await Self.record(
      ["everyOtherSlowTime"], in: 2, baselines: baselines,
      environment: ["SLOW_EVERY_OTHER": "\(baselines)/processes"])
    #expect(status == 0, "\(printed.all)")
    #expect(
      printed.all.contains(
        "Recording baselines in up to 2 more processes: 1 test whose processes differ too "
          + "much to tell a change of the tolerance"),
      "\(printed.all)")
    // The run's own process, then two, then two more.
    let started = try String(contentsOfFile: "\(baselines)/processes", encoding: .utf8)
    #expect(started == "5")
    let data = try #require(
      FileManager.default.contents(atPath: "\(baselines)/InstructionTests.json"))
    let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let entry =
      ((file["measures"] as? [String: Any])?["Swift Testing every other slow"]
      as? [String: Any])?["fixture machine"] as? [String: Any]
    let cpuTime = (entry?["metrics"] as? [String: Any])?["cpuTime"] as? [String: Any]
    let processes = cpuTime?["processes"] as? [Double] ?? []
    #expect(processes.count == 4, "\(String(describing: entry))")
  }

  /// A new folder's path under the temporary folder, named `prefix-UUID`.
  private static func newFolder(_ prefix: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
  }

  /// `assay test --record-baselines --baseline-processes <processes>` of the tests `filters`
  /// select in the fixture, its baselines in `baselines`; its exit status and what it printed.
  private static func record(
    _ filters: [String], in processes: Int, baselines: String,
    environment: [String: String] = [:]
  ) async throws -> (status: Int32, printed: PrintedLines) {
    var options = TestSession.Options()
    options.packagePath = try await FixturePackage.assayUser.value.get()
    options.skipBuild = true
    options.selection.filters = filters
    options.recordsBaselines = true
    options.baselineProcesses = processes
    options.environment = environment.merging([
      "ASSAY_BASELINES": baselines, "ASSAY_MACHINE": "fixture machine", "CI": "false",
    ]) { _, fixed in fixed }
    let session = options
    let printed = PrintedLines()
    let status = try await offThePool {
      try TestSession(options: session, print: printed.append).run()
    }
    return (status, printed)
  }
}
