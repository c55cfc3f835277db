// swift-tools-version: 6.0
// For `assay migrate xctest`'s build check: tests that call XCTest helpers declared in another
// target (an `extension XCTestCase` method, an `XCTAssertEqual` overload for arrays of tuples),
// which the migration cannot see. Their converted code does not compile, so the migration must
// put those suites back as XCTest, convert the rest, and leave a package that builds.
import PackageDescription

let package = Package(
  name: "BuildCheckFixture",
  targets: [
    .target(name: "Checks"),
    .testTarget(name: "ChecksTests", dependencies: ["Checks"]),
  ],
  swiftLanguageModes: [.v5]
)
