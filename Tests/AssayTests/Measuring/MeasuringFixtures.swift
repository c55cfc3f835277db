import Foundation

@testable import Assay

/// Baselines in a folder of their own, a machine named "test machine", and blocks whose
/// allocations are counted exactly, so that a measure's verdict and message are the same on
/// every run.
enum MeasuringFixtures {
  /// Twenty samples of one run each, whatever the machine's speed.
  static let options = MeasureOptions(
    budget: .seconds(60), warmUpRuns: 1, maximumSamples: 20, iterationsPerSample: 1)

  /// Runs `body` with baselines in a new folder (`AssayTests.json` holding `json`, when given).
  static func withBaselines<Result>(
    _ json: String? = nil, isCI: Bool = false, records: Bool = false,
    _ body: (_ file: String) throws -> Result
  ) rethrows -> Result {
    let (file, environment) = prepare(json, isCI: isCI, records: records)
    return try MeasureEnvironment.$override.withValue(environment) { try body(file) }
  }

  /// The asynchronous form of ``withBaselines(_:isCI:records:_:)``.
  static func withBaselines<Result>(
    _ json: String? = nil, isCI: Bool = false, records: Bool = false,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (_ file: String) async throws -> Result
  ) async rethrows -> Result {
    let (file, environment) = prepare(json, isCI: isCI, records: records)
    return try await MeasureEnvironment.$override.withValue(environment) {
      try await body(file)
    }
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

  /// A baselines file where `measure` on "test machine" made `allocations` allocations in
  /// each of its 20 samples.
  static func baseline(_ measure: String, allocations: Int) -> String {
    let samples = Array(repeating: "\(allocations)", count: 20).joined(separator: ", ")
    return """
      {"schemaVersion": 1, "measures": {"\(measure)": {"test machine": {"recorded": "2026-01-02",
        "metrics": {"allocations": {"samples": [\(samples)]}}}}}}
      """
  }

  /// Makes exactly `count` allocations.
  static func allocate(_ count: Int) {
    for _ in 0..<count { free(malloc(16)) }
  }
}
