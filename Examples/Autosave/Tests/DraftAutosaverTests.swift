import Assay
import Autosave
import Clocks
import Testing

/// Time under the test's control: a `TestClock` from swift-clocks stands in for the real clock,
/// and the test moves it forward. No test sleeps, and four seconds pass in no time.
@Suite @MainActor struct DraftAutosaverExampleTests {
  @Test func savesFourSecondsAfterTheLastEdit() async {
    let clock = TestClock()
    let saved = TestExpectation("draft saved")
    var drafts: [String] = []
    let autosaver = DraftAutosaver(clock: clock) { text in
      drafts.append(text)
      saved.fulfill()
    }

    autosaver.edit("Dear Homura,")
    await clock.waitForSleeper()
    await clock.advance(by: .seconds(3))
    autosaver.edit("Dear Homura, see you at school")  // starts the four seconds again
    await clock.advance(by: .seconds(1))  // when the first edit's save was due
    await clock.waitForSleeper()
    await clock.advance(by: .seconds(3))  // four seconds after the last edit

    // One save: a second, for the first edit, would over-fulfill `saved` and fail.
    await waitForFulfillment(of: [saved], timeout: .seconds(10))
    assertEqual(drafts, ["Dear Homura, see you at school"])
  }

  @Test func doesNotSaveBeforeTheDelay() async {
    let clock = TestClock()
    let savedEarly = TestExpectation("draft saved too early", isInverted: true)
    let autosaver = DraftAutosaver(clock: clock) { _ in savedEarly.fulfill() }

    autosaver.edit("Dear Mami,")
    await clock.waitForSleeper()
    await clock.advance(by: .seconds(4) - .milliseconds(1))

    // An inverted expectation fails the moment it is fulfilled; here nothing may fulfill it.
    await waitForFulfillment(of: [savedEarly], timeout: .milliseconds(100))
  }
}

extension TestClock<Duration> {
  /// Waits until a task is asleep on this clock.
  ///
  /// Advancing a test clock wakes the tasks already asleep on it; a task that goes to sleep
  /// afterwards, even for a moment that has passed, waits for the next advance. So the test
  /// waits for the code under test to be asleep before it moves the clock.
  func waitForSleeper() async {
    await eventually(timeout: .seconds(10)) {
      await assertThrows(try await self.checkSuspension(), "nothing sleeps on the clock yet")
    }
  }
}
