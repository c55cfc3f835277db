import Testing

@testable import AssayMutation

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
