import AssayTestSupport
import Foundation
import Testing

@testable import Assay

/// Two test processes recording into one baselines file at the same moment: the lock on the
/// folder (flock) keeps every entry of both.
@Suite struct BaselineWritersTests {
  /// The writer: records 20 measures named after `ASSAY_MEASURE_WRITER`. It runs only in the
  /// child processes that the test below starts.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["ASSAY_MEASURE_WRITER"] != nil))
  func writer() {
    let name = ProcessInfo.processInfo.environment["ASSAY_MEASURE_WRITER"] ?? "?"
    let options = MeasureOptions(budget: .seconds(60), maximumSamples: 5, iterationsPerSample: 1)
    for index in 0..<20 { measure("\(name) \(index)", options: options) {} }
  }

  @Test func twoProcessesRecordingAtOnceKeepEachOthersEntries() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-writers-\(UUID().uuidString)").path
    let statuses = try await offThePool {
      let processes = try ["first", "second"].map { writer in
        let process = Process()
        let command = TestProcess.command([
          "--testing-library", "swift-testing", "--filter", "BaselineWritersTests/writer",
        ])
        process.executableURL = command.executable
        process.arguments = command.arguments
        var environment = ProcessInfo.processInfo.environment
        environment["ASSAY_MEASURE_WRITER"] = writer
        environment["ASSAY_BASELINES"] = folder
        environment["ASSAY_RECORD_BASELINES"] = "1"
        environment["ASSAY_MACHINE"] = "test machine"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
      }
      return processes.map { process in
        process.waitUntilExit()
        return process.terminationStatus
      }
    }
    #expect(statuses == [0, 0])
    let data = try #require(FileManager.default.contents(atPath: "\(folder)/AssayTests.json"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let measures = try #require(root["measures"] as? [String: Any])
    let expected = ["first", "second"].flatMap { writer in (0..<20).map { "\(writer) \($0)" } }
    #expect(Set(measures.keys) == Set(expected))
  }
}
