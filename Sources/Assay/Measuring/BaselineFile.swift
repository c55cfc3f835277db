import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A test module's baselines: a JSON file meant to be read, reviewed and committed.
///
/// ```json
/// {
///   "measures" : {
///     "PeopleListTests/sortsByBirthday()" : {
///       "Linux x86_64, 2 cores, AMD EPYC 7B13" : {
///         "metrics" : {
///           "wallClock" : { "mad" : 1.2e-05, "median" : 0.00152, "p10" : 0.00149,
///                           "p90" : 0.00161, "processes" : [ 0.00149, 0.00151, ... ],
///                           "samples" : [ 0.00148, ... ] }
///         },
///         "recorded" : "2026-11-23",
///         "session" : "6F0C…"
///       }
///     }
///   },
///   "schemaVersion" : 1
/// }
/// ```
///
/// `samples` holds every recording process's samples; `processes` each process's typical
/// value (``RegressionVerdict/typical(of:metric:)``), and `session` the `assay test
/// --record-baselines` run that recorded them, whose later processes add to the entry. Only
/// these three are read back; the rest is there for people. Beside the metrics asked for, an
/// entry keeps the block's share of the processor (`processorShare`) and, for times, the
/// machine's pace beside each sample (`machinePace`, ``MachinePace``). Writing takes a lock on the folder
/// and reads the file again, so tests that record at the same moment, in one process or
/// several, keep each other's entries; a file that cannot be read is never written over.
struct BaselineFile {
  static let schemaVersion = 1

  /// One measure's baseline on one machine: its samples per metric.
  struct Entry: Equatable {
    var samples: [Metric: [Double]]
    var recorded: String
    /// Each recording process's typical value per metric, in the order they recorded: how much
    /// one process differs from another, which no single process's samples show.
    var processes: [Metric: [Double]] = [:]
    /// The recording run (`ASSAY_RECORD_SESSION`) whose processes add to this entry.
    var session: String? = nil
  }

  struct Problem: Error, Equatable {
    let message: String
  }

  let path: String
  /// How messages name the file (relative to the package).
  let shownPath: String

  /// The entry of `measure` on `machine`; `nil` when there is none.
  func entry(measure: String, machine: String) throws(Problem) -> Entry? {
    let root = try read()
    guard let measures = root["measures"] as? [String: Any] else { return nil }
    guard let machines = measures[measure] else { return nil }
    let place = "measures.\"\(measure)\""
    guard let byMachine = machines as? [String: Any] else {
      throw Problem(message: "\(shownPath): \(place): expected an object of machines")
    }
    guard let value = byMachine[machine] else { return nil }
    let here = "\(place).\"\(machine)\""
    guard let object = value as? [String: Any], let metrics = object["metrics"] as? [String: Any]
    else { throw Problem(message: "\(shownPath): \(here): expected an object with metrics") }
    var samples: [Metric: [Double]] = [:]
    var processes: [Metric: [Double]] = [:]
    for (key, item) in metrics {
      guard
        let metric = (Metric.all + [.processorShare, .machinePace]).first(where: { $0.key == key })
      else {
        throw Problem(
          message: "\(shownPath): \(here).metrics.\(key): no such metric; they are "
            + Metric.all.map(\.key).joined(separator: ", "))
      }
      let fields = item as? [String: Any]
      let place = "\(shownPath): \(here).metrics.\(key)"
      guard let read = try Self.numbers(fields?["samples"], at: "\(place).samples"), !read.isEmpty
      else {
        throw Problem(
          message: "\(place).samples: expected a list of numbers that are not negative")
      }
      samples[metric] = read
      processes[metric] = try Self.numbers(fields?["processes"], at: "\(place).processes")
    }
    return Entry(
      samples: samples, recorded: object["recorded"] as? String ?? "?", processes: processes,
      session: object["session"] as? String)
  }

  /// `value` as a list of numbers that are not negative; `nil` when there is no value.
  private static func numbers(_ value: Any?, at place: String) throws(Problem) -> [Double]? {
    guard let value else { return nil }
    guard let list = value as? [Any],
      let numbers = Optional(list.compactMap { ($0 as? NSNumber)?.doubleValue }),
      numbers.count == list.count, numbers.allSatisfy({ $0 >= 0 && $0.isFinite })
    else { throw Problem(message: "\(place): expected a list of numbers that are not negative") }
    return numbers
  }

