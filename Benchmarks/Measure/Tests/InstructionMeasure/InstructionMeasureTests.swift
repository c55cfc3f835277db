import Assay
import Foundation
import Testing
import Workload
import XCTest

// The instruction-count cells of Benchmarks/Measure/instructions.py: an arithmetic block and a
// sorting-and-grouping block, in a `@Test` and in an `XCTestCase`, each measuring
// `.instructions` only. `SLOWDOWN=0.05` plants 5% more work in both.

/// The planted increase in work, as a fraction.
let slowdown = ProcessInfo.processInfo.environment["SLOWDOWN"].flatMap(Double.init) ?? 0

/// 10,000 multiply-adds (10,500 with 5% more).
let arithmeticUnits = Int((Double(baseUnits / 10) * (1 + slowdown)).rounded())

/// 1,500 records (1,575 with 5% more), made once, outside the measured blocks.
let pool = records(2_000)
let sortedCount = Int((1_500 * (1 + slowdown)).rounded())

@Test func arithmeticInstructions() {
  measure("arithmetic, Swift Testing", metrics: [.instructions]) {
    keep(work(arithmeticUnits))
  }
}

@Test func sortingInstructions() {
  measure("sorting and grouping, Swift Testing", metrics: [.instructions]) {
    keep(sortAndGroup(pool.prefix(sortedCount)))
  }
}

final class InstructionMeasureXCTests: XCTestCase {
  func testArithmeticInstructions() {
    measure("arithmetic, XCTest", metrics: [.instructions]) { keep(work(arithmeticUnits)) }
  }

  func testSortingInstructions() {
    measure("sorting and grouping, XCTest", metrics: [.instructions]) {
      keep(sortAndGroup(pool.prefix(sortedCount)))
    }
  }
}
