import Foundation
import Testing

@testable import Assay

/// Baselines in a folder of their own, a machine named "test machine", and blocks whose
/// allocations are counted exactly, so that a measure's verdict and message are the same on
/// every run.
enum MeasuringFixtures {
  /// Twenty samples of one run each, whatever the machine's speed: the budget of an hour is
  /// never spent, even on a loaded CI machine that stalls the process for a minute.
  static let options = MeasureOptions(
    budget: .seconds(3600), warmUpRuns: 1, maximumSamples: 20, iterationsPerSample: 1)

  /// Runs `body` with baselines in a new folder (`AssayTests.json` holding `json`, when given).
  static func withBaselines<Result>(
    _ json: String? = nil, isCI: Bool = false, records: Bool = false,
    instructions: InstructionsSetting = .asInSwiftTest,
    _ body: (_ file: String) throws -> Result
  ) rethrows -> Result {
    var (file, environment) = prepare(json, isCI: isCI, records: records)
    let folder = (file as NSString).deletingLastPathComponent
    defer { removeFolder(of: file) }
    switch instructions {
    case .asInSwiftTest: break
    case .requestedFromAssayTest: environment.instructionRequests = "\(folder)/requests.jsonl"
    case .underCallgrind: environment.callgrindDumps = "\(folder)/callgrind.out.%p"
    }
    return try MeasureEnvironment.$override.withValue(environment) { try body(file) }
  }

  /// How the instructions of a measure are counted in
  /// ``withBaselines(_:isCI:records:instructions:_:)``.
  enum InstructionsSetting {
    /// As in `swift test`: by the processor's counter, if the machine gives one.
    case asInSwiftTest
    /// As in `assay test` on a machine without a counter: `requests.jsonl` beside the
    /// baselines asks for a run under Callgrind.
    case requestedFromAssayTest
    /// As in that run under Callgrind, whose dumps ``callgrindCounts(_:)`` writes.
    case underCallgrind
  }

  /// Does what Callgrind does when the counted region returns: writes the next dump, holding
  /// `instructions`, where the current measure reads it.
  static func callgrindCounts(_ instructions: Int) {
    guard let pattern = MeasureEnvironment.current.callgrindDumps else { return }
    let prefix = CallgrindDumps(pattern: pattern).prefix
    let folder = (prefix as NSString).deletingLastPathComponent
    let stem = (prefix as NSString).lastPathComponent + "."
    let taken = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .compactMap { $0.hasPrefix(stem) ? Int($0.dropFirst(stem.count)) : nil }
    let text =
      "version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: \(instructions)\n"
      + "fn=(1) work\n0 \(instructions)\ntotals: \(instructions)\n"
    try? text.write(
      toFile: "\(prefix).\((taken.max() ?? 0) + 1)", atomically: true, encoding: .utf8)
  }

  /// The asynchronous form of ``withBaselines(_:isCI:records:_:)``.
  static func withBaselines<Result>(
    _ json: String? = nil, isCI: Bool = false, records: Bool = false,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (_ file: String) async throws -> Result
  ) async rethrows -> Result {
    let (file, environment) = prepare(json, isCI: isCI, records: records)
    defer { removeFolder(of: file) }
    return try await MeasureEnvironment.$override.withValue(environment) {
      try await body(file)
    }
  }