  /// Sets the entry of `measure` on `machine`, keeping every other entry.
  func write(_ entry: Entry, measure: String, machine: String) throws(Problem) {
    try update(measure: measure, machine: machine) { _ in entry }
  }

  /// Sets the entry of `measure` on `machine` to what `change` makes of the one in the file
  /// (`nil` when there is none), read and written under the folder's lock, so that processes
  /// recording at the same moment each add their part.
  func update(measure: String, machine: String, _ change: (Entry?) -> Entry) throws(Problem) {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw Problem(
        message: "\(shownPath): cannot create its folder: \(error.localizedDescription)")
    }
    try Self.locked(folder) { () throws(Problem) in
      let entry = change(try self.entry(measure: measure, machine: machine))
      var root = try read()
      var measures = root["measures"] as? [String: Any] ?? [:]
      var machines = measures[measure] as? [String: Any] ?? [:]
      var metrics: [String: Any] = [:]
      for (metric, samples) in entry.samples {
        let summary = SampleSummary(samples)
        var object: [String: Any] = [
          "median": Self.rounded(summary.median), "p10": Self.rounded(summary.percentile(10)),
          "p90": Self.rounded(summary.percentile(90)),
          "mad": Self.rounded(summary.medianAbsoluteDeviation),
          "samples": samples.map(Self.rounded),
        ]
        if let processes = entry.processes[metric], !processes.isEmpty {
          object["processes"] = processes.map(Self.rounded)
        }
        metrics[metric.key] = object
      }
      var object: [String: Any] = ["recorded": entry.recorded, "metrics": metrics]
      if let session = entry.session { object["session"] = session }
      machines[machine] = object
      measures[measure] = machines
      root["measures"] = measures
      root["schemaVersion"] = Self.schemaVersion
      do {
        var data = try JSONSerialization.data(
          withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(contentsOf: Array("\n".utf8))
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
      } catch {
        throw Problem(message: "\(shownPath): cannot write it: \(error.localizedDescription)")
      }
    }
  }

  /// The file's top object; empty when there is no file.
  private func read() throws(Problem) -> [String: Any] {
    guard let data = FileManager.default.contents(atPath: path) else { return [:] }
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw Problem(
        message: "\(shownPath): not valid JSON (\(Self.reason(error))); fix it, or delete it "
          + "and record the baselines again")
    }
    guard let root = parsed as? [String: Any] else {
      throw Problem(message: "\(shownPath): expected a JSON object at the top")
    }
    guard let version = root["schemaVersion"] as? Int else {
      throw Problem(message: "\(shownPath): no schemaVersion; is this a baselines file?")
    }
    guard version == Self.schemaVersion else {
      throw Problem(
        message: "\(shownPath): schema version \(version), but this Assay reads version "
          + "\(Self.schemaVersion)")
    }
    return root
  }

  private static func reason(_ error: any Error) -> String {
    let description = (error as NSError).userInfo["NSDebugDescription"] as? String
    return description ?? error.localizedDescription
  }

  /// Four significant digits: enough for a decision, short enough to read. Whole numbers
  /// (counts) are kept exact.
  static func rounded(_ value: Double) -> Double {
    guard value != 0, value.isFinite, value != value.rounded() else { return value }
    return Double(String(format: "%.4g", value)) ?? value
  }

  private static let processLock = NSLock()

  /// Runs `body` holding a lock on `folder`, against other threads and other processes.
  private static func locked(_ folder: String, _ body: () throws(Problem) -> Void)
    throws(Problem)
  {
    processLock.lock()
    defer { processLock.unlock() }
    let descriptor = open(folder, O_RDONLY)
    if descriptor >= 0 { flock(descriptor, LOCK_EX) }
    defer {
      if descriptor >= 0 {
        flock(descriptor, LOCK_UN)
        close(descriptor)
      }
    }
    try body()
  }
}
