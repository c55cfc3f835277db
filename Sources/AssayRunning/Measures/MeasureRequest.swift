import Foundation

/// A measure asking `assay test` to run its test again: one line of JSON
/// (`{"file": ..., "line": 12, "measure": "sorting"}`) in the file named by
/// `ASSAY_INSTRUCTIONS_REQUESTS` (instructions the machine could not count, to count under
/// Callgrind) or by `ASSAY_BASELINE_RECORDS` (a baseline recorded, to record in more
/// processes).
struct MeasureRequest: Hashable, Sendable {
  /// The full path of the file of the `measure` call.
  var file: String
  /// Its line.
  var line: Int
  /// The measure's name.
  var measure: String

  /// `File.swift:12`, as `assay test` takes a location.
  var location: String { "\(file):\(line)" }

  /// The requests in `path` (see ``read(_:)``), and the file removed, so that the next run
  /// starts with none.
  static func take(_ path: String) -> [MeasureRequest] {
    take(path) { _ in true }
  }

  /// The requests in `path` of the lines whose whole object `including` takes (see
  /// ``read(_:including:)``), and the file removed.
  static func take(_ path: String, including: ([String: Any]) -> Bool) -> [MeasureRequest] {
    let requests = read(path, including: including)
    try? FileManager.default.removeItem(atPath: path)
    return requests
  }

  /// The requests in `path`, each once, in the order first made; none when there is no file.
  /// A line that is not a request is skipped (a test process killed while writing).
  static func read(_ path: String) -> [MeasureRequest] {
    read(path) { _ in true }
  }

  /// The requests in `path` of the lines whose whole object `including` takes, each once, in
  /// the order first made.
  static func read(_ path: String, including: ([String: Any]) -> Bool) -> [MeasureRequest] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var requests: [MeasureRequest] = []
    for line in text.split(separator: "\n") {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let file = object["file"] as? String, let number = object["line"] as? Int,
        let measure = object["measure"] as? String, including(object)
      else { continue }
      let request = MeasureRequest(file: file, line: number, measure: measure)
      if !requests.contains(request) { requests.append(request) }
    }
    return requests
  }
}
