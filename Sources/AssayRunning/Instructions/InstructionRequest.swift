import Foundation

/// A measure of instructions that the machine could not count, asking `assay test` to run its
/// test again under Callgrind: one line of JSON in the file named by
/// `ASSAY_INSTRUCTIONS_REQUESTS` (`{"file": ..., "line": 12, "measure": "sorting"}`).
struct InstructionRequest: Hashable, Sendable {
  /// The full path of the file of the `measure` call.
  var file: String
  /// Its line.
  var line: Int
  /// The measure's name.
  var measure: String

  /// `File.swift:12`, as `assay test` takes a location.
  var location: String { "\(file):\(line)" }

  /// The requests in `path`, each once, in the order first made; none when there is no file.
  /// A line that is not a request is skipped (a test process killed while writing).
  static func read(_ path: String) -> [InstructionRequest] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var requests: [InstructionRequest] = []
    for line in text.split(separator: "\n") {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let file = object["file"] as? String, let number = object["line"] as? Int,
        let measure = object["measure"] as? String
      else { continue }
      let request = InstructionRequest(file: file, line: number, measure: measure)
      if !requests.contains(request) { requests.append(request) }
    }
    return requests
  }
}
