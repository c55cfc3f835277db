import Foundation
import Testing

// One test for each kind of event Swift Testing writes to its event stream: a test that
// starts and ends, fails, is skipped, cancelled, records a known issue, a warning, an
// attachment; a parameterized test whose cases pass, fail and are cancelled; exit tests, which
// start the test binary again. Assay's reader
// of the stream is checked against it in every version the toolchain writes.

@Suite struct EveryEvent {
  @Test func passes() {
    #expect(1 + 1 == 2)
  }

  @Test func fails() {
    #expect(1 + 1 == 3, "arithmetic")
  }

  @Test(.disabled("not today")) func isSkipped() {}

  @Test func isCancelled() throws {
    try Test.cancel("no longer relevant")
  }

  @Test func recordsAKnownIssue() {
    withKnownIssue("tracked elsewhere") {
      Issue.record("known")
    }
  }

  @Test func recordsAWarning() {
    Issue.record("only a warning", severity: .warning)
  }

  @Test func attachesAValue() {
    Attachment.record("some text", named: "note.txt")
  }

  @Test func exitsAsExpected() async {
    await #expect(processExitsWith: .failure) { exit(3) }
  }

  @Test func exitsOtherwise() async {
    await #expect(processExitsWith: .success, "should have exited cleanly") { exit(4) }
  }

  @Test(arguments: [1, 2, 3]) func cases(_ value: Int) throws {
    if value == 2 { try Test.cancel("case 2 is cancelled") }
    #expect(value != 3, "three fails")
  }
}
