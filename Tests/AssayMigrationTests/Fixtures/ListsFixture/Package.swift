// swift-tools-version: 5.9
// For `assay migrate xctest --verify` on a package from before Swift 5.4: its LinuxMain.swift
// runs only the tests its lists name, and UnlistedTests, never listed, fails. Without the
// lists it would run (and fail) for the first time, so --verify must put them back.
import PackageDescription

let package = Package(
  name: "ListsFixture",
  targets: [.testTarget(name: "ListsTests")]
)
