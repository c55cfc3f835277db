import Foundation
import XCTest

@testable import Assay

/// `measure` inside an `XCTestCase`: the forms with a name or with metrics are Assay's, named
/// after the test, and their verdicts are XCTest failures.
final class MeasureXCTests: FailureCapturingTestCase {
  let options = MeasuringFixtures.options

  private func measures(in file: String) throws -> [String] {
    let data = try XCTUnwrap(FileManager.default.contents(atPath: file))
    let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try XCTUnwrap(root["measures"] as? [String: Any]).keys.sorted()
  }

  func testAMeasureWithMetricsIsNamedAfterTheTest() throws {
    try MeasuringFixtures.withBaselines(records: true) { file in
      measure(metrics: [.wallClock], options: options) {}
      XCTAssertEqual(
        try measures(in: file), ["MeasureXCTests/testAMeasureWithMetricsIsNamedAfterTheTest"])
    }
  }

  func testWithoutABaselineOneIsRecordedAndTheTestPasses() throws {
    try MeasuringFixtures.withBaselines { file in
      let failures = recordedFailures {
        measure("first time", options: options) {}
      }
      XCTAssertEqual(failures.map(\.message), [])
      XCTAssertEqual(try measures(in: file), ["first time"])
    }
  }

  /// A Swift Testing test and this XCTest test measuring under one name, in one baselines
  /// file: the second is an XCTest failure naming the first.
  func testAnotherTestsMeasureOfTheSameNameIsAFailure() {
    MeasuringFixtures.withBaselines(records: true) { _ in
      _ = MeasureRun(
        name: "shared", testName: "SortingTests/sorts()", metrics: [.wallClock],
        options: options, site: CallSite(fileID: "AssayTests/SortingTests.swift", line: 9),
        isAsync: false)
      let failures = recordedFailures {
        measure("shared", options: options) {}
      }
      XCTAssertEqual(
        failures.map(\.message),
        [
          "measure \"shared\" in MeasureXCTests/testAnotherTestsMeasureOfTheSameNameIsAFailure: "
            + "SortingTests/sorts() measures under this name too (at "
            + "AssayTests/SortingTests.swift:9), and the two would share one baseline: give each "
            + "measure a name of its own"
        ])
      XCTAssertEqual(failures.map(\.line), [#line - 10])
    }
  }

  /// Options that cannot measure fail the test, naming the option, and the block never runs.
  func testOptionsThatCannotMeasureAreAFailure() {
    MeasuringFixtures.withBaselines { _ in
      var ran = 0
      let failures = recordedFailures {
        measure("work", options: .init(iterationsPerSample: 0)) { ran += 1 }
      }
      XCTAssertEqual(
        failures.map(\.message),
        [
          "measure \"work\": iterationsPerSample is 0: a sample runs the block at least once "
            + "(nil chooses the iterations from sampleDuration)"
        ])
      XCTAssertEqual(failures.map(\.line), [#line - 8])
      XCTAssertEqual(ran, 0)
    }
  }

  func testWithoutABaselineOnCIItFails() {
    MeasuringFixtures.withBaselines(isCI: true) { file in
      let failures = recordedFailures {
        measure("on CI", options: options) {}
      }
      XCTAssertEqual(
        failures.map(\.message),
        [
          "measure \"on CI\": no baseline of wall clock for machine \"test machine\" in "
            + "Baselines/AssayTests.json. Record one on a machine of this class with "
            + "ASSAY_RECORD_BASELINES=1 (or assay test --record-baselines) and commit it, or set "
            + "ASSAY_ALLOW_NEW_BASELINES=1 to let CI record it"
        ])
      XCTAssertEqual(failures.map(\.line), [#line - 10])
      XCTAssertFalse(FileManager.default.fileExists(atPath: file), "CI records nothing")
    }
  }

  #if os(Linux)
    func testARegressionFailsTheTest() {
      MeasuringFixtures.withBaselines(
        MeasuringFixtures.baseline("MeasureXCTests/testARegressionFailsTheTest", allocations: 1)
      ) { _ in
        let failures = recordedFailures {
          measure(metrics: [.allocations], options: options) { MeasuringFixtures.allocate(3) }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, #line - 3)
        XCTAssertTrue(
          failures.first?.message.hasPrefix(
            "measure \"MeasureXCTests/testARegressionFailsTheTest\": allocations 200.0% higher "
              + "than the baseline") == true, "\(failures)")
      }
    }
  #endif

  func testASelfMeasuringBlockWorks() throws {
    try MeasuringFixtures.withBaselines(records: true) { file in
      measure("manual", options: options) { iteration in
        iteration.startMeasuring()
        iteration.stopMeasuring()
      }
      XCTAssertEqual(try measures(in: file), ["manual"])
    }
  }

  func testAnAsynchronousBlockWorks() async throws {
    try await MeasuringFixtures.withBaselines(records: true) { file in
      await measure("awaiting", options: options) { await Task.yield() }
      XCTAssertEqual(try measures(in: file), ["awaiting"])
    }
  }
}
