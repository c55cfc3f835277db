import Foundation

/// The files under a folder, as SwiftPM sees a package's: through folders that are symbolic
/// links too (a target whose folder, or a folder inside it, links to sources shared with
/// another package), but never around a loop of links.
///
/// `FileManager`'s enumerator does not go into a linked folder: a copy of a package made from
/// it lacked those files, and did not build.
public enum FileWalk {
  /// The paths of the files under `root`, relative to it, sorted; a file reached through a
  /// link is listed at the link's path, as often as links lead to it.
  ///
  /// - Parameters:
  ///   - root: The folder.
  ///   - skipping: Whether to leave out an entry (a file, or a folder and all it holds), given
  ///     its path relative to `root`.
  /// - Returns: `nil` when `root` cannot be read.
  public static func files(under root: String, skipping: (String) -> Bool = { _ in false })
    -> [String]?
  {
    guard let top = try? FileManager.default.contentsOfDirectory(atPath: root) else {
      return nil
    }
    var found: [String] = []
    walk(top, in: root, under: "", inside: [realPath(root)], skipping: skipping, into: &found)
    return found.sorted()
  }

  /// Adds the files among `entries` of the folder `prefix` (relative to `root`) to `found`,
  /// going into folders whose real path is not one of the folders `inside` which they are.
  private static func walk(
    _ entries: [String], in root: String, under prefix: String, inside: Set<String>,
    skipping: (String) -> Bool, into found: inout [String]
  ) {
    let files = FileManager.default
    for entry in entries {
      let relative = prefix.isEmpty ? entry : "\(prefix)/\(entry)"
      if skipping(relative) { continue }
      let path = "\(root)/\(relative)"
      var isFolder: ObjCBool = false
      guard files.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      guard isFolder.boolValue else {
        found.append(relative)
        continue
      }
      let real = realPath(path)
      guard !inside.contains(real), let inner = try? files.contentsOfDirectory(atPath: path)
      else { continue }
      walk(
        inner, in: root, under: relative, inside: inside.union([real]), skipping: skipping,
        into: &found)
    }
  }

  /// `path` with every link in it resolved.
  private static func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
