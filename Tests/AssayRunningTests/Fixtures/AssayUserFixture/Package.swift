// swift-tools-version: 6.0
// A package that uses Assay, for `assay test`'s end-to-end tests: a spec and a contract that
// each crash in one case (the cases after the crash must still run), and measures of
// instructions in both frameworks (counted under Callgrind where the machine has no counter)
// and of time (recorded in several processes; slower in one process, or in every one).
// The tests copy it and write Assay's checkout into this manifest.
import Foundation
import PackageDescription

let assay = "../../../.."
let assayName = URL(fileURLWithPath: assay).standardized.lastPathComponent

let package = Package(
  name: "AssayUserFixture",
  dependencies: [.package(path: assay)],
  targets: [
    .testTarget(
      name: "CaseCrashTests",
      dependencies: [.product(name: "Assay", package: assayName)]
    ),
    .testTarget(
      name: "InstructionTests",
      dependencies: [.product(name: "Assay", package: assayName)]
    ),
  ]
)
