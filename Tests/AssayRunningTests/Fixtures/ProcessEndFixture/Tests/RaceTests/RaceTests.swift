import Counter
import Dispatch
import Foundation
import Testing

/// Passes, but two threads write the counter with nothing ordering their writes: under
/// `--sanitize thread` the process reports the race and exits with ThreadSanitizer's status.
@Test func racesOnTheCounter() {
  let counter = Counter()
  let done = DispatchSemaphore(value: 0)
  for _ in 0..<2 {
    Thread {
      for _ in 0..<1000 { counter.increment() }
      done.signal()
    }.start()
  }
  done.wait()
  done.wait()
  #expect(counter.value > 0)
}
