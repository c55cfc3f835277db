import Foundation

/// What `measure` takes from its surroundings: where baselines live, which machine this is,
/// whether this is CI and whether to record. Read from the environment:
///
/// - `ASSAY_BASELINES`: the folder of the baselines files; by default `Tests/Baselines` in
///   the package that holds the test file.
/// - `ASSAY_MACHINE`: the machine label baselines are kept under; by default one derived from
///   the host (system, architecture, cores, processor model). Give each CI runner class its
///   own, so that a laptop's baselines never judge a CI machine.
/// - `ASSAY_RECORD_BASELINES=1` (what `assay test --record-baselines` sets): record every
///   measure's baseline again instead of comparing.
/// - `ASSAY_RECORD_SESSION`: set by `assay test --record-baselines`, the name of its recording
///   run: a process of the same run adds its samples to the entry that an earlier one recorded
///   instead of replacing it, so that a baseline holds how much processes differ.
/// - `ASSAY_BASELINE_RECORDS`: a file each recording measure adds a line to (JSON: `file`,
///   `line`, `measure`, and `unsettled` while its processes differ too much to tell a change
///   of its tolerance), so that `assay test --record-baselines` runs its test again in new
///   processes, and in more for an unsettled one.
/// - `CI=true`: a measure without a baseline fails instead of recording one, unless
///   `ASSAY_ALLOW_NEW_BASELINES=1`.
/// - `ASSAY_FAIL_INCONCLUSIVE=1`: a time too noisy to judge fails the test instead of warning
///   (for a CI job that must prove every measure).
/// - `ASSAY_MEASURES_LOG`: a file each measure adds a line to (JSON: `baselines`, `measure`,
///   `machine`), so that `assay test` can find the baselines no measure uses any more.
/// - `ASSAY_INSTRUCTIONS_REQUESTS`: a file each measure that asks for instructions adds a line
///   to (JSON: `file`, `line`, `measure`) where the machine cannot count them, so that
///   `assay test` runs its test again under Callgrind.
/// - `ASSAY_CALLGRIND_DUMPS`: set by `assay test` in that run: where Callgrind writes its
///   counts. Only the measures of instructions run then, and they judge only instructions.
/// - `ASSAY_TIME_REGRESSIONS`: a file each measure whose only regressions are of time adds a
///   line to (JSON: `file`, `line`, `measure`), so that `assay test` runs its test again in a
///   new process and keeps the failure only if the regression is there again.
/// - `ASSAY_SECOND_LOOK`: set by `assay test` in that new process: a measure slower there
///   beyond the tolerance beyond doubt, but on a machine too busy or noisy to call it a
///   regression, adds its line too, since the second look could not tell the first run's
///   regression wrong; one that could not be judged there otherwise adds its line with
///   `"inconclusive": true`.
struct MeasureEnvironment: Sendable {
  /// The baselines folder, when set; otherwise found from the test file.
  var baselinesFolder: String?
  /// How messages name `baselinesFolder`; the folder itself by default.
  var shownBaselinesFolder: String? = nil
  var machine: String
  var records: Bool
  var isCI: Bool
  var allowsNewBaselines: Bool
  var failsInconclusive = false
  var recordSession: String? = nil
  var baselineRecords: String? = nil
  var measuresLog: String? = nil
  var instructionRequests: String? = nil
  var callgrindDumps: String? = nil
  var timeRegressions: String? = nil
  /// Whether this process is `assay test`'s second look at a regression of time.
  var secondLook = false

  /// A test's own surroundings, for Assay's tests.
  @TaskLocal static var override: MeasureEnvironment?

  static var current: MeasureEnvironment {
    if let override { return override }
    let variables = ProcessInfo.processInfo.environment
    func flag(_ name: String) -> Bool {
      guard let value = variables[name]?.lowercased() else { return false }
      return ["1", "true", "yes"].contains(value)
    }
    return MeasureEnvironment(
      baselinesFolder: variables["ASSAY_BASELINES"].flatMap { $0.isEmpty ? nil : $0 },
      machine: variables["ASSAY_MACHINE"].flatMap { $0.isEmpty ? nil : $0 } ?? hostLabel,
      records: flag("ASSAY_RECORD_BASELINES"),
      isCI: flag("CI"),
      allowsNewBaselines: flag("ASSAY_ALLOW_NEW_BASELINES"),
      failsInconclusive: flag("ASSAY_FAIL_INCONCLUSIVE"),
      recordSession: variables["ASSAY_RECORD_SESSION"].flatMap { $0.isEmpty ? nil : $0 },
      baselineRecords: variables["ASSAY_BASELINE_RECORDS"].flatMap { $0.isEmpty ? nil : $0 },
      measuresLog: variables["ASSAY_MEASURES_LOG"].flatMap { $0.isEmpty ? nil : $0 },
      instructionRequests: variables["ASSAY_INSTRUCTIONS_REQUESTS"].flatMap {
        $0.isEmpty ? nil : $0
      },
      callgrindDumps: variables["ASSAY_CALLGRIND_DUMPS"].flatMap { $0.isEmpty ? nil : $0 },
      timeRegressions: variables["ASSAY_TIME_REGRESSIONS"].flatMap { $0.isEmpty ? nil : $0 },
      secondLook: flag("ASSAY_SECOND_LOOK"))
  }

