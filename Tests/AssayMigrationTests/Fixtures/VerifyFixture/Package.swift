// swift-tools-version: 6.0
// For `assay migrate xctest --verify`: a test that passes only on the main thread, through a
// function of the library that the migration does not read. XCTest runs it on the main thread;
// Swift Testing does not, so the converted test fails. Reading the test's code cannot tell;
// running it before and after can, and `--verify` puts that suite back as XCTest.
import PackageDescription

let package = Package(
  name: "VerifyFixture",
  targets: [
    .target(name: "Threads"),
    .testTarget(name: "ThreadsTests", dependencies: ["Threads"]),
  ],
  swiftLanguageModes: [.v5]
)
