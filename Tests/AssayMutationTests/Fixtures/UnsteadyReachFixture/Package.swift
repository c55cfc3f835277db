// swift-tools-version: 6.0
// For `assay mutate`'s proof that a test whose reach changes from run to run still runs for
// the mutants it may reach: `price(of:)` saves what it works out in a file and reads it back
// on later runs, as code that caches to disk or races a timer reaches different lines each
// time. The baseline sees one path of `teaCostsThreeEuros`, the mutants' runs the other.
import PackageDescription

let package = Package(
  name: "UnsteadyReachFixture",
  targets: [
    .target(name: "Prices"),
    .testTarget(name: "PricesTests", dependencies: ["Prices"]),
  ]
)
