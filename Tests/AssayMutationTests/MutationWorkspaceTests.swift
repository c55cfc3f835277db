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
}
