import AssayToolSupport
import Foundation

/// Baselines of performance tests that no `measure` uses any more: the measure was renamed or
/// removed, and its entry would stay in the file for ever.
///
/// A whole run that passed measured everything its suite measures; each `measure` adds a line
/// to the measures log (`ASSAY_MEASURES_LOG`). An entry of a baselines file the run used, for a
/// machine the run measured on, that no line names is stale.
public enum StaleBaselines {
  /// A baseline no measure uses.
  public struct Entry: Sendable, Equatable {
    /// The baselines file.
    public var file: String
    /// The measure's name.
    public var measure: String
    /// The machine label.
    public var machine: String

    /// An entry.
    public init(file: String, measure: String, machine: String) {
      self.file = file
      self.measure = measure
      self.machine = machine
    }
  }

  /// The stale entries of the baselines files named in the measures log at `log`, in order.
  ///
  /// - Throws: ``RunError`` naming a baselines file that cannot be read as JSON.
  public static func find(log: String) throws(RunError) -> [Entry] {
    guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
    var measured: [String: [String: Set<String>]] = [:]
    for line in text.split(separator: "\n") {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
        let fields = object as? [String: String], let file = fields["baselines"],
        let measure = fields["measure"], let machine = fields["machine"]
      else { continue }
      measured[file, default: [:]][machine, default: []].insert(measure)
    }
    var stale: [Entry] = []
    for (file, byMachine) in measured.sorted(by: { $0.key < $1.key }) {
      for (measure, machines) in try measures(in: file) {
        for machine in machines.sorted()
        where byMachine[machine].map({ !$0.contains(measure) }) == true {
          stale.append(Entry(file: file, measure: measure, machine: machine))
        }
      }
    }
    return stale
  }

  /// Takes `entries` out of their files, keeping everything else as it was.
  ///
  /// - Throws: ``RunError`` naming a file that cannot be read or written.
  public static func remove(_ entries: [Entry]) throws(RunError) {
    for (file, inFile) in Dictionary(grouping: entries, by: \.file) {
      var root = try object(in: file)
      var measures = root["measures"] as? [String: Any] ?? [:]
      for entry in inFile {
        guard var machines = measures[entry.measure] as? [String: Any] else { continue }
        machines[entry.machine] = nil
        measures[entry.measure] = machines.isEmpty ? nil : machines
      }
      root["measures"] = measures
      let data: Data
      do {
        data = try JSONSerialization.data(
          withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      } catch {
        throw RunError("\(file): cannot write: \(error.localizedDescription)")
      }
      try AtomicFile.write(data + Data("\n".utf8), to: file)
    }
  }

  /// Each measure of the file at `path` with its machines, sorted by name.
  private static func measures(in path: String) throws(RunError) -> [(String, [String])] {
    let measures = try object(in: path)["measures"] as? [String: Any] ?? [:]
    return measures.keys.sorted().map { name in
      (name, ((measures[name] as? [String: Any]) ?? [:]).keys.sorted())
    }
  }

  private static func object(in path: String) throws(RunError) -> [String: Any] {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
      throw RunError("\(path): cannot read this baselines file as a JSON object")
    }
    return object
  }
}
