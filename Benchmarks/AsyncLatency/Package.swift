// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Latency of Assay's waits beside XCTest's, Nimble's and a bare continuation, in one run.
// Apart from the main package so that its tests never build Nimble. Run it in release:
//   swift run -c release --package-path Benchmarks/AsyncLatency
// A path dependency is named after its folder, which is whatever the clone was called.
let assayRoot = Context.packageDirectory + "/../.."
let assayPackageName = URL(fileURLWithPath: assayRoot).standardized.lastPathComponent

let package = Package(
  name: "AsyncLatency",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(path: assayRoot),
    .package(url: "https://github.com/Quick/Nimble", from: "13.8.0"),
  ],
  targets: [
    .executableTarget(
      name: "AsyncLatency",
      dependencies: [
        .product(name: "Assay", package: assayPackageName),
        .product(name: "Nimble", package: "Nimble"),
      ]
    )
  ]
)
