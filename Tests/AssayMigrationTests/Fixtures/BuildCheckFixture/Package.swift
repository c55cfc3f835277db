// swift-tools-version: 6.0
// For `assay migrate xctest` on helpers declared in another target: an `extension XCTestCase`
// method, which the migration reads outside the paths it was given and keeps its callers XCTest
// for, and an `XCTAssertEqual` overload for arrays of tuples, which a call cannot tell from
// XCTest's: its converted caller does not compile, so the build check must put that suite back
// as XCTest, convert the rest, and leave a package that builds.
import PackageDescription

let package = Package(
  name: "BuildCheckFixture",
  targets: [
    .target(name: "Checks"),
    .testTarget(name: "ChecksTests", dependencies: ["Checks"]),
  ],
  swiftLanguageModes: [.v5]
)
