// swift-tools-version: 5.9
// For `assay migrate xctest --verify` on a package shaped like weichsel/ZIPFoundation: its
// only list file is Tests/LinuxMain.swift (the `allTests` list is in the test file), which runs
// only the tests the list names. Put back after a build without it, it must be built again.
import PackageDescription

let package = Package(
  name: "LinuxMainFixture",
  targets: [.testTarget(name: "MainTests")]
)
