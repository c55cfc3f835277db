// swift-tools-version: 6.0
// A package whose tests misbehave on purpose, for `assay test`'s end-to-end tests: one test of
// each library crashes the process, one hangs, some fail, some are skipped. Assay's tests copy
// it to a temporary folder and build it there.
import PackageDescription

let package = Package(
  name: "RunnerFixture",
  targets: [
    .target(name: "Arithmetic"),
    .testTarget(name: "FixtureXCTests", dependencies: ["Arithmetic"]),
    .testTarget(name: "FixtureSwiftTests", dependencies: ["Arithmetic"]),
  ]
)
