import AssayTestSupport
import AssayToolSupport
import Foundation
import Testing

@testable import AssayRunning

/// Listing the tests has a deadline: a test binary whose static initializers hang while it
/// lists (in either test library) is killed, and the run stops with an error naming the
/// binary and the deadline, instead of waiting forever or running tests read from the
/// sources as if the binary could not list them.
@Suite struct ListingDeadlineTests {
  /// A stand-in for a test binary: it answers Swift Testing's listing as `swiftTesting` says
  /// (`hang` or `none`, exit 69: no Swift Testing tests) and hangs on XCTest's.
  private func binary(swiftTesting: String) throws -> (TestBinary, String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-listing-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/HangingPackageTests.xctest"
    let hang = "exec tail -f /dev/null"  // Waits until killed, printing nothing.
    let script = """
      #!/bin/sh
      if [ "$1" = "--testing-library" ]; then
        \(swiftTesting == "hang" ? hang : "exit 69")
      fi
      \(hang)
      """
    try ExecutableScript.write(script, to: path)
    return (TestBinary(path: path), folder)
  }

  @Test(.timeLimit(.minutes(1)), arguments: ["hang", "none"])
  func aListingThatHangsIsKilledAtTheDeadlineAndStopsTheRun(swiftTesting: String) throws {
    let (binary, folder) = try binary(swiftTesting: swiftTesting)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = swiftTesting == "hang" ? "Swift Testing" : "XCTest"
    do {
      let inventory = try TestInventory.list(binary, sources: [], deadline: 1)
      Issue.record("listed \(inventory.tests.count) tests; expected an error")
    } catch {
      #expect(
        error.description
          == "\(binary.path) did not list its \(library) tests within 1 s: it was killed "
          + "(a static initializer or the test library's set-up that hangs?)")
    }
  }
}
