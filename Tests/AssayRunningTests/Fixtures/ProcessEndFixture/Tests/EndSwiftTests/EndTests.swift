import Counter
import Dispatch
import Foundation
import Synchronization
import Testing

private let warningsSeen = Mutex(0)

/// Passes under `swift test`: the trait sees the warning, as Swift Testing records it.
@Test(
  .compactMapIssues { issue in
    if issue.severity == .warning { warningsSeen.withLock { $0 += 1 } }
    return issue
  })
func countsItsWarning() {
  Issue.record("worth a look", severity: .warning)
  #expect(warningsSeen.withLock { $0 } == 1)
}

/// Records an issue against its suite, before any of the suite's tests runs.
struct RecordsAgainstTheSuite: SuiteTrait, TestScoping {
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    Issue.record("the suite's set-up failed")
    try await function()
  }
}

@Suite(RecordsAgainstTheSuite()) struct SuiteWithASetUpIssue {
  @Test func passes() { #expect(Counter().value == 0) }
}

/// The two tests crash only when they run at the same time: `second()` crashes when it sees
/// `first()` arrive within a second. Run one after the other, `first()` takes back its signal
/// before it ends, and each passes.
private let arrived = DispatchSemaphore(value: 0)
private let released = DispatchSemaphore(value: 0)

@Suite struct Together {
  @Test func first() {
    arrived.signal()
    _ = released.wait(timeout: .now() + 1)
    _ = arrived.wait(timeout: .now())
  }

  @Test func second() {
    if arrived.wait(timeout: .now() + 1) == .success {
      fatalError("only when run with first()")
    }
  }
}

/// Fails the first time it runs with `PROCESS_END_FIXTURE_MARKER` set (it leaves that file
/// behind), and passes every time after: a failure in the first of several rounds.
@Test func failsOnlyTheFirstTime() throws {
  guard let marker = ProcessInfo.processInfo.environment["PROCESS_END_FIXTURE_MARKER"] else {
    return
  }
  if FileManager.default.fileExists(atPath: marker) { return }
  FileManager.default.createFile(atPath: marker, contents: nil)
  Issue.record("the first round fails")
}

/// With `PROCESS_END_FIXTURE_FIFO` set, starts a process of its own that runs for ten minutes,
/// writes both processes' ids into that FIFO, then never ends: a test process, with a child,
/// for `assay test` to be killed while it runs. Passes without it.
@Test func hangsAfterSayingWhere() async throws {
  guard let fifo = ProcessInfo.processInfo.environment["PROCESS_END_FIXTURE_FIFO"] else { return }
  let child = Process()
  child.executableURL = URL(fileURLWithPath: "/bin/sleep")
  child.arguments = ["600"]
  try child.run()
  let descriptor = open(fifo, O_WRONLY)
  let ids = "\(getpid()) \(child.processIdentifier)\n"
  _ = ids.withCString { write(descriptor, $0, strlen($0)) }
  close(descriptor)
  await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
}

/// A test that prints a long line and then fails: its failure is what counts.
@Test func printsALongLineThenFails() {
  print(String(repeating: "z", count: 20_000_000))
  Issue.record("the failure after a long line")
}

/// Reads standard input: under `swift test` it reads nothing (no input), and passes.
@Test func readsNoStandardInput() {
  #expect(readLine() == nil)
}

/// Prints what it saw before it fails, as one does to find out why.
@Test func printsThenFails() {
  print("printed by a Swift Testing test")
  Issue.record("after printing")
}
