import Assay
import Foundation
import Testing
import XCTest

/// How many steps the measured loop takes: `LOOP_STEPS` (a test makes it 5% more), 10,000 by
/// default. Read once, outside the measured blocks, so that they allocate nothing and count
/// the same every time.
let steps = ProcessInfo.processInfo.environment["LOOP_STEPS"].flatMap(Int.init) ?? 10_000

/// A loop whose instructions are proportional to `count`.
@inline(never) func loop(_ count: Int) -> Int {
  var sum = 0
  for step in 0..<count { sum &+= step &* 3 }
  return sum
}

@Test func loopInstructions() {
  measure("Swift Testing loop", metrics: [.instructions]) { _ = loop(steps) }
}

final class LoopXCTests: XCTestCase {
  func testLoopInstructions() {
    measure("XCTest loop", metrics: [.instructions]) { _ = loop(steps) }
  }
}

/// The same loop's wall clock, which `assay test --record-baselines` records in several
/// processes.
@Test func loopTime() {
  measure(
    "Swift Testing loop time", metrics: [.wallClock], options: .init(budget: .milliseconds(50))
  ) {
    _ = loop(steps)
  }
}

final class LoopTimeXCTests: XCTestCase {
  func testLoopTime() {
    measure("XCTest loop time", metrics: [.wallClock], options: .init(budget: .milliseconds(50))) {
      _ = loop(steps)
    }
  }
}

/// Three times the loop in every other process that runs this test with `SLOW_EVERY_OTHER`
/// set (a file that counts the processes), the first included: processes that never agree,
/// whose baseline `assay test --record-baselines` records in as many processes as it may.
func stepsEveryOtherProcessSlow() -> Int {
  guard let counter = ProcessInfo.processInfo.environment["SLOW_EVERY_OTHER"] else {
    return steps
  }
  let count = (try? String(contentsOfFile: counter, encoding: .utf8)).flatMap { Int($0) } ?? 0
  try? String(count + 1).write(toFile: counter, atomically: false, encoding: .utf8)
  return count.isMultiple(of: 2) ? steps * 3 : steps
}

@Test func everyOtherSlowTime() {
  let count = stepsEveryOtherProcessSlow()
  measure(
    "Swift Testing every other slow", metrics: [.cpuTime],
    options: .init(budget: .milliseconds(100))
  ) {
    _ = loop(count)
  }
}

/// Five times the loop in the first process that runs this test with `SLOW_ONCE` set (it
/// leaves a file there, `SLOW_ONCE` and the framework's name), the loop itself in later ones;
/// five times in every process with `SLOW_ALWAYS=1`: one process that is slower than the
/// others, or code that is slower. Measured in CPU time, which a busy machine running the rest
/// of the suite beside it does not spread as it spreads the wall clock.
func stepsOncePerProcessSlow(_ framework: String) -> Int {
  let environment = ProcessInfo.processInfo.environment
  if environment["SLOW_ALWAYS"] == "1" { return steps * 5 }
  guard let marker = environment["SLOW_ONCE"].map({ "\($0)-\(framework)" }) else { return steps }
  if FileManager.default.fileExists(atPath: marker) { return steps }
  FileManager.default.createFile(atPath: marker, contents: Data())
  return steps * 5
}

@Test func onceSlowTime() {
  let count = stepsOncePerProcessSlow("swift-testing")
  measure(
    "Swift Testing once slow", metrics: [.cpuTime], options: .init(budget: .milliseconds(200))
  ) {
    _ = loop(count)
  }
}

final class OnceSlowTimeXCTests: XCTestCase {
  func testOnceSlowTime() {
    let count = stepsOncePerProcessSlow("xctest")
    measure("XCTest once slow", metrics: [.cpuTime], options: .init(budget: .milliseconds(200))) {
      _ = loop(count)
    }
  }
}

@Test func onceSlowInAHelper() {
  measureLoopInAHelper(
    "Swift Testing once slow in a helper", count: stepsOncePerProcessSlow("helper"))
}
