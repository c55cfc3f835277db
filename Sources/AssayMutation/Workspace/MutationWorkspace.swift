import AssayRunning
import AssayToolSupport
import Foundation

/// The copy of the package that `assay mutate` mutates and builds, so that the user's files
/// are never written: `.build/assay/mutate/tree/NAME` (NAME: the package's folder, which
/// SwiftPM names the root package by), built into `.build/assay/mutate/build` (`.build`, or
/// the folder that `--scratch-path` names).
///
/// A dependency by relative path (`.package(path: "../Other")`) resolves from the copy as from
/// the package: the copy sits as deep under `tree` as the deepest such path climbs, and a link
/// beside it (still under `tree`) leads to each dependency's folder.
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

  /// Links from the copy's surroundings to the folders of the package's path dependencies.
  public let links: [(link: String, target: String)]

  /// The folder of the package that is not copied, relative to it: the build folder that
  /// holds the copy, when it lies inside the package and is not hidden (`--scratch-path out`).
  let leftOut: String?

  /// The Swift files written since a build last compiled them.
  let changed: ChangedSources

  /// What each file of the copy holds as the run left it.
  let ledger = CopyLedger()

  /// A workspace under `folder` for `package`.
  ///
  /// - Parameter leavingOut: The build folder (absolute): not copied when it lies inside the
  ///   package, since the copy lies inside it.
  public init(
    package: SwiftPackage, folder: String, buildOptions: [String] = [], leavingOut: String? = nil
  ) {
    self.package = package
    (copy, links) = Self.layout(
      root: package.root, pathDependencies: package.pathDependencies, under: "\(folder)/tree")
    build = "\(folder)/build"
    changed = ChangedSources(record: "\(folder)/build/assay-compiled-sources.json")
    self.buildOptions = buildOptions
    let root = URL(fileURLWithPath: package.root).standardizedFileURL.path + "/"
    leftOut = leavingOut.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
      .flatMap { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : nil }
  }

  /// Where the copy of the package at `root` goes under `tree`, and the links that make its
  /// path dependencies resolve from there as from `root`.
  static func layout(root: String, pathDependencies: [String], under tree: String) -> (
    copy: String, links: [(link: String, target: String)]
  ) {
    let rootParts = URL(fileURLWithPath: root).standardizedFileURL.pathComponents
    // For each dependency outside the root: how far up it starts, and its first folder there.
    let outside = pathDependencies.compactMap { path -> (ups: Int, first: String)? in
      let parts = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
      let common = zip(rootParts, parts).prefix { $0 == $1 }.count
      let ups = rootParts.count - common
      guard ups > 0, common < parts.count else { return nil }
      return (ups, parts[common])
    }
    let depth = outside.map(\.ups).max() ?? 1
    // Folders between `tree` and the copy, so that `depth` steps up from it stay in `tree`.
    let between = Array(repeating: "_", count: depth - 1)
    let copy = ([tree] + between + [rootParts.last ?? "package"]).joined(separator: "/")
    let links = outside.map { dependency in
      let place = ([tree] + between.dropLast(dependency.ups - 1)).joined(separator: "/")
      let realParent = "/" + rootParts.dropFirst().dropLast(dependency.ups).joined(separator: "/")
      return (
        "\(place)/\(dependency.first)",
        (realParent == "/" ? "" : realParent) + "/\(dependency.first)"
      )
    }
    return (copy, links)
  }

  /// Empties the build folder when it was built from a copy elsewhere (an earlier version of
  /// Assay kept the copy at `.build/assay/mutate/package`): SwiftPM then ran the old copy's
  /// test binary, and its stale tests.
  private func forgetAnotherCopysBuild() throws(RunError) {
    let files = FileManager.default
    let marker = "\(build)/assay-copy.txt"
    let recorded = files.contents(atPath: marker).flatMap { String(data: $0, encoding: .utf8) }
    guard recorded != copy else { return }
    if recorded != nil || files.fileExists(atPath: build) {
      try? files.removeItem(atPath: build)
    }
    let legacy = ((build as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("package")
    try? files.removeItem(atPath: legacy)
    do {
      try files.createDirectory(atPath: build, withIntermediateDirectories: true)
    } catch {
      throw RunError("cannot create \(build): \(error.localizedDescription)")
    }
    try AtomicFile.write(Data(copy.utf8), to: marker)
  }

  /// Makes the links to the path dependencies, where they are missing or lead elsewhere.
  private func makeLinks() throws(RunError) {
    let files = FileManager.default
    for (link, target) in links {
      if (try? files.destinationOfSymbolicLink(atPath: link)) == target { continue }
      try? files.removeItem(atPath: link)
      do {
        try files.createDirectory(
          atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: link, withDestinationPath: target)
      } catch {
        throw RunError("cannot link \(link) to \(target): \(error.localizedDescription)")
      }
    }
  }

  /// Copies the package's files (not its build folder, nor hidden folders such as `.git`)
  /// where they differ, and removes files the package does not have: the copy starts as the
  /// package is. A folder that is a link is copied as the files it leads to
  /// (``FileWalk``): a mutant written there stays in the copy.
  public func refresh() throws(RunError) {
    try forgetAnotherCopysBuild()
    try makeLinks()
    ledger.forgetWrites()
    try putBack(keepingSwiftPMs: false)
  }

  /// Puts the copy back as the run left it, undoing what its tests wrote there: each file of
  /// the package as the package has it, but those the run wrote itself (``write(_:to:)``) as
  /// it wrote them, and no other file. Reads only the files written since the run last did.
  ///
  /// - Parameter keepingSwiftPMs: Whether what SwiftPM writes into the copy as it builds it
  ///   stays (`Package.resolved`, hidden folders such as `.swiftpm`): without its pins, every
  ///   build would resolve the dependencies again. A run starts without them, as the package
  ///   is.
  func putBack(keepingSwiftPMs: Bool = true) throws(RunError) {
    let files = FileManager.default
    var wanted = Set(ledger.writtenFiles)
    let packageFiles = FileWalk.files(under: package.root) { relative in
      (relative as NSString).lastPathComponent.hasPrefix(".") || relative == leftOut
    }
    guard let packageFiles else { throw RunError("cannot read \(package.root)") }
    for relative in packageFiles {
      wanted.insert(relative)
      if ledger.isIntact(relative, at: "\(copy)/\(relative)") { continue }
      let source = "\(package.root)/\(relative)"
      try place(ledger.written(relative) ?? files.contents(atPath: source) ?? Data(), at: relative)
    }
    for relative in ledger.writtenFiles where !ledger.isIntact(relative, at: "\(copy)/\(relative)")
    {
      try place(ledger.written(relative) ?? Data(), at: relative)
    }
    if let existing = files.enumerator(atPath: copy) {
      while let relative = existing.nextObject() as? String {
        if keepingSwiftPMs, relative == "Package.resolved" { continue }
        if keepingSwiftPMs, (relative as NSString).lastPathComponent.hasPrefix(".") {
          existing.skipDescendants()
          continue
        }
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: "\(copy)/\(relative)", isDirectory: &isFolder),
          !isFolder.boolValue, !wanted.contains(relative)
        {
          try? files.removeItem(atPath: "\(copy)/\(relative)")
          ledger.forget(relative)
        }
      }
    }
  }

  /// Writes `data` to `relative` in the copy, unless it holds that already; the copy keeps it
  /// until the run writes that file again (``putBack()``).
  ///
  /// Where the file had or has a `@_transparent` function, the modules that depend on its
  /// module are compiled again at the next build (``forgetObjects(dependingOn:)``).
  public func write(_ data: Data, to relative: String) throws(RunError) {
    try place(data, at: relative, written: true)
  }

  /// Writes `data` to `relative` in the copy, unless it holds that already, and notes it in
  /// the ledger: as what the run wrote itself when `written`, else as the package's.
  private func place(_ data: Data, at relative: String, written: Bool = false) throws(RunError) {
    let path = "\(copy)/\(relative)"
    defer { ledger.note(relative, at: path, written: written ? data : nil) }
    let before = FileManager.default.contents(atPath: path)
    if before == data { return }
    if Self.isCopiedIntoCallers(data) || before.map(Self.isCopiedIntoCallers) == true {
      forgetObjects(dependingOn: relative)
    }
    do {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    } catch {
      throw RunError("cannot write \(path): \(error.localizedDescription)")
    }
    try AtomicFile.write(data, to: path)
    if relative.hasSuffix(".swift") { changed.insert(relative) }
  }

  /// Builds the copy's tests: whether it succeeded, and every error line when not; each line
  /// the build prints goes to `output`. A build that succeeds has compiled every Swift file
  /// written since the last (``compilingEveryChange(built:_:)``).
  public func buildTests(output: (String) -> Void = { _ in }) throws(RunError) -> (
    succeeded: Bool, errors: [String]
  ) {
    let build = TestBuild(
      options: ["--package-path", copy, "--scratch-path", self.build] + buildOptions)
    let everything = { (_: String) in true }
    return try compilingEveryChange(built: everything) { () throws(RunError) in
      let (termination, errors) = try build.compile(output: output)
      return (termination == .exited(0), errors)
    }
  }

  /// Builds only the targets that hold `files` (relative to the package) and what they depend
  /// on, not their tests: enough to learn whether mutants in those files compile, for a
  /// fraction of the build of the tests. Whether every build succeeded, and their error lines.
  /// A build that succeeds has compiled every Swift file written since the last
  /// (``compilingEveryChange(built:_:)``).
  public func buildTargets(holding files: [String]) throws(RunError) -> (
    succeeded: Bool, errors: [String]
  ) {
    let holding = Set(files.compactMap { package.target(holding: $0)?.name })
    // A target that another of them depends on is built with that one.
    let outermost = holding.filter { name in
      !package.targets(dependingOn: name).contains { holding.contains($0.name) }
    }
    guard !outermost.isEmpty else { return try buildTests() }
    let build = TestBuild(
      options: ["--package-path", copy, "--scratch-path", self.build] + buildOptions)
    let built = { (relative: String) in
      guard let target = self.package.target(holding: relative)?.name else { return false }
      return outermost.contains(target)
        || self.package.targets(dependingOn: target).contains { outermost.contains($0.name) }
    }
    return try compilingEveryChange(built: built) { () throws(RunError) in
      var succeeded = true
      var errors: [String] = []
      for target in outermost.sorted() {
        let (termination, lines) = try build.compile(target: target)
        succeeded = succeeded && termination == .exited(0)
        errors += lines
      }
      return (succeeded, errors)
    }
  }

  /// Puts back what the tests wrote in the copy (``putBack()``) and runs `build`; when it
  /// succeeds but left a Swift file written since the last build as an earlier build compiled
  /// it (SwiftPM goes by the files' times and sizes: a mutant that does not compile "built",
  /// and a mutant's tests ran another's program), the objects of those files are removed and
  /// it runs once more.
  ///
  /// - Parameters:
  ///   - built: Whether `build` builds the module of a file (relative to the copy).
  ///   - build: The build.
  /// - Throws: ``RunError`` naming the files when even that build did not compile them: no
  ///   verdict can rest on its program.
  func compilingEveryChange(
    built: (String) -> Bool, _ build: () throws(RunError) -> (succeeded: Bool, errors: [String])
  ) throws(RunError) -> (succeeded: Bool, errors: [String]) {
    try putBack()
    let first = try build()
    let stale = changed.uncompiled(under: copy, built: built, object: object(of:))
    guard first.succeeded, !stale.isEmpty else { return first }
    for file in stale { try? FileManager.default.removeItem(atPath: object(of: file) ?? "") }
    let second = try build()
    let still = changed.uncompiled(under: copy, built: built, object: object(of:))
    guard second.succeeded, !still.isEmpty else { return second }
    throw RunError(
      "swift build succeeded without compiling \(still.joined(separator: ", ")), which changed, "
        + "even with its objects removed: no verdict can rest on that build")
  }

  /// Where the build puts the object of the Swift file `relative` (`<Module>.build/<name>.o`),
  /// or `nil` when no target holds it.
  func object(of relative: String) -> String? {
    guard let target = package.target(holding: relative) else { return nil }
    let name = (relative as NSString).lastPathComponent
    return "\(build)/\(configuration)/\(target.c99name).build/\(name).o"
  }

  /// Whether a source declares a function whose body Swift copies into every module that
  /// calls it, even in a debug build: `@_transparent`. The incremental build does not compile
  /// those modules again when only such a body changed (Swift 6.3.1), so their tests would run
  /// an earlier build's switches (swift-atomics: another shard's mutants).
  static func isCopiedIntoCallers(_ source: Data) -> Bool {
    source.range(of: Data("@_transparent".utf8)) != nil
  }

  /// Removes the objects of every module that depends on the module of `relative`, directly
  /// or not, so that the next build compiles all of their files again.
  public func forgetObjects(dependingOn relative: String) {
    guard let target = package.target(holding: relative) else { return }
    let products = "\(build)/\(configuration)"
    for dependent in package.targets(dependingOn: target.name) {
      let folder = "\(products)/\(dependent.c99name).build"
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for name in names where name.hasSuffix(".o") {
        try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")
      }
    }
  }

  /// The configuration the copy is built in: `debug` unless `--configuration` says otherwise.
  private var configuration: String {
    buildOptions.firstIndex(of: "--configuration").map { buildOptions[$0 + 1] } ?? "debug"
  }

  /// The copy's test binary, which lists its tests in the copy, never in the user's package;
  /// the workers run them in folders of their own that show the copy (``WorkerFolders``).
  public func testBinary() throws(RunError) -> TestBinary {
    var binary = try TestBuild(
      options: ["--package-path", copy, "--scratch-path", build] + buildOptions
    ).testBinary(in: "\(build)/\(configuration)")
    binary.workingDirectory = copy
    return binary
  }
}
