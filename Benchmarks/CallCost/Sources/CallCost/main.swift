import Assay
import Foundation

// Nanoseconds per call, single thread, best of 5 rounds of `CALLS` calls (10 million by
// default): a hand-written double that only counts its calls under a lock, a double that
// records each call, with its argument, in Assay's `CallRecorder`, and the mock `assay mock`
// generates (MockThermometer.swift), which also looks up the stubbed answer.

let calls = Int(ProcessInfo.processInfo.environment["CALLS"] ?? "") ?? 10_000_000

/// Counts calls, nothing more: the floor for a thread-safe double.
final class CountingThermometer: Thermometer, @unchecked Sendable {
  // @unchecked: `count` is only touched under `lock`.
  private let lock = NSLock()
  private var count = 0

  func temperature(at hour: Int) -> Double {
    lock.withLock { count += 1 }
    return 21
  }

  var callCount: Int { lock.withLock { count } }
}

/// Records every call and its argument.
final class RecordingThermometer: Thermometer {
  let calls = CallRecorder("RecordingThermometer")

  func temperature(at hour: Int) -> Double {
    calls.record("temperature(at:)", hour)
    return 21
  }
}

@inline(never)
func run(_ thermometer: some Thermometer) -> Double {
  var total = 0.0
  for hour in 0..<calls {
    total += thermometer.temperature(at: hour)
  }
  return total
}

func nanosecondsPerCall(_ make: () -> some Thermometer) -> Double {
  (0..<5).map { _ in
    let thermometer = make()
    let start = ContinuousClock.now
    precondition(run(thermometer) == Double(calls) * 21)
    let elapsed = ContinuousClock.now - start
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(calls)
  }
  .min()!
}

let counting = nanosecondsPerCall { CountingThermometer() }
let recording = nanosecondsPerCall { RecordingThermometer() }
let generated = nanosecondsPerCall {
  let mock = MockThermometer()
  mock.calls.temperature(at: .any).willReturn(21)
  return mock
}
print("| Double | ns per call |")
print("| --- | --- |")
print(String(format: "| hand-written, counts under a lock | %.1f |", counting))
print(String(format: "| Assay CallRecorder, records the call and its argument | %.1f |", recording))
print(String(format: "| generated mock, records and answers a stubbed value | %.1f |", generated))
print(String(format: "\nrecording / counting: %.2fx", recording / counting))
print(String(format: "generated mock / counting: %.2fx", generated / counting))
