import Foundation
import Testing

@testable import Assay

/// What `measure` takes from its surroundings and tells `assay test` through its files.
struct MeasureEnvironmentTests {
  /// Baselines are kept per machine label: one that lost its system, architecture or
  /// processor would judge a laptop by a CI machine's baselines.
  @Test func theMachineLabelNamesTheSystemTheArchitectureTheCoresAndTheProcessor() throws {
    var system = utsname()
    #expect(uname(&system) == 0)
    let name = withUnsafeBytes(of: &system.sysname) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    let machine = withUnsafeBytes(of: &system.machine) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    let architecture = machine == "aarch64" ? "arm64" : machine
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let label = MeasureEnvironment.hostLabel
    #expect(
      label.hasPrefix("\(name == "Darwin" ? "macOS" : name) \(architecture), \(cores) cores"),
      "\(label)")
    #if os(Linux)
      let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
      let model = info.split(separator: "\n").first { $0.hasPrefix("model name") }
        .flatMap { $0.split(separator: ":", maxSplits: 1).last }
        .map { $0.trimmingCharacters(in: .whitespaces) }
      if let model {
        #expect(label.hasSuffix(", \(model)"), "\(label)")
      }
    #endif
  }

  /// `assay test` may run as another user than the tests (a container's), and reads what
  /// they wrote: a file a measure creates is readable by all, as the process's mask allows.
  @Test func aFileForAssayTestIsCreatedReadableByAll() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-environment-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let requests = "\(folder)/requests.jsonl"
    MeasureEnvironment.requestInstructions("counted", at: CallSite(), requests: requests)
    var status = stat()
    #expect(stat(requests, &status) == 0)
    let mask = umask(0o022)
    umask(mask)
    #expect(status.st_mode & 0o777 == 0o644 & ~mask)
  }

  /// A line `assay test` was to read but could not be written: a warning says what it was
  /// not told and why, never silence (its instructions would go uncounted, its regression
  /// unchecked, without a word).
  @Test func aLineThatCannotBeWrittenIsAWarningThatSaysWhy() throws {
    let missing = "/nonexistent-assay-folder/requests.jsonl"
    let issues = try recordedIssues {
      MeasureEnvironment.requestInstructions("counted", at: CallSite(), requests: missing)
    }
    #expect(
      issues.map(\.message) == [
        "measure \"counted\": could not tell assay test to count its instructions under "
          + "Callgrind (ASSAY_INSTRUCTIONS_REQUESTS is \(missing): No such file or directory)"
      ])
    #expect(issues.map(\.line) == [#line - 7])
  }
}
