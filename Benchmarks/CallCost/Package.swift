// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The cost of one recorded call on a test double, beside a hand-written double that only
// counts. Run it in release:
//   swift run -c release --package-path Benchmarks/CallCost

// A path dependency is named after its folder, which is whatever the clone was called.
let assayRoot = Context.packageDirectory + "/../.."
let assayPackageName = URL(fileURLWithPath: assayRoot).standardized.lastPathComponent

let package = Package(
  name: "CallCost",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: assayRoot)],
  targets: [
    .executableTarget(
      name: "CallCost",
      dependencies: [.product(name: "Assay", package: assayPackageName)]
    )
  ]
)
