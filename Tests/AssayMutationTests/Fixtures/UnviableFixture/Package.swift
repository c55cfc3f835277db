// swift-tools-version: 6.0
// For `assay mutate`'s proof of unviable mutants: removing the call to `fail`, a function that
// never returns, leaves `clamp` without a return, an error at no mutant, which names every
// removed call of the function. Only that one does not compile; the other must come back.
import PackageDescription

let package = Package(
  name: "UnviableFixture",
  targets: [
    .target(name: "Clamp"),
    .testTarget(name: "ClampTests", dependencies: ["Clamp"]),
  ]
)
