import Testing

@testable import AssayMigration

/// XCTest runs every test on the main thread; a Swift Testing test runs on another (even a
/// `@MainActor` one, on Linux). A test that reaches code asking `Thread.isMainThread` (Quick/
/// Nimble's `postNotifications` matcher asserts it; its `waitUntil` runs the main run loop only
/// there) crashed or failed after migration, and took the whole run down with it: Nimble's 378
/// tests, 49 the same. Such a class stays XCTest, naming the function and its file.
struct MainThreadReachTests {
  /// A package whose library asks for the main thread two calls deep, in another file than
  /// the function the tests call, and a test file with a class that calls it and one that
  /// does not.
  private func package() throws -> MigratedPackage {
    try MigratedPackage(
      "main-thread",
      files: [
        "Package.swift": "// swift-tools-version: 6.0\n",
        "Sources/Poll/RunLoopSpin.swift": """
        import Foundation

        func spin(until done: () -> Bool) {
          while !done() {
            if Thread.isMainThread { RunLoop.main.run(until: Date()) }
          }
        }

        """,
        "Sources/Poll/Waiting.swift": """
        public func waitUntilDone(_ done: () -> Bool) { spin(until: done) }

        public func unrelated() -> Int { 1 }

        """,
        "Tests/PollTests/PollTests.swift": """
        import Poll
        import XCTest

        final class WaitsTests: XCTestCase {
          func testWaits() {
            waitUntilDone { true }
            XCTAssertEqual(unrelated(), 1)
          }

          func testSpins() { spin { true } }
        }

        final class PlainTests: XCTestCase {
          func testPlain() { XCTAssertEqual(unrelated(), 1) }
        }

        """,
      ])
  }

  @Test func aClassThatReachesAMainThreadCheckStaysXCTestNamingIt() throws {
    let package = try package()
    let summary = try package.migrate()
    let migrated = try package.migrated("Tests/PollTests/PollTests.swift")
    #expect(migrated.contains("final class WaitsTests: XCTestCase"), "\(migrated)")
    #expect(migrated.contains("struct PlainTests {"), "\(migrated)")
    #expect(
      summary.notes == [
        "Tests/PollTests/PollTests.swift:4: note: left as XCTest: it calls waitUntilDone, spin, "
          + "which ask whether they run on the main thread (in Sources/Poll/RunLoopSpin.swift), "
          + "as XCTest's tests do and a Swift Testing test need not"
      ], "\(summary.notes)")
  }

  /// The functions that reach the check, and where it is, from the files' text alone.
  @Test func reachingFunctionsAreFoundThroughCallsAcrossFiles() {
    let files = [
      ("A.swift", "func check() -> Bool { Thread.isMainThread }\nfunc other() {}"),
      (
        "B.swift", "func outer() { if check() {} }\nfunc far() { outer() }\nfunc free() { other() }"
      ),
      ("C.swift", "struct S { func member() { far() } }"),
      // `x.check()` cannot call the free function `check`; `.member` can be S's.
      ("D.swift", "func viaValue(x: T) { x.check() }\nfunc viaMember(s: S) { s.member() }"),
      // An iterator that asks: `i.next()` is too often the standard library's to count.
      (
        "E.swift",
        "struct Poll { func next() -> Int? { check() ? 1 : nil } }\n"
          + "func loops(xs: [Int]) { var i = xs.makeIterator(); _ = i.next() }"
      ),
    ]
    #expect(
      FunctionReach.functions(in: files.map { (path: $0.0, source: $0.1) }, asking: .mainThread)
        == [
          "check": "A.swift", "outer": "A.swift", "far": "A.swift", "member": "A.swift",
          "viaMember": "A.swift", "next": "A.swift",
        ])
  }
}
