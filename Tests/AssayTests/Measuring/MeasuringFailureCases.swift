import Assay
import Foundation

/// How `measure` fails, with the message users see. Run in both frameworks by
/// `SwiftTestingFailureDetectionTests` and `XCTestFailureDetectionTests`. Every case names its
/// measure: the runners are one test each, and a test's unnamed measures must differ.
enum MeasuringFailureCases {
  struct Oops: Error {}

  static let options = MeasuringFixtures.options

  /// A warm-up run, then samples of three runs.
  static let samplesOfThree = MeasureOptions(
    budget: .seconds(3600), warmUpRuns: 1, maximumSamples: 20, iterationsPerSample: 3)

  static let all: [FailureCase] = badInput + verdicts

  static let badInput: [FailureCase] = [
    FailureCase(
      "measure block throws",
      "measure \"throwing\": the block threw an error on run 1: Oops(); nothing was judged",
      failsAt: 6
    ) {
      MeasuringFixtures.withBaselines { _ in
        measure("throwing", options: options) { throw Oops() }
      }
    },
    FailureCase(
      "measure never starts measuring",
      "measure \"never started\": the block never called startMeasuring(): call it where the "
        + "measured part begins",
      failsAt: 7
    ) {
      MeasuringFixtures.withBaselines { _ in
        measure("never started", options: options) { _ in MeasuringFixtures.allocate(1) }
      }
    },
    FailureCase(
      "measure stops before starting",
      "measure \"stopped first\": stopMeasuring() was called before startMeasuring()",
      failsAt: 6
    ) {
      MeasuringFixtures.withBaselines { _ in
        measure("stopped first", options: options) { iteration in
          iteration.stopMeasuring()
          iteration.startMeasuring()
        }
      }
    },
    FailureCase(
      "measure starts twice",
      "measure \"started twice\": startMeasuring() was called twice in one run",
      failsAt: 6
    ) {
      MeasuringFixtures.withBaselines { _ in
        measure("started twice", options: options) { iteration in
          iteration.startMeasuring()
          iteration.startMeasuring()
        }
      }
    },
    FailureCase(
      "measure starts again after stopping",
      "measure \"started again\": startMeasuring() was called twice in one run",
      failsAt: 6
    ) {
      MeasuringFixtures.withBaselines { _ in
        measure("started again", options: options) { iteration in
          iteration.startMeasuring()
          iteration.stopMeasuring()
          iteration.startMeasuring()
        }
      }
    },
    // The run that threw is counted in runs, not samples: after the warm-up run, the first
    // sample's third run is the fourth.
    FailureCase(
      "measure block throws in a sample of several runs",
      "measure \"throwing later\": the block threw an error on run 4: Oops(); nothing was judged",
      failsAt: 7
    ) {
      MeasuringFixtures.withBaselines { _ in
        var runs = 0
        measure("throwing later", options: samplesOfThree) {
          runs += 1
          if runs == 4 { throw Oops() }
        }
      }
    },
    FailureCase(
      "measure asynchronous block throws in a sample of several runs",
      "measure \"awaited, throwing later\": the block threw an error on run 4: Oops(); nothing "
        + "was judged",
      failsAt: 8
    ) {
      await MeasuringFixtures.withBaselines { _ async in
        var runs = 0
        await measure("awaited, throwing later", options: samplesOfThree) {
          await Task.yield()
          runs += 1
          if runs == 4 { throw Oops() }
        }
      }
    },
    FailureCase(
      "measure corrupt baselines",
      "measure \"corrupt\": Baselines/AssayTests.json: not valid JSON (\(corruptReason)); fix "
        + "it, or delete it and record the baselines again",
      failsAt: 7
    ) {
      MeasuringFixtures.withBaselines(#"{"schemaVersion": 1, "measures": {"#) { _ in
        measure("corrupt", options: options) {}
      }
    },
    FailureCase(
      "measure baselines of another version",
      "measure \"versioned\": Baselines/AssayTests.json: schema version 9, but this Assay reads "
        + "version 1",
      failsAt: 7
    ) {
      MeasuringFixtures.withBaselines(#"{"schemaVersion": 9}"#) { _ in
        measure("versioned", options: options) {}
      }
    },
    FailureCase(
      "measure hand-edited baseline",
      "measure \"edited\": Baselines/AssayTests.json: measures.\"edited\".\"test machine\""
        + ".metrics.wallClock.samples: expected a list of numbers that are not negative",
      failsAt: 12
    ) {
      MeasuringFixtures.withBaselines(
        #"""
        {"schemaVersion": 1, "measures": {"edited": {"test machine": {"metrics":
          {"wallClock": {"samples": [0.001, -1]}}}}}}
        """#
      ) { _ in
        measure("edited", options: options) {}
      }
    },
    FailureCase(
      "measure without a baseline on CI",
      "measure \"on CI\": no baseline of wall clock for machine \"test machine\" in "
        + "Baselines/AssayTests.json. Record one on a machine of this class with "
        + "ASSAY_RECORD_BASELINES=1 (or assay test --record-baselines) and commit it, or set "
        + "ASSAY_ALLOW_NEW_BASELINES=1 to let CI record it",
      failsAt: 9
    ) {
      MeasuringFixtures.withBaselines(isCI: true) { _ in
        measure("on CI", options: options) {}
      }
    },
  ]

  /// What JSONSerialization says of the corrupt file, which differs between platforms.
  static let corruptReason: String = {
    do {
      _ = try JSONSerialization.jsonObject(with: Data(#"{"schemaVersion": 1, "measures": {"#.utf8))
      return ""
    } catch {
      return (error as NSError).userInfo["NSDebugDescription"] as? String
        ?? error.localizedDescription
    }
  }()

  /// Allocations are counted exactly where they can be counted (Linux with glibc), so the
  /// verdict and its message are the same on every run there; instructions are counted as
  /// Callgrind writes them (a fake writes the counts).
  static let verdicts: [FailureCase] = {
    #if os(Linux)
      [
        FailureCase(
          "measure regression",
          """
          measure "allocating": allocations 100.0% higher than the baseline (99% confidence: \
          100.0% to 100.0% higher; tolerance 10%)
          baseline: median 1, p10–p90 1–1, MAD 0, 20 samples (test machine, recorded 2026-01-02)
          now:      median 2, p10–p90 2–2, MAD 0, 20 samples
          If the change is expected, record the baseline again: assay test --record-baselines \
          MeasuringFailureCases.swift:\(#line + 7), or ASSAY_RECORD_BASELINES=1 swift test; it \
          is kept in Baselines/AssayTests.json
          """,
          failsAt: 15
        ) {
          MeasuringFixtures.withBaselines(MeasuringFixtures.baseline("allocating", allocations: 1))
          { _ in
            measure("allocating", metrics: [.allocations], options: options) {
              MeasuringFixtures.allocate(2)
            }
          }
        },
        FailureCase(
          "measure allocated bytes regression",
          """
          measure "allocating bytes": allocated bytes 100.0% higher than the baseline (99% \
          confidence: 100.0% to 100.0% higher; tolerance 10%)
          baseline: median 1.5 MB, p10–p90 1.5 MB–1.5 MB, MAD 0 bytes, 20 samples (test \
          machine, recorded 2026-01-02)
          now:      median 3 MB, p10–p90 3 MB–3 MB, MAD 0 bytes, 20 samples
          If the change is expected, record the baseline again: assay test --record-baselines \
          MeasuringFailureCases.swift:\(#line + 9), or ASSAY_RECORD_BASELINES=1 swift test; it \
          is kept in Baselines/AssayTests.json
          """,
          failsAt: 18
        ) {
          MeasuringFixtures.withBaselines(
            MeasuringFixtures.baseline(
              "allocating bytes", metric: "allocatedBytes", value: 1_500_000, samples: 20)
          ) { _ in
            measure("allocating bytes", metrics: [.allocatedBytes], options: options) {
              free(malloc(3_000_000))
            }
          }
        },
        FailureCase(
          "measure inconclusive with ASSAY_FAIL_INCONCLUSIVE",
          """
          measure "noisy": wall clock inconclusive: the machine was too noisy to tell a 10% \
          change: 5.2% slower than the baseline (99% confidence: 2.5% faster to 12.9% slower; \
          tolerance 10%); the samples rule out only a slowdown above 12.9%; noise: the samples \
          spread 8.6% around their median now, 1.2% in the baseline
          baseline: median 1.02 ms, p10–p90 1 ms–1.04 ms, MAD 12.5 µs, 40 samples (test machine, \
          recorded 2026-01-02)
          now:      median 1.16 ms, p10–p90 1.02 ms–1.3 ms, MAD 100 µs, 10 samples
          Neither a failure nor a pass: measure .instructions (exact under any load), or run \
          performance tests alone on a quiet machine; ASSAY_FAIL_INCONCLUSIVE=1 makes this a \
          failure.
          (A failure because ASSAY_FAIL_INCONCLUSIVE=1.)
          """,
          failsAt: 17
        ) {
          MeasuringFixtures.judgeNoisyWallClock("noisy", failing: true, at: CallSite())
        },
        FailureCase(
          "measure regression against a baseline of several processes",
          """
          measure "several": wall clock 39.3% slower than the baseline (99% confidence with the \
          baseline's processes: 32.9% to 45.9% slower; tolerance 10%)
          baseline: median 1.03 ms, p10–p90 1.01 ms–1.05 ms, MAD 10.1 µs, 200 samples in 5 \
          processes (test machine, recorded 2026-01-02)
          now:      median 1.42 ms, p10–p90 1.4 ms–1.45 ms, MAD 17.5 µs, 40 samples
          If the change is expected, record the baseline again: assay test --record-baselines \
          MeasuringFailureCases.swift:\(#line + 5), or ASSAY_RECORD_BASELINES=1 swift test; it \
          is kept in Baselines/AssayTests.json
          """,
          failsAt: 14
        ) {
          MeasuringFixtures.judgeAgainstProcesses("several", at: CallSite())
        },
        FailureCase(
          "measure instructions regression",
          """
          measure "counted": instructions 10.0% higher than the baseline: 1100 against 1000 \
          (exact counts; tolerance 2%)
          baseline: median 1000, p10–p90 1000–1000, MAD 0, 5 samples (test machine, recorded \
          2026-01-02)
          now:      median 1100, p10–p90 1100–1100, MAD 0, 5 samples
          If the change is expected, record the baseline again: assay test --record-baselines \
          MeasuringFailureCases.swift:\(#line + 9), or ASSAY_RECORD_BASELINES=1 swift test; it \
          is kept in Baselines/AssayTests.json
          """,
          failsAt: 18
        ) {
          MeasuringFixtures.withBaselines(
            MeasuringFixtures.baseline("counted", metric: "instructions", value: 1000, samples: 5),
            instructions: .underCallgrind
          ) { _ in
            measure("counted", metrics: [.instructions]) { MeasuringFixtures.callgrindCounts(1100) }
          }
        },
      ]
    #else
      []
    #endif
  }()
}
