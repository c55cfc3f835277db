import AssayRunning
import AssayToolSupport
import Foundation

/// The lines changed since a git revision (`--since main`): only mutants starting on them run.
public struct ChangedLines: Sendable {
  /// Changed line numbers of each file, by path relative to the package's root.
  public let lines: [String: Set<Int>]

  /// The lines `git diff <revision>` changes or adds in the package at `root`, the working
  /// tree's edits included.
  ///
  /// - Throws: ``RunError`` when `root` is not in a git repository or the revision is unknown.
  public init(since revision: String, in root: String) throws(RunError) {
    let (topStatus, top) = Command.capture(
      "git", ["-C", root, "rev-parse", "--show-toplevel"])
    guard topStatus == .exited(0) else {
      throw RunError("--since \(revision): \(root) is not in a git repository")
    }
    let (status, diff) = Command.capture(
      "git", ["-C", root, "diff", "--no-color", "--unified=0", revision, "--", "."])
    guard status == .exited(0) else {
      throw RunError(
        "--since \(revision): git cannot compare with it: "
          + (diff.split(separator: "\n").first.map(String.init) ?? ""))
    }
    self.init(
      diff: diff, repositoryRoot: top.trimmingCharacters(in: .whitespacesAndNewlines),
      packageRoot: root)
  }

  /// Reads a unified diff with zero lines of context.
  init(diff: String, repositoryRoot: String, packageRoot: String) {
    var lines: [String: Set<Int>] = [:]
    var file: String?
    let prefix =
      packageRoot.hasPrefix(repositoryRoot + "/")
      ? String(packageRoot.dropFirst(repositoryRoot.count + 1)) + "/" : ""
    for line in diff.split(separator: "\n") {
      if line.hasPrefix("+++ ") {
        let path = line.dropFirst(4)
        file = path.hasPrefix("b/") ? String(path.dropFirst(2).dropFirst(prefix.count)) : nil
      } else if line.hasPrefix("@@"), let file {
        // @@ -a,b +c,d @@: lines c ..< c + d of the new file (d omitted means 1).
        let added = line.split(separator: " ").first { $0.hasPrefix("+") }?.dropFirst() ?? ""
        let parts = added.split(separator: ",")
        guard let start = parts.first.flatMap({ Int($0) }) else { continue }
        let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        lines[file, default: []].formUnion(start..<start + count)
      }
    }
    self.lines = lines
  }

  /// Whether `mutant` starts on a changed line.
  public func contains(_ mutant: Mutant) -> Bool {
    lines[mutant.file]?.contains(mutant.start.line) ?? false
  }
}
