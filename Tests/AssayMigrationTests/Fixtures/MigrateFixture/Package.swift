// swift-tools-version: 6.0
// An XCTest suite for `assay migrate xctest`'s end-to-end test: it is run, migrated, and run
// again, and every test must end as it did (one fails and one is skipped on purpose). The
// test copies the package and writes Assay's checkout into this manifest.
import Foundation
import PackageDescription

let assay = "../../../.."
let assayName = URL(fileURLWithPath: assay).standardized.lastPathComponent

let package = Package(
  name: "MigrateFixture",
  dependencies: [.package(path: assay)],
  targets: [
    .target(name: "Counter"),
    .testTarget(
      name: "CounterTests",
      dependencies: [
        "Counter",
        .product(name: "Assay", package: assayName),
      ]
    ),
  ],
  swiftLanguageModes: [.v5]
)
