// swift-tools-version: 6.0
// For `assay mutate` on code behind `#if`: the mutants of a clause this build does not compile
// (another platform, a flag not set) cannot run, and are not "not covered".
import PackageDescription

let package = Package(
  name: "IfConfigFixture",
  targets: [
    .target(name: "Calc"),
    .testTarget(name: "CalcTests", dependencies: ["Calc"]),
  ]
)
