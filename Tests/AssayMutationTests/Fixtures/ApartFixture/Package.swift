// swift-tools-version: 6.0
// For `assay mutate`'s builds of their own: the type checker's limit is set low (a number of
// solver scopes, the same on every machine), so that the statement of `score` type-checks
// with one or two of its mutants' switches, never with all of them, as a long statement of a
// real package does with dozens. Each of its mutants compiles alone, and each must run.
import PackageDescription

let package = Package(
  name: "ApartFixture",
  targets: [
    .target(
      name: "Score",
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-solver-scope-threshold=50"])]),
    .testTarget(name: "ScoreTests", dependencies: ["Score"]),
  ]
)
