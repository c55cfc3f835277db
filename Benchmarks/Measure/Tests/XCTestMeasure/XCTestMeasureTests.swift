import Workload
import XCTest

/// XCTest's own `measure` on the benchmark's blocks: it prints ten times and an average, and
/// on Linux it keeps no baseline, so it passes whatever the times.
final class XCTestMeasureTests: XCTestCase {
  func testStableBlock() {
    measure { keep(work(baseUnits)) }
  }

  func testBlockSlowedByAQuarter() {
    measure { keep(work(baseUnits * 5 / 4)) }
  }
}
