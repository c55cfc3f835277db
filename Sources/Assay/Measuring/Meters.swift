import AssayAllocationCounter
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the chosen metrics around a run of a block: clocks, the allocation counter and the
/// peak resident memory.
struct Meters: Sendable {
  /// The metrics to read, without those this platform cannot read.
  let metrics: [Metric]
  /// Whether the block is asynchronous: its CPU time is then the process's.
  let isAsync: Bool
  /// The processor's instruction counter, when ``Metric/instructions`` is read by it.
  let instructionCounter: HardwareInstructionCounter?
  private let countsAllocations: Bool

  init(metrics: [Metric], isAsync: Bool, instructionCounter: HardwareInstructionCounter? = nil) {
    self.metrics = metrics
    self.isAsync = isAsync
    self.instructionCounter = instructionCounter
    countsAllocations = metrics.contains(.allocations) || metrics.contains(.allocatedBytes)
  }

  /// What was read when a run started.
  struct Start {
    let wall: Double
    let cpu: Double
  }

  /// The metrics this platform cannot read for such a block, with why.
  static func unreadable(_ metrics: [Metric], isAsync: Bool) -> [(Metric, String)] {
    metrics.compactMap { metric in
      switch metric {
      case .allocations, .allocatedBytes:
        if assay_allocations_countable() == 0 {
          return (metric, "allocations can be counted only on Linux with glibc")
        }
        if isAsync {
          return (
            metric,
            "allocations are counted per thread, and an asynchronous block may run on several"
          )
        }
        return nil
      case .peakMemory:
        #if os(Linux)
          return PeakMemory.read() == nil ? (metric, "/proc/self/status cannot be read") : nil
        #else
          return (metric, "peak resident memory is read only on Linux")
        #endif
      default:
        return nil
      }
    }
  }

  func start() -> Start {
    if metrics.contains(.peakMemory) { PeakMemory.reset() }
    let counts = countsAllocations
    // CPU time is read for every block, the thread's or the process's: it tells a busy machine.
    let cpu = Self.cpuSeconds(isAsync: isAsync)
    let start = Start(wall: Self.seconds(CLOCK_MONOTONIC), cpu: cpu)
    // Last, so that nothing of the meters' own is counted.
    if counts { assay_allocations_start() }
    instructionCounter?.start()
    return start
  }

  /// The readings since `start`, each divided by `iterations` (1 or more: options that ask
  /// for fewer fail first, ``MeasureOptions/problem``).
  func stop(_ start: Start, iterations: Int) -> [Metric: Double] {
    let instructions = instructionCounter?.stop()
    var count: UInt64 = 0
    var bytes: UInt64 = 0
    if countsAllocations { assay_allocations_stop(&count, &bytes) }
    let wall = Self.seconds(CLOCK_MONOTONIC) - start.wall
    let cpu = Self.cpuSeconds(isAsync: isAsync) - start.cpu
    let each = Double(iterations)
    var readings: [Metric: Double] = [.wallClock: wall / each]
    if wall > 0 { readings[.processorShare] = min(cpu / wall, 1) }
    for metric in metrics {
      switch metric {
      case .cpuTime: readings[metric] = cpu / each
      case .allocations: readings[metric] = Double(count) / each
      case .allocatedBytes: readings[metric] = Double(bytes) / each
      case .peakMemory: readings[metric] = Double(PeakMemory.read() ?? 0)
      case .instructions: readings[metric] = instructions.map { $0 / each }
      default: break
      }
    }
    return readings
  }

  static func seconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  static func cpuSeconds(isAsync: Bool) -> Double {
    seconds(isAsync ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID)
  }
}

/// The process's peak resident memory (Linux: `VmHWM`, reset through `clear_refs`).
enum PeakMemory {
  /// Sets the peak to the current resident memory.
  static func reset() {
    #if os(Linux)
      let descriptor = open("/proc/self/clear_refs", O_WRONLY)
      guard descriptor >= 0 else { return }
      _ = write(descriptor, "5", 1)
      close(descriptor)
    #endif
  }

  /// The peak in bytes since the last reset; `nil` where it cannot be read.
  static func read() -> UInt64? {
    #if os(Linux)
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = UInt64(line.dropFirst(6).trimmingCharacters(in: .whitespaces).dropLast(3))
      else { return nil }
      return kilobytes * 1024
    #else
      return nil
    #endif
  }
}
