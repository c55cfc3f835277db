import Assay
import Foundation
import Testing

/// What expectations and waits do when nothing fails. Their failures are proven, with their
/// messages, in `WaitingFailureCases`.
@Suite struct ExpectationTests {
  @Test func fulfilledFromAnotherThread() async {
    let loaded = TestExpectation("loaded")
    DispatchQueue.global().async { loaded.fulfill() }
    #expect(await waitForFulfillment(of: [loaded], timeout: .seconds(60)) == .completed)
  }

  @Test func fulfilledFromAnotherTask() async {
    let loaded = TestExpectation("loaded")
    Task.detached { loaded.fulfill() }
    #expect(await waitForFulfillment(of: [loaded], timeout: .seconds(60)) == .completed)
  }

  @Test func fulfilledBeforeTheWaitStarts() async {
    let loaded = TestExpectation("loaded")
    loaded.fulfill()
    #expect(await waitForFulfillment(of: [loaded], timeout: .seconds(600)) == .completed)
  }

  @Test func waitedOnTwice() async {
    let loaded = TestExpectation("loaded")
    DispatchQueue.global().async { loaded.fulfill() }
    #expect(await waitForFulfillment(of: [loaded], timeout: .seconds(60)) == .completed)
    #expect(await waitForFulfillment(of: [loaded], timeout: .seconds(600)) == .completed)
  }

  @Test func waitedOnByManyWaitsAtOnce() async {
    let loaded = TestExpectation("loaded")
    await withTaskGroup(of: WaitResult.self) { group in
      for _ in 0..<20 {
        group.addTask { await waitForFulfillment(of: [loaded], timeout: .seconds(600)) }
      }
      loaded.fulfill()
      for await result in group {
        #expect(result == .completed)
      }
    }
    #expect(loaded.fulfillmentCount == 1)
  }

