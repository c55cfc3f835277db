import Assay
import Foundation
import Testing

/// What `eventually`, `continually` and `never` do when nothing fails. Their failures are
/// proven, with their messages, in `WaitingFailureCases`.
@Suite struct PollingTests {
  /// The state changes on a thread of its own once it has been read: the first check fails,
  /// and `eventually` passes at a later one. (Changing it from a task that yields 50 times
  /// took longer than the timeout while the whole suite filled the cooperative pool.)
  @Test func eventuallyPassesOnceTheStateChanges() async {
    let progress = ProgressAfterFirstRead()
    await eventually(progress.value, equalTo(50), timeout: .seconds(60))
    #expect(progress.reads >= 2)
    let checked = ProgressAfterFirstRead()
    await eventually(timeout: .seconds(60)) { assertEqual(checked.value, 50) }
    #expect(checked.reads >= 2)
  }

  @Test func eventuallyChecksAtOnce() async {
    let checks = Counter()
    await eventually(timeout: .seconds(600)) {
      checks.increment()
      assertTrue(true)
    }
    #expect(checks.value == 1)
  }

  @Test @MainActor func eventuallyReadsMainActorStateOnTheMainActor() async {
    let label = Label()
    Task { @MainActor in label.text = "Homura Akemi" }
    await eventually(timeout: .seconds(60)) { assertEqual(label.text, "Homura Akemi") }
    await eventually(label.text, equalTo("Homura Akemi"), timeout: .seconds(60))
  }

  @Test func eventuallyAwaitsAsyncState() async {
    let counter = ActorCounter()
    Task { await counter.increment() }
    await eventually(await counter.value, equalTo(1), timeout: .seconds(60))
  }

  /// The watched value changes at every check and keeps to the rule: the checks pass, and
  /// there were several of them.
  @Test func continuallyChecksAgainAndAgainWhileTheStateHolds() async {
    let checks = Counter()
    await continually(for: .milliseconds(20)) { assertGreaterThan(checks.increment(), 0) }
    #expect(checks.value >= 2)
    let reads = Counter()
    await continually(reads.increment(), greaterThan(0), for: .milliseconds(20))
    #expect(reads.value >= 2)
  }

  @Test func neverChecksAgainAndAgainWhileTheValueNeverMatches() async {
    let reads = Counter()
    await never(reads.increment(), lessThan(1), for: .milliseconds(20))
    #expect(reads.value >= 2)
  }

  @Test func failuresInsideAPassingAttemptAreNotReported() async throws {
    let checks = Counter()
    // The first attempt fails, the second passes: nothing is recorded.
    await eventually(timeout: .seconds(60)) {
      assertGreaterThan(checks.increment(), 1)
    }
    #expect(checks.value >= 2)
  }

  /// A first check that outlasts the window is followed by one more, so a slow machine cannot
  /// fail a condition that the first check's own work made true.
  @Test func aWindowIsNeverOverAfterOneCheck() {
    #expect(checksAgainAfterTheWindow(afterChecks: 1))
    #expect(!checksAgainAfterTheWindow(afterChecks: 2))
  }

  /// The one more check after a window that was over at the first is one, not more.
  @Test func aWindowOverAtTheFirstCheckGetsExactlyOneMore() async {
    let checks = await checksInAWindowOfZero()
    #expect(checks.polling == 2)
    #expect(checks.blocking == 2)
  }

  @Test func pollingStartsFastAndBacksOff() {
    #expect(pollingPause(afterElapsed: .zero) == .microseconds(50))
    #expect(pollingPause(afterElapsed: .milliseconds(5)) == .microseconds(500))
    #expect(pollingPause(afterElapsed: .milliseconds(100)) == .milliseconds(10))
    #expect(pollingPause(afterElapsed: .seconds(10)) == .milliseconds(10))
  }
}

/// A label-like view whose text the main actor owns.
@MainActor final class Label {
  var text = ""
}

actor ActorCounter {
  private(set) var value = 0

  func increment() {
    value += 1
  }
}

/// A count that goes from 0 to 50 on a thread of its own, started by its first read: the first
/// check sees 0, and the count reaches 50 whatever the cooperative pool is busy with.
private final class ProgressAfterFirstRead: Sendable {
  private let count = Counter()
  private let readCount = Counter()

  var value: Int {
    let value = count.value
    if readCount.increment() == 1 {
      Thread.detachNewThread { [count] in
        for _ in 0..<50 { count.increment() }
      }
    }
    return value
  }

  /// How many times `value` was read.
  var reads: Int { readCount.value }
}
