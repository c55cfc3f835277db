import Assay
import Foundation
import Nimble
import XCTest

// How fast a waiting test notices the event it waits for, side by side in one run:
// 1. fulfill-to-resume: another thread fulfills, and the waiter measures how long it took to
//    resume; Assay's async and blocking waits, XCTest's XCTWaiter, and a bare
//    CheckedContinuation, the floor;
// 2. condition detection: a condition becomes true 5 ms after the start of a poll, and the
//    poller measures how late it noticed; Assay's eventually (async and blocking), Nimble's
//    toEventually and XCTNSPredicateExpectation;
// 3. the CPU time a one-second poll costs.
// The blocking forms run on the main thread, as synchronous XCTest tests do.

let waits = Int(ProcessInfo.processInfo.environment["WAITS"] ?? "") ?? 1000
let polls = Int(ProcessInfo.processInfo.environment["POLLS"] ?? "") ?? 200

var results: [Measurement] = []

// MARK: Fulfill-to-resume

/// Fulfills on a thread of its own once the waiter is ready, after a short spin so the waiter
/// has suspended, and hands back when it fulfilled.
final class Fulfiller: @unchecked Sendable {
  // @unchecked: `fulfilledAt` is written before `done` is signalled and read after.
  private let ready = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  private var fulfilledAt = ContinuousClock.now

  init(_ fulfill: @escaping @Sendable () -> Void) {
    Thread.detachNewThread { [self] in
      ready.wait()
      let spinUntil = ContinuousClock.now + .microseconds(200)
      while ContinuousClock.now < spinUntil {}
      fulfilledAt = ContinuousClock.now
      fulfill()
      done.signal()
    }
  }

  func go() { ready.signal() }

  /// The time from fulfillment to `resumedAt`.
  func latency(resumedAt: ContinuousClock.Instant) -> Duration {
    done.wait()
    return resumedAt - fulfilledAt
  }
}

@MainActor func measureBlocking(_ name: String, _ once: () -> Duration) {
  results.append(Measurement(name: name, samples: (0..<waits).map { _ in once() }))
}

measureBlocking("Assay waitForFulfillment, blocking (main thread)") {
  let expectation = TestExpectation("event")
  let fulfiller = Fulfiller { expectation.fulfill() }
  fulfiller.go()
  waitForFulfillment(of: [expectation], timeout: .seconds(10))
  return fulfiller.latency(resumedAt: .now)
}

measureBlocking("XCTest XCTWaiter (main thread)") {
  let expectation = XCTestExpectation(description: "event")
  let fulfiller = Fulfiller { expectation.fulfill() }
  fulfiller.go()
  _ = XCTWaiter().wait(for: [expectation], timeout: 10)
  return fulfiller.latency(resumedAt: .now)
}

@MainActor func measureAsync(_ name: String, _ once: @escaping @Sendable () async -> Duration) {
  let finished = DispatchSemaphore(value: 0)
  let samples = Locked([Duration]())
  Task.detached {
    for _ in 0..<waits {
      let sample = await once()
      samples.append(sample)
    }
    finished.signal()
  }
  finished.wait()
  results.append(Measurement(name: name, samples: samples.values))
}

measureAsync("bare CheckedContinuation (floor)") {
  let fulfiller = Locked<Fulfiller?>(nil)
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    let thread = Fulfiller { continuation.resume() }
    fulfiller.set(thread)
    thread.go()
  }
  let resumedAt = ContinuousClock.now
  return fulfiller.value!.latency(resumedAt: resumedAt)
}

measureAsync("Assay waitForFulfillment, async") {
  let expectation = TestExpectation("event")
  let fulfiller = Fulfiller { expectation.fulfill() }
  fulfiller.go()
  await waitForFulfillment(of: [expectation], timeout: .seconds(10))
  let resumedAt = ContinuousClock.now
  return fulfiller.latency(resumedAt: resumedAt)
}

