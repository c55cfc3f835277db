// swift-tools-version: 6.0
import Foundation
import PackageDescription

// How `measure` behaves on a busy machine: false alarms, detection of planted slowdowns, its
// own overhead, and XCTest's `measure` on the same blocks. Driven by run.py:
//   python3 Benchmarks/Measure/run.py
// and, for the matrix of blocks, neighbours and metrics through assay test, by matrix.py:
//   python3 Benchmarks/Measure/matrix.py --metric wallClock

// A path dependency is named after its folder, which is whatever the clone was called.
let assayRoot = Context.packageDirectory + "/../.."
let assayPackageName = URL(fileURLWithPath: assayRoot).standardized.lastPathComponent

let package = Package(
  name: "Measure",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: assayRoot)],
  targets: [
    .target(name: "Workload"),
    .executableTarget(
      name: "MeasureNoise",
      dependencies: ["Workload", .product(name: "Assay", package: assayPackageName)]
    ),
    .testTarget(name: "XCTestMeasure", dependencies: ["Workload"]),
    .testTarget(
      name: "MeasureMatrix",
      dependencies: ["Workload", .product(name: "Assay", package: assayPackageName)]
    ),
  ]
)
