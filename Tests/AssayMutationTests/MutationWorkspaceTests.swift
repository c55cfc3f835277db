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

  /// The lines of `swift build` that say it compiles a file, and those that do not.
  static let compileLines: [(line: String, compiles: Bool)] = [
    ("[4/5] Compiling Fields Fields.swift", true),
    ("[12/43] Compiling M Other.swift, Fields.swift, Third.swift", true),
    ("[4/5] Compiling Fields MoreFields.swift", false),
    ("[3/5] Emitting module Fields", false),
    ("Fields.swift:3:1: error: cannot find 'x' in scope", false),
  ]

  @Test(arguments: compileLines)
  func aBuildLineSaysWhetherItCompilesTheFile(line: String, compiles: Bool) {
    #expect(MutationWorkspace.compiles("Sources/Fields/Fields.swift", line: line) == compiles)
  }

  /// A build compiles a file whose objects were removed, though the file did not change: what
  /// a mutant built alone relies on when its build does not say it compiled the mutated file.
  @Test func aFileWhoseObjectsWereRemovedIsCompiledAgain() async throws {
    let lines = try await offThePool { () throws -> [[String]] in
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
        package: SwiftPackage(name: "A", root: root, targets: []),
        folder: "\(root)/.build/assay/mutate")
      try workspace.refresh()
      var runs: [[String]] = []
      for forget in [false, false, true] {
        if forget { workspace.forgetObjects(of: "Sources/A/A.swift") }
        var printed: [String] = []
        #expect(try workspace.buildTests { printed.append($0) }.succeeded)
        runs.append(printed)
      }
      return runs
    }
    let compiled = lines.map { $0.contains { MutationWorkspace.compiles("A.swift", line: $0) } }
    #expect(compiled == [true, false, true], "\(lines)")
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
        "Package.swift": """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
          name: "A",
          targets: [.target(name: "A"), .testTarget(name: "ATests", dependencies: ["A"])])

        """,
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
      for (path, text) in files {
        try FileManager.default.createDirectory(
          atPath: "\(root)/\((path as NSString).deletingLastPathComponent)",
          withIntermediateDirectories: true)
        try text.write(toFile: "\(root)/\(path)", atomically: true, encoding: .utf8)
      }
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
      $0.contains { MutationWorkspace.compiles("ClientTests.swift", line: $0) }
    }
    #expect(compiled == [true, false, true], "\(lines)")
  }
}
