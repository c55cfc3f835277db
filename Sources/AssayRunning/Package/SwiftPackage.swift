import AssayToolSupport
import Foundation

/// What `assay test` needs to know of a package: its name, its targets and where their
/// sources are, from `swift package describe --type json`.
public struct SwiftPackage: Sendable {
  /// One target of the package.
  public struct Target: Decodable, Sendable {
    /// The target's name.
    public let name: String
    /// The module's name, as tests' identifiers use it.
    public let c99name: String
    /// `library`, `executable`, `test`, `macro`, ...
    public let type: String
    /// The folder of its sources, relative to the package's root.
    public let path: String
    /// Its source files, relative to ``path``.
    public let sources: [String]
    /// The targets of this package it depends on.
    public let targetDependencies: [String]?

    enum CodingKeys: String, CodingKey {
      case name, c99name, type, path, sources
      case targetDependencies = "target_dependencies"
    }
  }

  /// The package's name.
  public let name: String
  /// The package's root folder.
  public let root: String
  /// Its targets.
  public let targets: [Target]
  /// The absolute folders of the packages it depends on by path (`.package(path: "../Other")`).
  public var pathDependencies: [String] = []

  /// The test targets.
  public var testTargets: [Target] { targets.filter { $0.type == "test" } }

  /// The same package at another folder (a copy of it).
  public func at(_ root: String) -> SwiftPackage {
    SwiftPackage(name: name, root: root, targets: targets, pathDependencies: pathDependencies)
  }

  /// The absolute paths of a target's Swift files, as they are on disk now (a description
  /// read from the cache may predate a new file).
  public func sourceFiles(of target: Target) -> [String] {
    let folder = "\(root)/\(target.path)"
    let found = FileWalk.files(under: folder) ?? []
    return found.filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
  }

  /// Stops, before anything is written, when `root` is not a package.
  ///
  /// - Throws: ``RunError`` when `root` has no `Package.swift`.
  public static func requireManifest(at root: String) throws(RunError) {
    guard FileManager.default.fileExists(atPath: "\(root)/Package.swift") else {
      throw RunError(
        "\(root) is not a Swift package (no Package.swift): run assay in a package's "
          + "folder, or pass --package-path")
    }
  }

  /// Reads the package at `root` with `swift package describe`, or from `cache` when the
  /// manifests have not changed since it was written there.
  ///
  /// - Throws: ``RunError`` when the directory is not a package, or its manifest is broken.
  public static func describe(at root: String, cache: String? = nil, swift: String = "swift")
    throws(RunError) -> SwiftPackage
  {
    try requireManifest(at: root)
    // `swift package describe` loads the manifest (about 0.3 s): keep its answer for as long
    // as no manifest changes.
    let key = manifestKey(root)
    if let cache, let data = FileManager.default.contents(atPath: cache),
      let text = String(data: data, encoding: .utf8), text.hasPrefix(key + "\n")
    {
      return try parse(Data(text.dropFirst(key.count + 1).utf8), root: root)
    }
    let (status, output) = Command.capture(
      swift, ["package", "--package-path", root, "describe", "--type", "json"])
    guard status == .exited(0), let start = output.firstIndex(of: "{") else {
      throw RunError(
        "swift package describe failed in \(root):\n\(output.suffix(2000))")
    }
    let json = String(output[start...])
    let package = try parse(Data(json.utf8), root: root)
    if let cache {
      try? AtomicFile.write(Data((key + "\n" + json).utf8), to: cache)
    }
    return package
  }

  /// The manifests' names, sizes and dates: what the description depends on.
  private static func manifestKey(_ root: String) -> String {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
      .filter { $0.hasPrefix("Package") && $0.hasSuffix(".swift") }.sorted()
    return names.map { name in
      let attributes = try? FileManager.default.attributesOfItem(atPath: "\(root)/\(name)")
      let size = attributes?[.size] as? Int ?? 0
      let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      return "\(name):\(size):\(date)"
    }.joined(separator: ",")
  }

  /// Reads the output of `swift package describe --type json`.
  static func parse(_ data: Data, root: String) throws(RunError) -> SwiftPackage {
    struct Dependency: Decodable {
      let type: String?
      let path: String?
    }
    struct Description: Decodable {
      let name: String
      let targets: [Target]
      let dependencies: [Dependency]?
    }
    guard let description = try? JSONDecoder().decode(Description.self, from: data) else {
      throw RunError("cannot read the package's description (swift package describe)")
    }
    return SwiftPackage(
      name: description.name, root: root, targets: description.targets,
      pathDependencies: (description.dependencies ?? []).filter { $0.type == "fileSystem" }
        .compactMap(\.path))
  }

  /// The test targets that depend on `target`, directly or through other targets, and
  /// `target` itself when it is one.
  public func testTargets(dependingOn target: String) -> [Target] {
    let dependents = Set(targets(dependingOn: target).map(\.name) + [target])
    return testTargets.filter { dependents.contains($0.name) }
  }

  /// The targets that depend on `target`, directly or through other targets (not `target`).
  public func targets(dependingOn target: String) -> [Target] {
    var dependents: Set<String> = [target]
    var changed = true
    while changed {
      changed = false
      for candidate in targets where !dependents.contains(candidate.name) {
        if (candidate.targetDependencies ?? []).contains(where: dependents.contains) {
          dependents.insert(candidate.name)
          changed = true
        }
      }
    }
    return targets.filter { $0.name != target && dependents.contains($0.name) }
  }

  /// The target whose folder holds `relative` (a path relative to the package's root).
  public func target(holding relative: String) -> Target? {
    targets.first { relative.hasPrefix($0.path + "/") }
  }
}
