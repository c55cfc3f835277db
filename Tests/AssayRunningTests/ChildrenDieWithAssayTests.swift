import AssayProcessSpawn
import AssayTestSupport
import AssayToolSupport
import Dispatch
import Foundation
import Testing

@testable import AssayRunning

#if canImport(Glibc)
  import Glibc
#endif

/// No process that `assay` starts outlives it: killed by Ctrl-C, SIGTERM, SIGHUP or SIGKILL
/// while a test runs, it takes the test process along; a process that a child leaves running
/// with the output open does not hang a run.
@Suite(.serialized) struct ChildrenDieWithAssayTests {
  #if os(Linux)
    /// The limit covers building the fixture, which the first case may wait for beside the
    /// rest of the suite (over two minutes in CI on a busy machine, 13 minutes beside two
    /// real-world migrations): it guards against a hang.
    @Test(.timeLimit(.minutes(30)), arguments: [SIGINT, SIGTERM, SIGHUP, SIGKILL])
    func killingAssayTestKillsTheTestProcess(_ signal: Int32) async throws {
      let root = try await ProcessEndEndToEndTests.fixture.value.get()
      let assay = TestProcess.productsDirectory.appendingPathComponent("assay")
      try #require(FileManager.default.isExecutableFile(atPath: assay.path), "build assay first")
      let fifo = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-kill-\(UUID().uuidString)").path
      #expect(mkfifo(fifo, 0o600) == 0)
      defer { unlink(fifo) }
      let reader = open(fifo, O_RDONLY | O_NONBLOCK)
      defer { close(reader) }

      let process = Process()
      process.executableURL = assay
      process.arguments = ["test", "--skip-build", "--filter", "hangsAfterSayingWhere"]
      process.currentDirectoryURL = URL(fileURLWithPath: root)
      process.environment = ProcessInfo.processInfo.environment.merging([
        "PROCESS_END_FIXTURE_FIFO": fifo
      ]) { _, new in new }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let exited = DispatchSemaphore(value: 0)
      process.terminationHandler = { _ in exited.signal() }
      try process.run()

      // The test process says its id and its child's once it runs (the FIFO wakes the wait).
      let ids = try await offThePool { () -> [pid_t] in
        var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 60_000) == 1 else { return [] }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &bytes, bytes.count)
        return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
          .split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
      }
      try #require(ids.count == 2, "the test process never said where it runs")

      kill(process.processIdentifier, signal)
      let stopped = try await waitOffThePool { exited.wait(timeout: .now() + 60) == .success }
      try #require(stopped, "assay did not end after signal \(signal)")
      #expect(process.terminationReason == .uncaughtSignal)
      #expect(process.terminationStatus == signal)
      for id in ids {
        let ended = try await offThePool { Self.ends(id, within: 10) }
        #expect(ended, "process \(id) (of \(ids)) outlived assay killed by signal \(signal)")
      }
    }

    /// Killed while it builds the tests, `assay test` takes the build along (a `swift build`
    /// left running holds the build folder's lock). The build is a stand-in `swift` first on
    /// the `PATH`, which says its id and then waits to be killed.
    @Test(.timeLimit(.minutes(30)), arguments: [SIGINT, SIGTERM, SIGHUP, SIGKILL])
    func killingAssayTestWhileItBuildsKillsTheBuild(_ signal: Int32) async throws {
      let root = try await ProcessEndEndToEndTests.fixture.value.get()
      let assay = TestProcess.productsDirectory.appendingPathComponent("assay")
      try #require(FileManager.default.isExecutableFile(atPath: assay.path), "build assay first")
      let stand = try HangingBuild()

      let (process, exited) = try stand.start(
        assay, ["test", "--filter", "hangsAfterSayingWhere"], in: root)

      let build = try await waitOffThePool { stand.waitForBuild(seconds: 120) }
      guard let build else {
        kill(process.processIdentifier, SIGKILL)
        Issue.record("assay test never started the build")
        return
      }

      kill(process.processIdentifier, signal)
      let stopped = try await waitOffThePool { exited.wait(timeout: .now() + 60) == .success }
      try #require(stopped, "assay did not end after signal \(signal)")
      #expect(process.terminationReason == .uncaughtSignal)
      #expect(process.terminationStatus == signal)
      let ended = try await offThePool { Self.ends(build, within: 10) }
      #expect(ended, "the build \(build) outlived assay killed by signal \(signal)")
      if !ended { kill(build, SIGKILL) }
    }

    /// Whether process `pid` ends within `seconds`, waited for on a pidfd (no polling loop).
    static func ends(_ pid: pid_t, within seconds: Int32) -> Bool {
      assay_wait_for_end(pid, seconds * 1000) == 1
    }
  #endif

  @Test(.timeLimit(.minutes(1)))
  func aProcessLeftHoldingTheOutputDoesNotHangTheRunAndEndsWithIt() async throws {
    let run = try await offThePool { () -> ([String], ChildProcess.Termination) in
      let process = try ChildProcess(
        executable: "/bin/sh", arguments: ["-c", "sleep 600 & echo $!"])
      var lines: [String] = []
      let termination = process.run(line: { lines.append($0) })
      return (lines, termination)
    }
    #expect(run.1 == .exited(0))
    let grandchild = try #require(run.0.first.flatMap { pid_t($0) })
    #if os(Linux)
      #expect(Self.ends(grandchild, within: 10))
    #endif
  }
}
