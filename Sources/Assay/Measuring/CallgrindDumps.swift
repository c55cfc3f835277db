import Foundation

/// The files Callgrind writes under `prefix` each time the counted region returns
/// (`--dump-after`): `<prefix>.1`, `<prefix>.2`, ... A dump holds the instructions counted
/// since the one before; a line `totals: 26890` gives their number (the first event, `Ir`).
struct CallgrindDumps {
  /// Why a count could not be read.
  struct Problem: Error, Equatable {
    let message: String
  }

  /// The path the dumps' names start with (Callgrind's `--callgrind-out-file`).
  let prefix: String

  /// The dumps of this process, named by `pattern`, where `%p` stands for the process's
  /// identifier (as in Callgrind's option).
  init(pattern: String) {
    prefix = pattern.replacingOccurrences(of: "%p", with: String(getpid()))
  }

  /// The count of the newest dump; it is deleted with any older one, so that the next run's
  /// dump is the only one left.
  func takeNewest() throws(Problem) -> Double {
    let folder = (prefix as NSString).deletingLastPathComponent
    let stem = (prefix as NSString).lastPathComponent + "."
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let dumps = names.compactMap { name -> (number: Int, path: String)? in
      guard name.hasPrefix(stem), let number = Int(name.dropFirst(stem.count)) else { return nil }
      return (number, "\(folder)/\(name)")
    }.sorted { $0.number < $1.number }
    defer { for dump in dumps { try? FileManager.default.removeItem(atPath: dump.path) } }
    guard let newest = dumps.last else {
      throw Problem(
        message: "Callgrind wrote no count in \(folder): was the test run with "
          + "--dump-after=assay_instructions_counted_region?")
    }
    guard let text = try? String(contentsOfFile: newest.path, encoding: .utf8) else {
      throw Problem(message: "cannot read Callgrind's count in \(newest.path)")
    }
    return try Self.total(in: text, path: newest.path)
  }

  /// The first number of the `totals:` line (or of `summary:`, which older versions write).
  static func total(in text: String, path: String) throws(Problem) -> Double {
    for key in ["totals:", "summary:"] {
      for line in text.split(separator: "\n") where line.hasPrefix(key) {
        let fields = line.dropFirst(key.count).split(separator: " ")
        if let first = fields.first, let count = Double(first) { return count }
      }
    }
    throw Problem(message: "\(path): no line \"totals:\" with a count; is this Callgrind's output?")
  }
}