  /// Deletes the folder that ``prepare(_:isCI:records:)`` made for `file`, once its test is done.
  private static func removeFolder(of file: String) {
    try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent)
  }

  /// A new baselines folder, and the environment that points at it.
  private static func prepare(_ json: String?, isCI: Bool, records: Bool)
    -> (file: String, environment: MeasureEnvironment)
  {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-baselines-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = "\(folder)/AssayTests.json"
    if let json { try? json.write(toFile: file, atomically: true, encoding: .utf8) }
    let environment = MeasureEnvironment(
      baselinesFolder: folder, shownBaselinesFolder: "Baselines", machine: "test machine",
      records: records, isCI: isCI, allowsNewBaselines: false,
      measuresLog: "\(folder)/measures.log")
    return (file, environment)
  }

  /// The samples of `metric` that the baselines `file` keeps for `measure` on "test machine".
  static func samples(_ file: String, _ measure: String, _ metric: String) throws -> [Double] {
    let data = try #require(FileManager.default.contents(atPath: file))
    let baselines = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let measures = try #require(baselines["measures"] as? [String: Any])
    let entry = try #require(
      (measures[measure] as? [String: Any])?["test machine"] as? [String: Any])
    let metrics = try #require(entry["metrics"] as? [String: Any])
    return try #require((metrics[metric] as? [String: Any])?["samples"] as? [Double])
  }

  /// Twenty samples of `value`, as a baselines file's list: "0.001, 0.001, …".
  static func twenty(_ value: Double) -> String {
    Array(repeating: "\(value)", count: 20).joined(separator: ", ")
  }

  /// A baselines file where `measure` on "test machine" made `allocations` allocations in
  /// each of its 20 samples.
  static func baseline(_ measure: String, allocations: Int) -> String {
    baseline(measure, metric: "allocations", value: allocations, samples: 20)
  }

  /// A baselines file where `measure` on "test machine" read `value` of `metric` in each of
  /// `samples` samples.
  static func baseline(_ measure: String, metric: String, value: Int, samples count: Int)
    -> String
  {
    let samples = Array(repeating: "\(value)", count: count).joined(separator: ", ")
    return """
      {"schemaVersion": 1, "measures": {"\(measure)": {"test machine": {"recorded": "2026-01-02",
        "metrics": {"\(metric)": {"samples": [\(samples)]}}}}}}
      """
  }

  /// Judges ten wall-clock samples spread from 0.98 ms to 1.34 ms against a quiet baseline of
  /// about 1 ms: too noisy to tell a 10% change, whatever the machine. The verdict is
  /// reported at `site`; with `failing`, as under `ASSAY_FAIL_INCONCLUSIVE=1`.
  static func judgeNoisyWallClock(_ measure: String, failing: Bool, at site: CallSite) {
    let baseline = (0..<40).map { "\(1.0e-3 * (1 + Double($0 % 9) * 0.005))" }
      .joined(separator: ", ")
    var (file, environment) = prepare(
      """
      {"schemaVersion": 1, "measures": {"\(measure)": {"test machine": {"recorded": "2026-01-02",
        "metrics": {"wallClock": {"samples": [\(baseline)]}}}}}}
      """, isCI: true, records: false)
    defer { removeFolder(of: file) }
    environment.failsInconclusive = failing
    MeasureEnvironment.$override.withValue(environment) {
      let run = MeasureRun(
        name: measure, testName: nil, metrics: [.wallClock],
        options: MeasureOptions(tolerance: 0.1),
        site: site, isAsync: false)
      run?.judge((0..<10).map { [.wallClock: 1.0e-3 * (0.98 + Double($0) * 0.04)] })
    }
  }

  /// Judges forty wall-clock samples of about 1.4 ms against a baseline recorded in five
  /// processes of 1 ms to 1.02 ms: slower than the slowest another such process could be by
  /// more than the tolerance, whatever the machine. The verdict is reported at `site`.
  static func judgeAgainstProcesses(_ measure: String, at site: CallSite) {
    let processes = [1.0, 1.01, 1.02, 1.01, 1.0].map { level in
      (0..<40).map { 1.0e-3 * level * (1 + Double($0 % 9) * 0.005) }
    }
    let samples = processes.flatMap { $0 }.map { "\($0)" }.joined(separator: ", ")
    let typical = processes.map { "\(RegressionVerdict.typical(of: $0, metric: .wallClock))" }
      .joined(separator: ", ")
    let (file, environment) = prepare(
      """
      {"schemaVersion": 1, "measures": {"\(measure)": {"test machine": {"recorded": "2026-01-02",
        "metrics": {"wallClock": {"samples": [\(samples)], "processes": [\(typical)]}}}}}}
      """, isCI: true, records: false)
    defer { removeFolder(of: file) }
    MeasureEnvironment.$override.withValue(environment) {
      let run = MeasureRun(
        name: measure, testName: nil, metrics: [.wallClock],
        options: MeasureOptions(tolerance: 0.1), site: site, isAsync: false)
      run?.judge((0..<40).map { [.wallClock: 1.4e-3 * (1 + Double($0 % 9) * 0.005)] })
    }
  }

  /// Makes exactly `count` allocations.
  static func allocate(_ count: Int) {
    for _ in 0..<count { free(malloc(16)) }
  }
}
