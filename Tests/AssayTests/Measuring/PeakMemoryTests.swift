import Foundation
import Testing

@testable import Assay

/// The process's peak resident memory (`.peakMemory`): read from `/proc/self/status` after a
/// reset, so the suite runs its tests one at a time (a reset in one would lower the other's
/// peak).
@Suite(.serialized) struct PeakMemoryTests {
  /// Touches `bytes` of new memory, so that it is resident, and gives it back.
  static func touch(_ bytes: Int) {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 4096)
    memset(memory, 1, bytes)
    memory.deallocate()
  }

  #if os(Linux)
    /// The peak is the process's, since the run began: at least what the block touched.
    @Test func peakMemoryIsAtLeastWhatTheBlockTouched() throws {
      try MeasuringFixtures.withBaselines(records: true) { file throws in
        let options = MeasureOptions(
          budget: .seconds(3600), warmUpRuns: 1, maximumSamples: 5, iterationsPerSample: 1)
        measure("touching", metrics: [.peakMemory], options: options) { Self.touch(64 << 20) }
        let read = try MeasuringFixtures.samples(file, "touching", "peakMemory")
        #expect(read.count == 5)
        #expect(read.allSatisfy { $0 >= Double(64 << 20) }, "\(read)")
      }
    }

    /// A reset brings the peak down to what is resident now, so that a run's peak is its own,
    /// not an earlier run's; the peak is read in bytes (the file says kB), as
    /// `getrusage` reads it before any reset.
    @Test func aResetForgetsAnEarlierPeak() throws {
      Self.touch(96 << 20)
      let high = try #require(PeakMemory.read())
      var usage = rusage()
      getrusage(RUSAGE_SELF.rawValue, &usage)
      #expect(high <= UInt64(usage.ru_maxrss) * 1024, "\(high) against \(usage.ru_maxrss) kB")
      #expect(high >= 96 << 20, "\(high)")
      PeakMemory.reset()
      let low = try #require(PeakMemory.read())
      #expect(low + (64 << 20) < high, "\(low) after \(high)")
    }
  #endif
}
