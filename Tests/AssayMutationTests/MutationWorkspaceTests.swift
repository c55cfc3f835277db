import AssayTestSupport
import Foundation
import Testing

@testable import AssayMutation
@testable import AssayRunning

/// The copy of a package keeps its relations: a dependency by relative path resolves from the
/// copy as from the package, through links that stay in the build folder.
@Suite struct MutationWorkspaceTests {
  @Test func withoutPathDependenciesTheCopyIsNamedAsThePackagesFolder() {
    let (copy, links) = MutationWorkspace.layout(
      root: "/work/App", pathDependencies: [], under: "/work/App/.build/assay/mutate/tree")
    #expect(copy == "/work/App/.build/assay/mutate/tree/App")
    #expect(links.isEmpty)
  }

  @Test func aSiblingDependencyIsLinkedBesideTheCopy() {
    let (copy, links) = MutationWorkspace.layout(
      root: "/work/App", pathDependencies: ["/work/Other", "/work/App/Vendor/Inside"],
      under: "/t")
    #expect(copy == "/t/App")
    #expect(links.map { "\($0.link) -> \($0.target)" } == ["/t/Other -> /work/Other"])
  }

  /// Found on upgrading: the copy moved, the build folder stayed, and SwiftPM ran the old
  /// copy's test binary.
  @Test func aBuildFolderBuiltFromAnotherCopyIsEmptiedAndOnlyThen() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-workspace-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: "\(root)/Sources/A", withIntermediateDirectories: true)
    try "let a = 1\n".write(toFile: "\(root)/Sources/A/A.swift", atomically: true, encoding: .utf8)
    let folder = "\(root)/.build/assay/mutate"
    try FileManager.default.createDirectory(
      atPath: "\(folder)/build", withIntermediateDirectories: true)
    try "/elsewhere".write(
      toFile: "\(folder)/build/assay-copy.txt", atomically: true, encoding: .utf8)
    try "stale".write(toFile: "\(folder)/build/old.o", atomically: true, encoding: .utf8)
    let workspace = MutationWorkspace(
      package: SwiftPackage(name: "A", root: root, targets: []), folder: folder)
    try workspace.refresh()
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/build/old.o"))
    #expect(
      try String(contentsOfFile: "\(folder)/build/assay-copy.txt", encoding: .utf8)
        == workspace.copy)
    try "kept".write(toFile: "\(folder)/build/new.o", atomically: true, encoding: .utf8)
    try workspace.refresh()
    #expect(FileManager.default.fileExists(atPath: "\(folder)/build/new.o"))
  }

  @Test func dependenciesFurtherUpPutTheCopyDeeperSoEveryLinkStaysInside() {
    let (copy, links) = MutationWorkspace.layout(
      root: "/work/apps/App", pathDependencies: ["/work/apps/Other", "/work/shared/Lib/Core"],
      under: "/t")
    #expect(copy == "/t/_/App")
    #expect(
      links.map { "\($0.link) -> \($0.target)" } == [
        "/t/_/Other -> /work/apps/Other", "/t/shared -> /work/shared",
      ])
  }

  /// Whether `line`, printed by `swift build`, says that it compiles the file named `name`
  /// (`[4/5] Compiling A A.swift`; a batch lists several files, separated by commas).
  static func compiles(_ name: String, line: String) -> Bool {
    guard let start = line.range(of: "Compiling ") else { return false }
    return line[start.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," })
      .contains { $0[...] == name[...] }
  }

  /// SwiftPM decides what to compile from the files' times and sizes, and a CI run's build
  /// succeeded without compiling a mutated file: a mutant that does not compile was proven to
  /// "compile alone" (reported not run instead of unviable). Here a change that keeps the
  /// file's size and modification time, which `swift build` does not compile (Swift 6.3.1),
  /// does not compile: both builds see it, the tests' and the targets'.
  @Test(arguments: [false, true])
  func aChangeThatSwiftBuildMissesIsCompiledAllTheSame(targetsOnly: Bool) async throws {
    let result = try await offThePool { () throws -> (Bool, [String]) in
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-workspace-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: root) }
      try FileManager.default.createDirectory(
        atPath: "\(root)/Sources/A", withIntermediateDirectories: true)
      try "// swift-tools-version: 6.0\nimport PackageDescription\n"
        .appending("let package = Package(name: \"A\", targets: [.target(name: \"A\")])\n")
        .write(toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
      try "public let a = 1\n".write(
        toFile: "\(root)/Sources/A/A.swift", atomically: true, encoding: .utf8)
      let workspace = MutationWorkspace(
        package: try SwiftPackage.describe(at: root), folder: "\(root)/.build/assay/mutate")
      try workspace.refresh()
      let build = {
        targetsOnly
          ? try workspace.buildTargets(holding: ["Sources/A/A.swift"])
          : try workspace.buildTests()
      }
      #expect(try build().succeeded)
      let file = "\(workspace.copy)/Sources/A/A.swift"
      let before = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate]
      try workspace.write(Data("public let a = x\n".utf8), to: "Sources/A/A.swift")
      try FileManager.default.setAttributes([.modificationDate: before as Any], ofItemAtPath: file)
      return try build()
    }
    #expect(!result.0)
    #expect(result.1.contains { $0.contains("A.swift:1:16: error: cannot find 'x' in scope") })
  }

  /// The manifest of a package `A` with a library `A` and its tests `ATests`.
  static let manifestWithTests = """
    // swift-tools-version: 6.0
    import PackageDescription
    let package = Package(
      name: "A",
      targets: [.target(name: "A"), .testTarget(name: "ATests", dependencies: ["A"])])

    """

  /// Writes `files` (path relative to `root`: contents) under `root`.
  static func write(_ files: [String: String], under root: String) throws {
    for (path, text) in files {
      try FileManager.default.createDirectory(
        atPath: "\(root)/\((path as NSString).deletingLastPathComponent)",
        withIntermediateDirectories: true)
      try text.write(toFile: "\(root)/\(path)", atomically: true, encoding: .utf8)
    }
  }

  /// A target whose folder is a symbolic link (to sources shared with another package, beside
  /// it): the copy holds the files it leads to, as files of its own, so that the copy builds
  /// and a mutant written there never reaches the folder the link leads to.
  @Test func aFolderLinkedIntoThePackageIsCopiedAsItsFiles() async throws {
    let (built, copied, shared) = try await offThePool { () throws -> (Bool, String?, String?) in
      let top = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-workspace-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: top) }
      let root = "\(top)/A"
      try FileManager.default.createDirectory(
        atPath: "\(top)/Shared/A", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: "\(root)/Sources", withIntermediateDirectories: true)
      try "public let a = b\n".write(
        toFile: "\(top)/Shared/A/A.swift", atomically: true, encoding: .utf8)
      try "public let b = 1\n".write(
        toFile: "\(top)/Shared/A/B.swift", atomically: true, encoding: .utf8)
      try FileManager.default.createSymbolicLink(
        atPath: "\(root)/Sources/A", withDestinationPath: "../../Shared/A")
      try "// swift-tools-version: 6.0\nimport PackageDescription\n"
        .appending("let package = Package(name: \"A\", targets: [.target(name: \"A\")])\n")
        .write(toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
      let workspace = MutationWorkspace(
        package: try SwiftPackage.describe(at: root), folder: "\(root)/.build/assay/mutate")
      try workspace.refresh()
      try workspace.write(Data("public let a = b + 1\n".utf8), to: "Sources/A/A.swift")
      let built = try workspace.buildTargets(holding: ["Sources/A/A.swift"]).succeeded
      return (
        built,
        try? String(contentsOfFile: "\(workspace.copy)/Sources/A/A.swift", encoding: .utf8),
        try? String(contentsOfFile: "\(top)/Shared/A/A.swift", encoding: .utf8)
      )
    }
    #expect(built)
    #expect(copied == "public let a = b + 1\n")
    #expect(shared == "public let a = b\n")
  }

  /// A test may write the copy's sources as it runs: an inline snapshot that fails records
  /// what it saw into its own file (by `#filePath`, which names the copy). The harness's
  /// reference found one on swift-snapshot-testing: every later build compiled the recorded
  /// file. Before each build, the copy is put back as the run wrote it: the package's files as
  /// they are, the run's own writes (a mutated file, a switch) as it wrote them, nothing else.
  @Test func whatTheTestsWroteInTheCopyIsPutBackBeforeTheNextBuild() async throws {
    let (built, files) = try await offThePool { () throws -> (Bool, [String: String?]) in
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-workspace-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: root) }
      let package = [
        "Package.swift": Self.manifestWithTests,
        "Sources/A/A.swift": "public let a = 1\n",
        "Tests/ATests/ATests.swift": "import A\nimport XCTest\nlet recorded = 1\n",
      ]
      try Self.write(package, under: root)
      let workspace = MutationWorkspace(
        package: try SwiftPackage.describe(at: root), folder: "\(root)/.build/assay/mutate")
      try workspace.refresh()
      try workspace.write(Data("public let a = 2\n".utf8), to: "Sources/A/A.swift")
      try workspace.write(Data("let switched = 0\n".utf8), to: "Sources/A/__AssayMutants.swift")
      #expect(try workspace.buildTests().succeeded)
      // What a test run may write: its own file, a file it creates, the mutated file.
      let written = [
        "Tests/ATests/ATests.swift": "import A\nimport XCTest\nlet recorded = 2 +\n",
        "Tests/ATests/Recorded.swift": "let recorded = 3\n",
        "Sources/A/A.swift": "public let a = x\n",
      ]
      // What SwiftPM writes into the copy as it builds it stays: without its pins, every build
      // would resolve the dependencies again.
      let pins = "{\n  \"pins\" : [],\n  \"version\" : 2\n}\n"
      let swiftPM = ["Package.resolved": pins, ".swiftpm/configuration/x": "y\n"]
      for (path, text) in written.merging(swiftPM, uniquingKeysWith: { first, _ in first }) {
        let file = "\(workspace.copy)/\(path)"
        try FileManager.default.createDirectory(
          atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
      }
      let built = try workspace.buildTests().succeeded
      let paths =
        Array(package.keys) + Array(written.keys) + Array(swiftPM.keys)
        + ["Sources/A/__AssayMutants.swift"]
      return (
        built,
        Dictionary(
          paths.map {
            ($0, try? String(contentsOfFile: "\(workspace.copy)/\($0)", encoding: .utf8))
          },
          uniquingKeysWith: { first, _ in first })
      )
    }
    #expect(built)
    #expect(files["Tests/ATests/ATests.swift"] == "import A\nimport XCTest\nlet recorded = 1\n")
    #expect(files["Tests/ATests/Recorded.swift"] == .some(nil))
    #expect(files["Sources/A/A.swift"] == "public let a = 2\n")
    #expect(files["Sources/A/__AssayMutants.swift"] == "let switched = 0\n")
    #expect(files["Package.resolved"]??.contains("\"pins\" : []") == true)
    #expect(files[".swiftpm/configuration/x"] == "y\n")
  }

  /// Swift copies a `@_transparent` function's body into the modules that call it, and the
  /// incremental build (Swift 6.3.1, debug) does not compile them again when only that body
  /// changed: their tests ran the body of an earlier build (swift-atomics, whose operations
  /// are all transparent: the tests held another run's switches, and its mutants were
  /// reported not covered). Writing such a file makes the modules that depend on it compile
  /// again; writing another file does not.
  @Test func writingATransparentFunctionCompilesTheModulesThatDependOnItAgain() async throws {
    let lines = try await offThePool { () throws -> [[String]] in
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-workspace-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: root) }
      let files = [
        "Package.swift": Self.manifestWithTests,
        "Sources/A/Transparent.swift": "@_transparent public func one() -> Int { 1 }\n",
        "Sources/A/Plain.swift": "public func two() -> Int { 2 }\n",
        "Tests/ATests/ClientTests.swift": """
        import A
        import XCTest
        final class ClientTests: XCTestCase {
          func testOne() { XCTAssertEqual(one() + two(), 3) }
        }

        """,
      ]
      try Self.write(files, under: root)
      let workspace = MutationWorkspace(
        package: try SwiftPackage.describe(at: root), folder: "\(root)/.build/assay/mutate")
      try workspace.refresh()
      let changes: [(String, String)?] = [
        nil,
        ("Sources/A/Plain.swift", "public func two() -> Int { 3 }\n"),
        ("Sources/A/Transparent.swift", "@_transparent public func one() -> Int { 0 }\n"),
      ]
      var runs: [[String]] = []
      for change in changes {
        if let (path, text) = change { try workspace.write(Data(text.utf8), to: path) }
        var printed: [String] = []
        #expect(try workspace.buildTests { printed.append($0) }.succeeded)
        runs.append(printed)
      }
      return runs
    }
    let compiled = lines.map {
      $0.contains { Self.compiles("ClientTests.swift", line: $0) }
    }
    #expect(compiled == [true, false, true], "\(lines)")
  }
}
