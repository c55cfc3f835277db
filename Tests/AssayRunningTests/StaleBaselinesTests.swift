import AssayToolSupport
import Foundation
import Testing

@testable import AssayRunning

/// Baselines no measure uses any more, found after a whole run and dropped when recording.
@Suite final class StaleBaselinesTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("assay-stale-\(UUID().uuidString)").path
  var file: String { "\(folder)/Tests/Baselines/AppTests.json" }
  var log: String { "\(folder)/measures.log" }

  init() throws {
    try FileManager.default.createDirectory(
      atPath: "\(folder)/Tests/Baselines", withIntermediateDirectories: true)
    let entry = #"{ "metrics" : { "wallClock" : { "samples" : [ 1 ] } }, "recorded" : "x" }"#
    try """
    {
      "measures" : {
        "kept" : { "laptop" : \(entry), "ci" : \(entry) },
        "renamed" : { "laptop" : \(entry), "ci" : \(entry) }
      },
      "schemaVersion" : 1
    }
    """.write(toFile: file, atomically: true, encoding: .utf8)
    try #"{"baselines":"\#(file)","machine":"ci","measure":"kept"}"#
      .write(toFile: log, atomically: true, encoding: .utf8)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Only the machine the run measured on is judged: the laptop's entries may be in use there.
  @Test func anEntryNoMeasureUsedOnTheMachineIsStale() throws {
    #expect(
      try StaleBaselines.find(log: log) == [
        StaleBaselines.Entry(file: file, measure: "renamed", machine: "ci")
      ])
  }

  @Test func aWholeRunWarnsOfEachStaleEntry() throws {
    let printed = try report(recording: false)
    #expect(
      printed == [
        "warning: Tests/Baselines/AppTests.json: no test measures \"renamed\" any more, but it "
          + "has a baseline on machine \"ci\": delete the entry, or run assay test "
          + "--record-baselines to drop it"
      ])
    #expect(try measures() == ["kept": ["ci", "laptop"], "renamed": ["ci", "laptop"]])
  }

  @Test func recordingDropsTheStaleEntriesAndKeepsTheRest() throws {
    let printed = try report(recording: true)
    #expect(
      printed == [
        "Tests/Baselines/AppTests.json: removed the baseline of \"renamed\" on machine \"ci\": "
          + "no test measures it any more"
      ])
    #expect(try measures() == ["kept": ["ci", "laptop"], "renamed": ["laptop"]])
    #expect(try StaleBaselines.find(log: log).isEmpty)
  }

  @Test func aBaselinesFileThatIsNotJSONIsAnErrorNamingIt() throws {
    try "{ not json".write(toFile: file, atomically: true, encoding: .utf8)
    #expect(throws: RunError("\(file): cannot read this baselines file as a JSON object")) {
      try StaleBaselines.find(log: log)
    }
  }

  @Test func onlyAWholeRunLooksForStaleBaselines() {
    var options = TestSession.Options()
    #expect(TestSession(options: options, print: { _ in }).runsEverything)
    options.selection.filters = ["Sorting"]
    #expect(!TestSession(options: options, print: { _ in }).runsEverything)
    options = TestSession.Options()
    options.shard = try? Shard("1/2")
    #expect(!TestSession(options: options, print: { _ in }).runsEverything)
  }

  private func report(recording: Bool) throws -> [String] {
    var options = TestSession.Options()
    options.recordsBaselines = recording
    final class Lines { var lines: [String] = [] }
    let printed = Lines()
    let session = TestSession(options: options, print: { printed.lines.append($0) })
    try session.reportStaleBaselines(log: log, root: folder)
    return printed.lines
  }

  private func measures() throws -> [String: [String]] {
    let data = try #require(FileManager.default.contents(atPath: file))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let measures = try #require(root["measures"] as? [String: [String: Any]])
    return measures.mapValues { $0.keys.sorted() }
  }
}
