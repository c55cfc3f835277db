import Foundation
import Testing

@testable import Assay

/// Which CPU time a block's reading is: a synchronous block's thread's own (what it waits for
/// on another thread is not its time), an asynchronous block's whole process's (its work runs
/// on the threads of the pool).
struct MetersTests {
  /// Computes on a thread of its own for `seconds` of that thread's CPU time, and returns once
  /// it has.
  static func computeOnAnotherThread(for seconds: Double) {
    let done = DispatchSemaphore(value: 0)
    let worker = Thread {
      let began = Meters.seconds(CLOCK_THREAD_CPUTIME_ID)
      var sum = 0
      while Meters.seconds(CLOCK_THREAD_CPUTIME_ID) - began < seconds { sum &+= 1 }
      withExtendedLifetime(sum) { _ = done.signal() }
    }
    worker.start()
    done.wait()
  }

  @Test func aSynchronousBlocksCPUTimeIsItsThreadsOwn() throws {
    let meters = Meters(metrics: [.cpuTime], isAsync: false)
    let start = meters.start()
    Self.computeOnAnotherThread(for: 0.2)
    let cpu = try #require(meters.stop(start, iterations: 1)[.cpuTime])
    #expect(cpu < 0.1, "\(cpu) s")
  }

  @Test func anAsynchronousBlocksCPUTimeIsTheProcesss() throws {
    let meters = Meters(metrics: [.cpuTime], isAsync: true)
    let start = meters.start()
    Self.computeOnAnotherThread(for: 0.2)
    let cpu = try #require(meters.stop(start, iterations: 1)[.cpuTime])
    #expect(cpu >= 0.2, "\(cpu) s")
  }
}
