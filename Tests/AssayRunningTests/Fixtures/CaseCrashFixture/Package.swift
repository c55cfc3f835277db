// swift-tools-version: 6.0
// A package whose Assay spec and contract each crash in one case, for `assay test`'s
// end-to-end tests: the cases after the crash must still run. The tests copy it and write
// Assay's checkout into this manifest.
import Foundation
import PackageDescription

let assay = "../../../.."
let assayName = URL(fileURLWithPath: assay).standardized.lastPathComponent

let package = Package(
  name: "CaseCrashFixture",
  dependencies: [.package(path: assay)],
  targets: [
    .testTarget(
      name: "CaseCrashTests",
      dependencies: [.product(name: "Assay", package: assayName)]
    )
  ]
)
