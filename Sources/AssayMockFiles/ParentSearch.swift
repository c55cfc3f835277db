import AssayToolSupport
import Foundation

/// Where `assay mock` looks for a parent protocol that no file given declares, as a user would:
/// the package's other sources, then its dependencies' sources (`.build/checkouts/*/Sources`),
/// which `swift package resolve` fetched.
public enum ParentSearch {
  /// The Swift files under the package around `input` that declare one of `names` (as a
  /// protocol or a type alias), other than those in `known`.
  ///
  /// - Parameters:
  ///   - names: Protocols to find (a qualified name is looked for by its last part).
  ///   - input: A file or folder given to `assay mock`; the package is the nearest folder above
  ///     it with a `Package.swift` (none: nothing is searched).
  ///   - known: Files read already.
  /// - Returns: The files found, sorted.
  public static func files(declaring names: Set<String>, near input: String, known: Set<String>)
    -> [String]
  {
    guard !names.isEmpty, let root = PackageRoot.containing(input) else { return [] }
    let simple = names.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
    // A parent may be a type alias of protocols (`typealias _HB_SendableMetatype = ...`).
    let pattern = try? NSRegularExpression(
      pattern: "\\b(protocol|typealias)\\s+("
        + simple.map(NSRegularExpression.escapedPattern(for:))
        .joined(separator: "|") + ")\\b")
    var folders = ["\(root)/Sources"]
    let checkouts = "\(root)/.build/checkouts"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? [] {
      folders.append("\(checkouts)/\(name)/Sources")
    }
    var found: [String] = []
    for folder in folders {
      guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
      while let relative = walker.nextObject() as? String {
        if (relative as NSString).lastPathComponent.hasPrefix(".") {
          walker.skipDescendants()
          continue
        }
        guard relative.hasSuffix(".swift") else { continue }
        let path = URL(fileURLWithPath: "\(folder)/\(relative)").standardizedFileURL.path
        guard !known.contains(path), let data = FileManager.default.contents(atPath: path),
          let text = String(data: data, encoding: .utf8),
          text.contains("protocol") || text.contains("typealias"),
          pattern?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        else { continue }
        found.append(path)
      }
    }
    return found.sorted()
  }
}
