// swift-tools-version: 6.0
// A package whose failures show only in the test process's end, not in any test's result: an
// exit status after every test passed, an issue recorded against a suite, a crash that happens
// only when two tests run together, a data race that ThreadSanitizer reports at exit, and a
// test that counts warnings as `swift test` records them; and a test of each kind of event the
// event stream writes. Assay's tests copy it to a temporary folder and build it there.
import PackageDescription

let package = Package(
  name: "ProcessEndFixture",
  targets: [
    .target(name: "Counter"),
    .testTarget(name: "EndXCTests", dependencies: ["Counter"]),
    .testTarget(name: "EndSwiftTests", dependencies: ["Counter"]),
    .testTarget(name: "RaceTests", dependencies: ["Counter"]),
    .testTarget(name: "EveryEventTests"),
  ]
)