  @Test func countsFulfilmentsFromManyThreadsAtOnce() async {
    let saved = TestExpectation("saved", expectedCount: 1000)
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: 1000) { _ in saved.fulfill() }
    }
    #expect(await waitForFulfillment(of: [saved], timeout: .seconds(60)) == .completed)
    #expect(saved.fulfillmentCount == 1000)
  }

  @Test func waitsForTheWholeCount() async {
    let saved = TestExpectation("saved", expectedCount: 3)
    saved.fulfill()
    saved.fulfill()
    #expect(!saved.isFulfilled)
    DispatchQueue.global().async { saved.fulfill() }
    #expect(await waitForFulfillment(of: [saved], timeout: .seconds(60)) == .completed)
    #expect(saved.isFulfilled)
  }

  @Test func acceptsEveryCountInItsRange() async {
    let retried = TestExpectation("retried", expectedCount: 2...4)
    retried.fulfill()
    retried.fulfill()
    #expect(await waitForFulfillment(of: [retried], timeout: .seconds(60)) == .completed)
    retried.fulfill()
    retried.fulfill()
    #expect(retried.fulfillmentCount == 4)
  }

  @Test func overFulfilmentCanBeAllowed() {
    let tick = TestExpectation("tick", reportsOverFulfillment: false)
    for _ in 1...3 { tick.fulfill() }
    #expect(tick.fulfillmentCount == 3)
  }

  @Test func zeroFulfilmentsIsFulfilledAtOnce() async {
    let optional = TestExpectation("optional", expectedCount: 0...2)
    #expect(optional.isFulfilled)
    #expect(await waitForFulfillment(of: [optional], timeout: .seconds(600)) == .completed)
  }

  @Test func invertedExpectationHoldsUntilTheTimeout() async {
    let errorShown = TestExpectation("error shown", isInverted: true)
    #expect(await waitForFulfillment(of: [errorShown], timeout: .milliseconds(20)) == .completed)
    #expect(errorShown.fulfillmentCount == 0)
  }

  @Test func invertedExpectationBesideOthersEndsWithThem() async {
    let errorShown = TestExpectation("error shown", isInverted: true)
    let loaded = TestExpectation("loaded")
    DispatchQueue.global().async { loaded.fulfill() }
    let result = await waitForFulfillment(of: [loaded, errorShown], timeout: .seconds(600))
    #expect(result == .completed)
  }

  @Test func orderIsEnforcedOnlyWhenAsked() async {
    let loaded = TestExpectation("loaded")
    let shown = TestExpectation("shown")
    shown.fulfill()
    loaded.fulfill()
    #expect(await waitForFulfillment(of: [loaded, shown], timeout: .seconds(60)) == .completed)

    let first = TestExpectation("first")
    let second = TestExpectation("second")
    DispatchQueue.global().async {
      first.fulfill()
      second.fulfill()
    }
    #expect(
      await waitForFulfillment(of: [first, second], timeout: .seconds(60), enforceOrder: true)
        == .completed)
  }

  /// Both fulfilled before the wait starts, the later one first: still out of order.
  @Test func anOrderBrokenBeforeTheWaitIsSeen() async throws {
    let loaded = TestExpectation("loaded")
    let shown = TestExpectation("shown")
    shown.fulfill()
    loaded.fulfill()
    var result: WaitResult?
    let recorded = try await recordedIssues {
      result = await waitForFulfillment(
        of: [loaded, shown], timeout: .seconds(60), enforceOrder: true)
    }
    #expect(result == .fulfilledOutOfOrder)
    #expect(
      recorded.map(\.message) == [
        #"waitForFulfillment failed: expectations fulfilled out of order: "shown" before "loaded""#
      ])
  }

  /// An expectation that needs no fulfilment is in its place from its creation on.
  @Test func anExpectationOfNoFulfilmentIsInOrderFromTheStart() async {
    let optional = TestExpectation("optional", expectedCount: 0...1)
    let loaded = TestExpectation("loaded")
    loaded.fulfill()
    #expect(
      await waitForFulfillment(of: [optional, loaded], timeout: .seconds(60), enforceOrder: true)
        == .completed)
  }

  /// An expectation takes its place in the order when it reaches its count; fulfilments after
  /// that do not move it behind the next one.
  @Test func fulfilmentsBeyondTheCountKeepTheOrder() async {
    let tick = TestExpectation("tick", reportsOverFulfillment: false)
    let done = TestExpectation("done")
    tick.fulfill()
    done.fulfill()
    tick.fulfill()
    #expect(
      await waitForFulfillment(of: [tick, done], timeout: .seconds(60), enforceOrder: true)
        == .completed)
  }

  /// An inverted expectation fulfilled twice is one failure, the wait's: not an
  /// over-fulfilment besides.
  @Test func anInvertedExpectationFulfilledTwiceFailsOnce() async throws {
    let errorShown = TestExpectation("error shown", isInverted: true)
    let recorded = try await recordedIssues {
      errorShown.fulfill()
      errorShown.fulfill()
      await waitForFulfillment(of: [errorShown], timeout: .seconds(60))
    }
    #expect(
      recorded.map(\.message) == [
        #"waitForFulfillment failed: inverted expectation "error shown" was fulfilled"#
      ])
  }

  /// A negative count is said at once; the expectation then expects no fulfilment at all.
  @Test func aNegativeCountExpectsNoFulfilment() throws {
    let recorded = try recordedIssues {
      let never = TestExpectation("never", expectedCount: -2 ... -1)
      never.fulfill()
    }
    #expect(
      recorded.map(\.message) == [
        #"TestExpectation failed: "never" cannot expect -2...-1 fulfillments; counts start at 0"#,
        #"fulfill failed: "never" was fulfilled 1 time, expected 0"#,
      ])
  }

  /// A cancelled wait on an inverted expectation did not see its whole timeout pass: it is
  /// cancelled, not completed.
  @Test func aCancelledWaitOnAnInvertedExpectationIsNotCompleted() async throws {
    let errorShown = TestExpectation("error shown", isInverted: true)
    var result: WaitResult?
    let recorded = try await recordedIssues {
      let wait = Task { await waitForFulfillment(of: [errorShown], timeout: .seconds(600)) }
      wait.cancel()
      result = await wait.value
    }
    #expect(result == .cancelled)
    #expect(
      recorded.map(\.message) == [
        "waitForFulfillment failed: cancelled while waiting, before the timeout that its "
          + "inverted expectations need had passed"
      ])
  }

  @Test func waitingForNothingCompletes() async {
    #expect(await waitForFulfillment(of: [], timeout: .seconds(600)) == .completed)
  }

  @Test func failedWaitsReturnWhatHappened() async throws {
    let loaded = TestExpectation("loaded")
    let errorShown = TestExpectation("error shown", isInverted: true)
    errorShown.fulfill()
    var results: [WaitResult] = []
    let recorded = try await recordedIssues {
      results.append(await waitForFulfillment(of: [loaded], timeout: .milliseconds(1)))
      results.append(await waitForFulfillment(of: [errorShown], timeout: .seconds(60)))
      let later = TestExpectation("later")
      later.fulfill()
      results.append(
        await waitForFulfillment(of: [loaded, later], timeout: .seconds(60), enforceOrder: true))
    }
    #expect(results == [.timedOut, .invertedFulfilled, .fulfilledOutOfOrder])
    #expect(
      recorded.map(\.message) == [
        "waitForFulfillment failed: timed out after 1 ms; unfulfilled:\n"
          + #""loaded": fulfilled 0 times, expected 1"#,
        #"waitForFulfillment failed: inverted expectation "error shown" was fulfilled"#,
        #"waitForFulfillment failed: expectations fulfilled out of order: "later" before "loaded""#,
      ])
  }

  @Test func aWaitLeavesItsExpectationsWhenItEnds() async throws {
    let loaded = TestExpectation("loaded")
    let recorded = try await recordedIssues {
      await waitForFulfillment(of: [loaded], timeout: .milliseconds(1))
    }
    #expect(recorded.count == 1)
    #expect(waiterCount(of: loaded) == 0)
    DispatchQueue.global().async { loaded.fulfill() }
    await waitForFulfillment(of: [loaded], timeout: .seconds(60))
    #expect(waiterCount(of: loaded) == 0)
  }

  /// Parallel tests wait side by side, each for its own expectation.
  @Test(arguments: 0..<100) func parallelTestsWaitIndependently(index: Int) async {
    let done = TestExpectation("task \(index) done")
    Task { done.fulfill() }
    #expect(await waitForFulfillment(of: [done], timeout: .seconds(60)) == .completed)
  }
}