// MARK: Condition detection

/// A flag that a thread of its own sets 5 ms after `start`, remembering when.
final class LateFlag: @unchecked Sendable {
  // @unchecked: `setAt` is written before `isSet` becomes true and read after.
  private let flag = Locked(false)
  private var setAt = ContinuousClock.now

  init(after delay: Duration = .milliseconds(5)) {
    let start = ContinuousClock.now
    Thread.detachNewThread { [self] in
      while ContinuousClock.now < start + delay {}
      setAt = ContinuousClock.now
      flag.set(true)
    }
  }

  var isSet: Bool { flag.value }

  func lateness(noticedAt: ContinuousClock.Instant) -> Duration {
    noticedAt - setAt
  }
}

@MainActor func measurePolling(_ name: String, _ once: () -> Duration) {
  results.append(Measurement(name: name, samples: (0..<polls).map { _ in once() }))
}

measurePolling("Assay eventually, blocking (main thread)") {
  let flag = LateFlag()
  eventually(flag.isSet, equalTo(true), timeout: .seconds(1))
  return flag.lateness(noticedAt: .now)
}

measurePolling("Nimble toEventually (main thread)") {
  let flag = LateFlag()
  expect(flag.isSet).toEventually(beTrue(), timeout: .seconds(1))
  return flag.lateness(noticedAt: .now)
}

measurePolling("XCTNSPredicateExpectation (main thread)") {
  let flag = LateFlag()
  let expectation = XCTNSPredicateExpectation(
    predicate: NSPredicate { _, _ in flag.isSet }, object: nil)
  _ = XCTWaiter().wait(for: [expectation], timeout: 1)
  return flag.lateness(noticedAt: .now)
}

do {
  let finished = DispatchSemaphore(value: 0)
  let samples = Locked([Duration]())
  Task.detached {
    for _ in 0..<polls {
      let flag = LateFlag()
      await eventually(flag.isSet, equalTo(true), timeout: .seconds(1))
      samples.append(flag.lateness(noticedAt: .now))
    }
    finished.signal()
  }
  finished.wait()
  results.append(Measurement(name: "Assay eventually, async", samples: samples.values))
}

// MARK: Report

print("Fulfill-to-resume (\(waits) waits) and condition detection (\(polls) polls), ms:")
print("| Waiter | p50 | p99 |")
print("| --- | --- | --- |")
for result in results {
  print("| \(result.name) | \(result.p50.milliseconds) | \(result.p99.milliseconds) |")
}
@MainActor func p50(_ name: String) -> Duration { results.first { $0.name.hasPrefix(name) }!.p50 }
let floor = p50("bare CheckedContinuation")
print("")
print(
  "Assay async wait / bare continuation, p50: \(ratio(p50("Assay waitForFulfillment, async"), floor))"
)
print(
  "Assay blocking wait / XCTWaiter, p50: \(ratio(p50("Assay waitForFulfillment, blocking"), p50("XCTest XCTWaiter")))"
)
print(
  "Nimble toEventually / Assay eventually, p50: \(ratio(p50("Nimble toEventually"), p50("Assay eventually, blocking")))"
)

// MARK: CPU of a one-second poll

func cpuTime() -> Duration {
  var usage = rusage()
  #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  let micros =
    (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
    + Int(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
  return .microseconds(micros)
}

func cpu(_ name: String, _ poll: () -> Void) {
  let before = cpuTime()
  poll()
  print("CPU for one second of \(name): \((cpuTime() - before).milliseconds) ms")
}
print("")
cpu("Assay never, blocking") { never(false, equalTo(true), for: .seconds(1)) }
cpu("Assay never, async") {
  let finished = DispatchSemaphore(value: 0)
  Task.detached {
    await never(false, equalTo(true), for: .seconds(1))
    finished.signal()
  }
  finished.wait()
}
cpu("Nimble toNever") { expect(false).toNever(beTrue(), until: .seconds(1)) }
