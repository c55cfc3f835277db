// swift-tools-version: 6.0
// For `assay mutate`'s proof that a call removed from a result builder that has no
// `buildOptional` runs: the one build cannot switch it (`if __assayKeep(id) { … }` is control
// flow such a builder rejects), though the mutant itself compiles (Graphiti's
// `Type { Field(…) }` builders are so).
import PackageDescription

let package = Package(
  name: "ResultBuilderFixture",
  targets: [
    .target(name: "Fields"),
    .testTarget(name: "FieldsTests", dependencies: ["Fields"]),
  ]
)
