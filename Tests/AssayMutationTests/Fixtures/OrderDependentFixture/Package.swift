// swift-tools-version: 6.0
// For `assay mutate`'s proof that a test failing only after another test in the same process
// kills no mutant: `testBNothingLabelledBefore` passes alone and fails after
// `testAOneItem`, whatever the code does (swift-log's `LocalLoggerTest.traceAndAbove` fails
// so after other tests that set the global logging system up).
import PackageDescription

let package = Package(
  name: "OrderDependentFixture",
  targets: [
    .target(name: "Labels"),
    .testTarget(name: "LabelsTests", dependencies: ["Labels"]),
  ]
)
