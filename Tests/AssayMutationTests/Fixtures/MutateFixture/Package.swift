// swift-tools-version: 6.0
// A small library with tests that notice some changes and miss others, for `assay mutate`'s
// end-to-end tests: every operator has code here, and one function no test reaches.
import PackageDescription

let package = Package(
  name: "MutateFixture",
  targets: [
    .target(name: "Shop"),
    .testTarget(name: "ShopTests", dependencies: ["Shop"]),
  ]
)
