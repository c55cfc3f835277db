import Foundation

/// How `assay test --shard` lists and chooses the test cases of specs and contracts, which
/// Swift Testing cannot select one by one: lines of `owner<tab>name`, where the owner is a
/// spec's type (`Module.Spec`) or `contract`.
///
/// - `ASSAY_LIST_EXAMPLES=path`: append each case's line to `path`, and run none.
/// - `ASSAY_EXAMPLES`: such lines; an owner runs only the cases named for it.
enum CaseSelection {
  /// The names `lines` give for `owner`.
  static func names(for owner: String, in lines: String) -> Set<String> {
    let prefix = owner + "\t"
    return Set(
      lines.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map {
        String($0.dropFirst(prefix.count))
      })
  }

  private static let lock = NSLock()

  /// Appends `names` as lines of `owner` to the file at `path`, from any thread.
  static func append(_ names: [String], of owner: String, to path: String) {
    guard !names.isEmpty else { return }
    let text = names.map { "\(owner)\t\($0)\n" }.joined()
    lock.withLock {
      if !FileManager.default.fileExists(atPath: path) {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
      }
      guard let handle = FileHandle(forWritingAtPath: path) else { return }
      defer { try? handle.close() }
      _ = try? handle.seekToEnd()
      try? handle.write(contentsOf: Data(text.utf8))
    }
  }
}
