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

  /// GRDB.swift: one of four implementations of a protocol's requirement asks
  /// (`ImmediateValueObservationScheduler.immediateInitialValue()`, reached where a test
  /// schedules `.immediate`), and, matched by name, so did every function that calls any
  /// scheduler's, and every function named as those are (`start`, then `append`, `contains`,
  /// `withLock`): 604 of its 16781 assertion calls converted, the notes naming `append`. Such a
  /// member reaches only where its type, or a static member that makes one, is named.
  private let schedulers = [
    (
      "Sources/Observe/Scheduler.swift",
      """
      import Foundation

      public protocol Scheduler { func immediate() -> Bool }
      public struct Later: Scheduler { public func immediate() -> Bool { false } }
      public struct Now: Scheduler { public func immediate() -> Bool { Thread.isMainThread } }
      extension Scheduler where Self == Now { public static var now: Now { Now() } }
      extension Scheduler where Self == Later { public static var later: Later { Later() } }

      """
    ),
    (
      "Sources/Observe/Observation.swift",
      """
      public struct Observation {
        public func start(_ scheduler: some Scheduler) { if scheduler.immediate() {} }
      }
      public struct Log {
        public mutating func append(_ observation: Observation) { observation.start(.later) }
      }
      public func startNow(_ observation: Observation) { observation.start(.now) }
      public func startNowByName(_ observation: Observation) { observation.start(Now()) }

      """
    ),
  ]

  @Test func aMemberThatOnlyOneTypeAsksThroughReachesWhereThatTypeIsNamed() {
    let reached = FunctionReach.reach(
      in: schedulers.map { (path: $0.0, source: $0.1) }, asking: .mainThread
    ).mapValues { reached in
      var unlabeled = reached  // which calls fit, another test's concern
      unlabeled.signatures = []
      return unlabeled
    }
    let gated = FunctionReach.Reached(
      origin: "Sources/Observe/Scheduler.swift", gate: ["Now", "now"], types: ["Now"])
    #expect(
      reached == [
        "immediate": gated, "start": gated, "append": gated, "startNow": gated,
        "startNowByName": .init(origin: "Sources/Observe/Scheduler.swift"),
      ])
  }

  @Test func aClassThatNamesTheAskingTypeStaysXCTestAndOneThatDoesNotConverts() throws {
    let package = try MigratedPackage(
      "main-thread-gate",
      files: Dictionary(uniqueKeysWithValues: schedulers).merging([
        "Package.swift": "// swift-tools-version: 6.0\n",
        "Tests/ObserveTests/ObserveTests.swift": """
        import Observe
        import XCTest

        final class NowTests: XCTestCase {
          func testStartsNow() {
            Observation().start(.now)
            XCTAssertEqual(1, 1)
          }
        }

        final class LogTests: XCTestCase {
          func testAppends() {
            var log = Log()
            log.append(Observation())
            var names: [String] = []
            names.append("a")
            XCTAssertEqual(names.count, 1)
          }
        }

        final class StartNowTests: XCTestCase {
          func testStartsNow() { startNowByName(Observation()) }
        }

        """,
      ]) { _, new in new })
    let summary = try package.migrate()
    let migrated = try package.migrated("Tests/ObserveTests/ObserveTests.swift")
    #expect(migrated.contains("final class NowTests: XCTestCase"), "\(migrated)")
    #expect(migrated.contains("struct LogTests {"), "\(migrated)")
    #expect(migrated.contains("final class StartNowTests: XCTestCase"), "\(migrated)")
    #expect(
      summary.notes == [
        "Tests/ObserveTests/ObserveTests.swift:4: note: left as XCTest: it calls start, which "
          + "asks whether it runs on the main thread (in Sources/Observe/Scheduler.swift), as "
          + "XCTest's tests do and a Swift Testing test need not",
        "Tests/ObserveTests/ObserveTests.swift:21: note: left as XCTest: it calls startNowByName, "
          + "which asks whether it runs on the main thread (in Sources/Observe/Scheduler.swift), "
          + "as XCTest's tests do and a Swift Testing test need not",
      ], "\(summary.notes)")
  }
}
