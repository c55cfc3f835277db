import AssayRunning
import AssayToolSupport
import Foundation

/// The copy of the package that `assay mutate` mutates and builds, so that the user's files
/// are never written: `.build/assay/mutate/package`, built into `.build/assay/mutate/build`.
///
/// Files are copied only when their contents differ, so the copy's build stays incremental
/// from one run to the next; killing the run at any moment leaves the user's tree as it was.
public struct MutationWorkspace {
  /// The user's package.
  public let package: SwiftPackage
  /// The copy's root.
  public let copy: String
  /// The copy's build folder.
  public let build: String
  /// Options for `swift build` (`--configuration`, `--sanitize`).
  public let buildOptions: [String]

  /// A workspace under `folder` for `package`.
  public init(package: SwiftPackage, folder: String, buildOptions: [String] = []) {
    self.package = package
    copy = "\(folder)/package"
    build = "\(folder)/build"
    self.buildOptions = buildOptions
  }

  /// Copies the package's files (not its build folder, nor hidden folders such as `.git`)
  /// where they differ, and removes files the package no longer has.
  public func refresh() throws(RunError) {
    let files = FileManager.default
    var wanted: Set<String> = []
    guard let walker = files.enumerator(atPath: package.root) else {
      throw RunError("cannot read \(package.root)")
    }
    while let relative = walker.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") {
        walker.skipDescendants()
        continue
      }
      var isFolder: ObjCBool = false
      let source = "\(package.root)/\(relative)"
      guard files.fileExists(atPath: source, isDirectory: &isFolder), !isFolder.boolValue else {
        continue
      }
      wanted.insert(relative)
      try write(files.contents(atPath: source) ?? Data(), to: relative)
    }
    if let existing = files.enumerator(atPath: copy) {
      while let relative = existing.nextObject() as? String {
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: "\(copy)/\(relative)", isDirectory: &isFolder),
          !isFolder.boolValue, !wanted.contains(relative)
        {
          try? files.removeItem(atPath: "\(copy)/\(relative)")
        }
      }
    }
  }

  /// Writes `data` to `relative` in the copy, unless it holds that already.
  public func write(_ data: Data, to relative: String) throws(RunError) {
    let path = "\(copy)/\(relative)"
    if FileManager.default.contents(atPath: path) == data { return }
    do {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    } catch {
      throw RunError("cannot write \(path): \(error.localizedDescription)")
    }
    try AtomicFile.write(data, to: path)
  }

  /// Builds the copy's tests: whether it succeeded, and every error line when not.
  public func buildTests() throws(RunError) -> (succeeded: Bool, errors: [String]) {
    let build = TestBuild(
      options: ["--package-path", copy, "--scratch-path", self.build] + buildOptions)
    let (termination, errors) = try build.compile()
    return (termination == .exited(0), errors)
  }

  /// The copy's test binary.
  public func testBinary() throws(RunError) -> TestBinary {
    let configuration =
      buildOptions.firstIndex(of: "--configuration").map { buildOptions[$0 + 1] } ?? "debug"
    return try TestBuild(
      options: ["--package-path", copy, "--scratch-path", build] + buildOptions
    ).testBinary(in: "\(build)/\(configuration)")
  }
}
