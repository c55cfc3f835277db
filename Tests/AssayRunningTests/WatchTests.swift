import AssayResults
import Foundation
import Testing

@testable import AssayRunning

/// `--watch`: which files changed, and what runs first after a change.
@Suite struct WatchTests {
  static let package = SwiftPackage(
    name: "P", root: "/p",
    targets: [
      .init(
        name: "Core", c99name: "Core", type: "library", path: "Sources/Core", sources: [],
        targetDependencies: []),
      .init(
        name: "UI", c99name: "UI", type: "library", path: "Sources/UI", sources: [],
        targetDependencies: ["Core"]),
      .init(
        name: "CoreTests", c99name: "CoreTests", type: "test", path: "Tests/CoreTests",
        sources: [], targetDependencies: ["Core"]),
      .init(
        name: "UITests", c99name: "UITests", type: "test", path: "Tests/UITests", sources: [],
        targetDependencies: ["UI"]),
      .init(
        name: "OtherTests", c99name: "OtherTests", type: "test", path: "Tests/OtherTests",
        sources: [], targetDependencies: []),
    ])

  static func id(_ target: String, _ test: String) -> TestIdentifier {
    TestIdentifier(library: .swiftTesting, target: target, suite: "S", test: test)
  }

  @Test func theTestsOfEveryTargetThatDependsOnAChangedTargetAreFound() {
    #expect(Self.package.testTargets(dependingOn: "Core").map(\.name) == ["CoreTests", "UITests"])
    #expect(Self.package.testTargets(dependingOn: "UI").map(\.name) == ["UITests"])
  }

  @Test func aChangedTestTargetsOwnTestsAreFoundAndNoOthers() {
    #expect(Self.package.testTargets(dependingOn: "UITests").map(\.name) == ["UITests"])
    #expect(Self.package.targets(dependingOn: "UITests").isEmpty)
  }

  @Test func everyTargetThatDependsOnATargetIsFoundButItself() {
    #expect(
      Self.package.targets(dependingOn: "Core").map(\.name) == ["UI", "CoreTests", "UITests"])
    #expect(Self.package.target(holding: "Sources/UI/View.swift")?.name == "UI")
    #expect(Self.package.target(holding: "Sources/UIKitish/View.swift") == nil)
  }

  @Test func whatFailedRunsFirstThenTheChangedTargetsDependentsThenTheRest() {
    let tests = [
      Self.id("OtherTests", "a()"), Self.id("UITests", "b()"), Self.id("CoreTests", "c()"),
      Self.id("OtherTests", "d()"),
    ]
    let previous = TestReport(
      started: 0, duration: 1, results: [TestResult(id: tests[3], outcome: .failed)])
    let batches = TestSession.prioritized(
      [TestBatch(library: .swiftTesting, tests: tests, isEverything: true)],
      package: Self.package, changed: ["/p/Sources/UI/View.swift"], previous: previous)
    #expect(batches.map(\.tests) == [[tests[3]], [tests[1]], [tests[0], tests[2]]])
    #expect(batches.map(\.isEverything) == [false, false, false])
  }

  @Test func aSnapshotSeesAChangedAndANewSwiftFileButNotTheBuildFolder() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-watch-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: "\(root)/.build", withIntermediateDirectories: true)
    try "let a = 1".write(toFile: "\(root)/A.swift", atomically: true, encoding: .utf8)
    try "let b = 1".write(toFile: "\(root)/.build/B.swift", atomically: true, encoding: .utf8)
    let before = TestWatcher.snapshot(root)
    #expect(Array(before.keys) == ["\(root)/A.swift"])
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: "\(root)/A.swift")
    try "let c = 1".write(toFile: "\(root)/C.swift", atomically: true, encoding: .utf8)
    let after = TestWatcher.snapshot(root)
    #expect(
      Set(after.keys.filter { before[$0] != after[$0] })
        == ["\(root)/A.swift", "\(root)/C.swift"])
  }

  /// A folder of the package that is a link (sources shared with another package) is watched
  /// through the link: a change to a file it leads to is seen.
  @Test func aSnapshotSeesAChangeInALinkedFolder() throws {
    let top = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-watch-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: top) }
    try FileManager.default.createDirectory(
      atPath: "\(top)/Shared", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: "\(top)/P/Sources", withIntermediateDirectories: true)
    try "let a = 1".write(toFile: "\(top)/Shared/A.swift", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: "\(top)/P/Sources/A", withDestinationPath: "../../Shared")
    let before = TestWatcher.snapshot("\(top)/P")
    #expect(Array(before.keys) == ["\(top)/P/Sources/A/A.swift"])
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: "\(top)/Shared/A.swift")
    let after = TestWatcher.snapshot("\(top)/P")
    #expect(before != after)
  }
}
