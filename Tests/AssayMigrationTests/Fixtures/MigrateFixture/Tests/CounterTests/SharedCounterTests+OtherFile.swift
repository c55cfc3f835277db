import Counter
import XCTest

/// Tests of a class declared in another file (ZIPFoundation's form: one class, its tests in
/// eighteen files): after migration they are tests of the suite that class becomes.
extension SharedCounterTests {
  func testSeesTheSharedCounterFromAnotherFile() {
    XCTAssertEqual(Self.shared?.value, 1)
  }

  func testIsLabelledByItsClass() {
    XCTAssertEqual(Self.label, "SharedCounterTests")
  }
}
