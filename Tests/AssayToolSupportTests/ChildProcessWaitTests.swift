import AssayProcessSpawn
import Foundation
import Testing

@testable import AssayToolSupport

/// How long a command waited for a processor, and how long it computed: what tells a test
/// that ran out of time by itself (an endless loop, a deadlock) from one a busy machine held
/// back. Linux says both (`/proc/PID/task/TID/schedstat`, `/proc/PID/stat`); elsewhere they
/// are unknown.
@Suite struct ChildProcessWaitTests {
  #if os(Linux)
    @Test func aCommandThatSleepsWaitsForNoProcessor() throws {
      let process = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
      defer { Self.stop(process) }
      let wait = try #require(Self.firstReading(of: process))
      #expect(wait < 0.05)
    }

    @Test func aCommandThatComputesHasProcessorTimeAndOneThatSleepsHasNone() throws {
      let sleeping = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
      let looping = try ChildProcess(
        executable: "/bin/sh", arguments: ["-c", "while :; do :; done"])
      defer {
        Self.stop(sleeping)
        Self.stop(looping)
      }
      _ = try #require(Self.firstReading(of: sleeping))
      _ = try #require(Self.firstReading(of: looping))
      let computed = Self.reading(looping, until: 0.3) { $0.processorTime() }
      #expect(computed >= 0.3)
      #expect(try #require(sleeping.processorTime()) < 0.05)
    }

    /// Two endless loops on one processor: each waits for it about half the time.
    @Test func commandsSharingOneProcessorWaitForIt() throws {
      let loop = ["-c", "0", "/bin/sh", "-c", "while :; do :; done"]
      let first = try ChildProcess(executable: "/usr/bin/taskset", arguments: loop)
      let second = try ChildProcess(executable: "/usr/bin/taskset", arguments: loop)
      defer {
        Self.stop(first)
        Self.stop(second)
      }
      _ = try #require(Self.firstReading(of: first))
      // The wait grows while they share the processor: read until it passes 0.2 s.
      let wait = Self.reading(first, until: 0.2) { $0.processorWait() }
      #expect(wait >= 0.2, "a loop sharing one processor waited \(wait) s for it")
    }

    /// A process that ends and is not waited for stays a zombie, and Swift Testing's waiter
    /// of exit tests, which looks at every child that ended, spun on one for ever (a whole
    /// `swift test` hung): a dropped process is waited for.
    @Test func aProcessDroppedWithoutAWaitLeavesNoZombie() throws {
      var pid: pid_t = 0
      do {
        let process = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
        pid = process.pid
        _ = try #require(Self.firstReading(of: process))
      }
      // Waited for, it is gone: no such child any more.
      var status: Int32 = 0
      #expect(waitpid(pid, &status, WNOHANG) == -1)
      #expect(errno == ECHILD)
    }

    /// What `read` says of `process`, read again as the process runs (waiting on its end a
    /// twentieth of a second at a time) until it reaches `target`, or for 30 s at most.
    static func reading(
      _ process: ChildProcess, until target: Double, _ read: (ChildProcess) -> Double?
    ) -> Double {
      let deadline = Date().addingTimeInterval(30)
      var value = 0.0
      while value < target, Date() < deadline {
        _ = assay_wait_for_end(process.pid, 50)
        value = read(process) ?? 0
      }
      return value
    }

    static func stop(_ process: ChildProcess) {
      process.killGroup()
      _ = process.wait()
    }

    /// The supervisor starts the command a moment after it starts: its first reading.
    static func firstReading(of process: ChildProcess) -> Double? {
      let deadline = Date().addingTimeInterval(10)
      while Date() < deadline {
        if let wait = process.processorWait() { return wait }
        _ = assay_wait_for_end(process.pid, 10)
      }
      return nil
    }
  #else
    @Test func noSystemButLinuxSaysHowLongACommandWaited() throws {
      let process = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
      defer {
        process.killGroup()
        _ = process.wait()
      }
      #expect(process.processorWait() == nil)
      #expect(process.processorTime() == nil)
    }
  #endif
}