@Suite struct NotificationExpectationTests {
  @Test func fulfilledByANotification() async {
    let center = NotificationCenter()
    let announced = TestExpectation(notification: .pageTitleDidLoad, center: center)
    DispatchQueue.global().async { center.post(name: .pageTitleDidLoad, object: nil) }
    #expect(await waitForFulfillment(of: [announced], timeout: .seconds(60)) == .completed)
  }

  @Test func countsOnlyTheGivenSender() async {
    let center = NotificationCenter()
    let loader = NSObject()
    let announced = TestExpectation(
      notification: .pageTitleDidLoad, object: loader, center: center)
    center.post(name: .pageTitleDidLoad, object: NSObject())
    #expect(announced.fulfillmentCount == 0)
    center.post(name: .pageTitleDidLoad, object: loader)
    #expect(await waitForFulfillment(of: [announced], timeout: .seconds(60)) == .completed)
  }

  @Test func countsOnlyWhatTheHandlerAccepts() async {
    let center = NotificationCenter()
    let homura = TestExpectation(notification: .pageTitleDidLoad, center: center) {
      $0.userInfo?["title"] as? String == "Homura Akemi"
    }
    center.post(name: .pageTitleDidLoad, object: nil, userInfo: ["title": "Mami Tomoe"])
    #expect(homura.fulfillmentCount == 0)
    center.post(name: .pageTitleDidLoad, object: nil, userInfo: ["title": "Homura Akemi"])
    #expect(await waitForFulfillment(of: [homura], timeout: .seconds(60)) == .completed)
  }

  @Test func stopsObservingWhenReleased() {
    let center = NotificationCenter()
    weak var released: TestExpectation?
    do {
      let announced = TestExpectation(notification: .pageTitleDidLoad, center: center)
      released = announced
    }
    #expect(released == nil)
    center.post(name: .pageTitleDidLoad, object: nil)
  }
}

@Suite struct ConditionExpectationTests {
  @Test func fulfilledOnceTheConditionHolds() async {
    let saved = Locked(false)
    let done = TestExpectation("saved", until: { saved.withLock { $0 } })
    #expect(done.fulfillmentCount == 0)
    DispatchQueue.global().async { saved.withLock { $0 = true } }
    #expect(await waitForFulfillment(of: [done], timeout: .seconds(60)) == .completed)
    #expect(done.fulfillmentCount == 1)
  }

  @Test func aPredicateIsEvaluatedWithItsObject() async {
    let job = Job()
    let done = TestExpectation(
      predicate: NSPredicate { object, _ in (object as? Job)?.isDone == true },
      evaluatedWith: job)
    DispatchQueue.global().async { job.finish() }
    #expect(await waitForFulfillment(of: [done], timeout: .seconds(60)) == .completed)
  }

  /// The polling task holds the expectation weakly: it is released, and polling ends.
  @Test func isReleasedWhileItsConditionIsChecked() {
    weak var released: TestExpectation?
    do {
      let never = TestExpectation("never", until: { false })
      released = never
      #expect(released != nil)
    }
    #expect(released == nil)
  }

  final class Job: @unchecked Sendable {
    // @unchecked: `done` is only touched under `lock`.
    private let lock = NSLock()
    private var done = false
    var isDone: Bool { lock.withLock { done } }
    func finish() { lock.withLock { done = true } }
  }
}
