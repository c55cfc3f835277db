// swift-tools-version: 6.0
// For `assay mutate`'s proof that the tests run the mutants of this run: `doubled(_:)` is
// `@_transparent`, so Swift copies its body, switches and all, into the tests' module, which
// an incremental build of the copy did not compile again when only that body changed (a run
// of another shard, or another set of mutants, then ran the tests' copy of an earlier run).
import PackageDescription

let package = Package(
  name: "TransparentFixture",
  targets: [
    .target(name: "Doubling"),
    .testTarget(name: "DoublingTests", dependencies: ["Doubling"]),
  ]
)
