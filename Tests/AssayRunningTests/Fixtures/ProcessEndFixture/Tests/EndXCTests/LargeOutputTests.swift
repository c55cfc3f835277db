import XCTest

/// A test that prints a lot (a dump, a long log) and then fails: its failure is what counts.
final class LargeOutputTests: XCTestCase {
  func testPrintsALongLineThenFails() {
    print(String(repeating: "x", count: 20_000_000))
    XCTFail("the failure after a long line")
  }

  func testPrintsManyLinesThenFails() {
    let line = String(repeating: "y", count: 999)
    for _ in 0..<20_000 { print(line) }
    XCTFail("the failure after many lines")
  }
}