  /// Adds the line of `measure` at `site` to the measures log, if there is one.
  func logMeasured(_ measure: String, at site: CallSite, baselines: String, machine: String) {
    guard let measuresLog else { return }
    Self.append(
      ["baselines": baselines, "measure": measure, "machine": machine], to: measuresLog,
      for: measure, at: site,
      telling: "ASSAY_MEASURES_LOG", what: "that it ran, so it may call its baseline unused")
  }

  /// Asks `assay test` (through `requests`) to run the test of the measure at `site` again
  /// under Callgrind, to count its instructions.
  static func requestInstructions(_ measure: String, at site: CallSite, requests: String) {
    append(
      ["file": "\(site.filePath)", "line": Int(site.line), "measure": measure], to: requests,
      for: measure, at: site,
      telling: "ASSAY_INSTRUCTIONS_REQUESTS", what: "to count its instructions under Callgrind")
  }

  /// Tells `assay test --record-baselines` that the measure at `site` recorded its baseline,
  /// so that it runs the test again in new processes, if there is such a run; `unsettled`:
  /// that its processes so far differ too much to tell a change of its tolerance, so that
  /// the run goes on past the processes it planned.
  func logRecorded(_ measure: String, at site: CallSite, unsettled: Bool = false) {
    guard let baselineRecords else { return }
    var line: [String: Any] = [
      "file": "\(site.filePath)", "line": Int(site.line), "measure": measure,
    ]
    if unsettled { line["unsettled"] = true }
    Self.append(
      line, to: baselineRecords, for: measure, at: site,
      telling: "ASSAY_BASELINE_RECORDS", what: "to record its baseline in more processes")
  }

  /// Tells `assay test` that the measure at `site` found a regression of time only, so that it
  /// runs the test again in a new process to see whether the regression is there again; with
  /// `inconclusive`, in that new process, that it could not judge the measure either way.
  func logTimeRegression(_ measure: String, at site: CallSite, inconclusive: Bool = false) {
    guard let timeRegressions else { return }
    var line: [String: Any] = [
      "file": "\(site.filePath)", "line": Int(site.line), "measure": measure,
    ]
    if inconclusive { line["inconclusive"] = true }
    Self.append(
      line, to: timeRegressions, for: measure, at: site,
      telling: "ASSAY_TIME_REGRESSIONS", what: "how its regression of time was judged")
  }

  /// Adds `object` to `file` as one line of JSON, in one `write` to a file opened for
  /// appending: lines of tests writing at the same moment, in one process or several, never
  /// mix. Where the line cannot be written, a warning at `site` says what `assay test` was not
  /// told (`what`, through the variable `variable`), and why, in the system's words.
  private static func append(
    _ object: [String: Any], to file: String, for measure: String, at site: CallSite,
    telling variable: String, what: String
  ) {
    guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    else { return }
    line.append(UInt8(ascii: "\n"))
    let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    var problem: String?
    if descriptor >= 0 {
      let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 { problem = String(cString: strerror(errno)) }
      close(descriptor)
    } else {
      problem = String(cString: strerror(errno))
    }
    guard let problem else { return }
    WarningReporter.record(
      "measure \"\(measure)\": could not tell assay test \(what) (\(variable) is \(file): "
        + "\(problem))",
      at: site)
  }

  /// "Linux x86_64, 2 cores, AMD EPYC 7B13".
  static let hostLabel: String = {
    #if os(Linux)
      let system = "Linux"
    #elseif os(macOS)
      let system = "macOS"
    #else
      let system = "other"
    #endif
    #if arch(x86_64)
      let architecture = "x86_64"
    #elseif arch(arm64)
      let architecture = "arm64"
    #else
      let architecture = "other"
    #endif
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return "\(system) \(architecture), \(cores) cores" + (processorModel.map { ", \($0)" } ?? "")
  }()

  private static var processorModel: String? {
    #if os(Linux)
      guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
        let colon = line.firstIndex(of: ":")
      else { return nil }
      return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    #elseif canImport(Darwin)
      var size = 0
      guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else {
        return nil
      }
      var bytes = [CChar](repeating: 0, count: size)
      guard sysctlbyname("machdep.cpu.brand_string", &bytes, &size, nil, 0) == 0 else {
        return nil
      }
      return String(cString: bytes)
    #else
      return nil
    #endif
  }

  /// The baselines file of the test module of `site`: `ASSAY_BASELINES/<Module>.json`, or
  /// `Tests/Baselines/<Module>.json` in the package that holds the file; `nil` when no
  /// package holds it.
  func baselinesFile(for site: CallSite) -> (path: String, root: String?)? {
    let module = site.fileID.split(separator: "/").first.map(String.init) ?? "Tests"
    if let baselinesFolder {
      return ("\(baselinesFolder)/\(module).json", nil)
    }
    var folder = URL(fileURLWithPath: "\(site.filePath)").deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return (folder.path + "/Tests/Baselines/\(module).json", folder.path)
      }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }
}
