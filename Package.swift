// swift-tools-version: 6.0
import PackageDescription

// The runtime library `Assay` stays cheap to compile: it depends on swift-custom-dump (for
// readable diffs) and the toolchain's XCTest and Swift Testing, never on swift-syntax.
// Macros (`AssayMacros`) and the `assay` command-line tool will get their own targets and
// products, so that only users who ask for them pay for swift-syntax and argument parsing.
let package = Package(
  name: "Assay",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "Assay", targets: ["Assay"])
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    // For the examples' tests only: a test clock, and a small web server on 127.0.0.1.
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
  ],
  targets: [
    .target(
      name: "Assay",
      dependencies: [.product(name: "CustomDump", package: "swift-custom-dump")]
    ),
    .testTarget(name: "AssayTests", dependencies: ["Assay"]),
  ] + examples
)

// The seeds' scenarios, written as we want users to write tests. Each example is a small
// module with its test suite; every suite's name ends in `ExampleTests`, so
// `swift test --filter ExampleTests` runs them all.
var examples: [Target] {
  [
    example("FuelGauge"),
    example("Delegation"),
    example("PowerMonitor"),
    example("Birthdays"),
    example("PageTitles", testing: [.product(name: "FlyingFox", package: "FlyingFox")]),
    example("Autosave", testing: [.product(name: "Clocks", package: "swift-clocks")]),
  ].flatMap { $0 }
}

func example(_ name: String, testing extras: [Target.Dependency] = []) -> [Target] {
  [
    .target(name: name, path: "Examples/\(name)/Sources"),
    .testTarget(
      name: "\(name)ExampleTests",
      dependencies: [.target(name: name), "Assay"] + extras,
      path: "Examples/\(name)/Tests"
    ),
  ]
}
