import Assay
import Foundation
import Testing
import Workload
import XCTest

// The cells of Benchmarks/Measure/matrix.py: four blocks (arithmetic; sorting and grouping
// 1,500 records; allocating; asynchronous), each in a `@Test` and in an `XCTestCase`, each
// measuring the one metric `METRIC` names (instructions by default: wallClock, cpuTime,
// allocations). `SLOWDOWN=0.25` plants 25% more work in every block.

/// The planted increase in work, as a fraction.
let slowdown = ProcessInfo.processInfo.environment["SLOWDOWN"].flatMap(Double.init) ?? 0

/// The metric of every measure.
let metrics: [Metric] = {
  switch ProcessInfo.processInfo.environment["METRIC"] {
  case "wallClock": [.wallClock]
  case "cpuTime": [.cpuTime]
  case "allocations": [.allocations]
  default: [.instructions]
  }
}()

/// 10,000 multiply-adds (12,500 with 25% more).
let arithmeticUnits = Int((Double(baseUnits / 10) * (1 + slowdown)).rounded())

/// 1,500 records (1,875 with 25% more), made once, outside the measured blocks.
let pool = records(2_000)
let sortedCount = Int((1_500 * (1 + slowdown)).rounded())

/// 2,000 small arrays (2,500 with 25% more), each its own allocation.
let arrayCount = Int((2_000 * (1 + slowdown)).rounded())

/// Allocates `arrayCount` arrays of eight numbers and sums them.
@inline(never)
func allocating() -> UInt64 {
  var total: UInt64 = 0
  for index in 0..<arrayCount {
    let numbers = [UInt64](repeating: UInt64(index), count: 8)
    total = total &+ numbers.reduce(0, &+)
  }
  return total
}

/// The sorting block, in a child task awaited by the measured block.
func sortingInAnotherTask() async -> UInt64 {
  await Task { sortAndGroup(pool.prefix(sortedCount)) }.value
}

@Test func arithmetic() {
  measure("arithmetic, Swift Testing", metrics: metrics) { keep(work(arithmeticUnits)) }
}

@Test func sorting() {
  measure("sorting and grouping, Swift Testing", metrics: metrics) {
    keep(sortAndGroup(pool.prefix(sortedCount)))
  }
}

@Test func allocation() {
  measure("allocating, Swift Testing", metrics: metrics) { keep(allocating()) }
}

@Test func awaiting() async {
  await measure("asynchronous, Swift Testing", metrics: metrics) {
    keep(await sortingInAnotherTask())
  }
}

final class MeasureMatrixXCTests: XCTestCase {
  func testArithmetic() {
    measure("arithmetic, XCTest", metrics: metrics) { keep(work(arithmeticUnits)) }
  }

  func testSorting() {
    measure("sorting and grouping, XCTest", metrics: metrics) {
      keep(sortAndGroup(pool.prefix(sortedCount)))
    }
  }

  func testAllocation() {
    measure("allocating, XCTest", metrics: metrics) { keep(allocating()) }
  }

  func testAwaiting() async {
    await measure("asynchronous, XCTest", metrics: metrics) {
      keep(await sortingInAnotherTask())
    }
  }
}
