import Testing

@testable import AssayMigration

/// XCTest runs one test at a time; Swift Testing runs tests side by side. Quick/Nimble's
/// `throwAssertion()` installs a handler for `SIGILL` and puts the previous one back when it
/// returns, in the library, not in the tests: converted, the run crashed one time in four, and
/// with the suite serialized it still crashed under load (beside other suites). A class whose
/// tests reach such a function stays XCTest, naming it.
struct ProcessWideReachTests {
  /// A package whose library installs a signal handler two calls deep, in another file than
  /// the function the tests call, and a test file with a class that calls it and one that
  /// does not.
  private func package() throws -> MigratedPackage {
    try MigratedPackage(
      "process-wide",
      files: [
        "Package.swift": "// swift-tools-version: 6.0\n",
        "Sources/Traps/Handler.swift": """
        import Glibc

        func withHandler(_ body: () -> Void) {
          var action = sigaction()
          var previous = sigaction()
          sigaction(SIGILL, &action, &previous)
          defer { sigaction(SIGILL, &previous, nil) }
          body()
        }

        """,
        "Sources/Traps/Catching.swift": """
        import Dispatch

        public func catchesTrap(_ body: () -> Void) -> Bool { withHandler(body); return false }

        public func waits() { DispatchSemaphore(value: 1).signal() }

        """,
        "Tests/TrapsTests/TrapsTests.swift": """
        import Traps
        import XCTest

        final class CatchingTests: XCTestCase {
          func testCatches() { XCTAssertFalse(catchesTrap {}) }

          func testCatchesAgain() { XCTAssertFalse(catchesTrap {}) }
        }

        final class PlainTests: XCTestCase {
          func testWaits() {
            waits()
            XCTAssertTrue(true)
          }
        }

        """,
      ])
  }

  @Test func aClassThatReachesASignalHandlerStaysXCTestNamingIt() throws {
    let package = try package()
    let summary = try package.migrate()
    let migrated = try package.migrated("Tests/TrapsTests/TrapsTests.swift")
    #expect(migrated.contains("final class CatchingTests: XCTestCase {"), "\(migrated)")
    #expect(migrated.contains("\nstruct PlainTests {"), "\(migrated)")
    #expect(
      summary.notes == [
        "Tests/TrapsTests/TrapsTests.swift:4: note: left as XCTest: it calls catchesTrap, which "
          + "changes what the whole process shares (signal handlers, the working folder or the "
          + "environment, in Sources/Traps/Handler.swift), which XCTest's tests do one at a time "
          + "and Swift Testing's other tests would share"
      ], "\(summary.notes)")
  }

  /// C's calls count bare; a semaphore's `signal()` is a member and does not.
  @Test func processWideCallsAreFoundBareAndThroughCalls() {
    let files = [
      ("A.swift", "func install() { signal(SIGPIPE, SIG_IGN) }\nfunc ping(s: S) { s.signal() }"),
      ("B.swift", "func start() { install() }\nfunc other() { ping(s: s) }"),
      ("C.swift", "func move() { FileManager.default.changeCurrentDirectoryPath(\"/\") }"),
    ]
    #expect(
      FunctionReach.functions(in: files.map { (path: $0.0, source: $0.1) }, asking: .processWide)
        == ["install": "A.swift", "start": "A.swift", "move": "C.swift"])
  }
}
