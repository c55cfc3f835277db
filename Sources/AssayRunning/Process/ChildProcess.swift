import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A process started in a process group of its own, whose printed lines are read as they
/// come, and which can be killed with everything it started.
///
/// Foundation's `Process` neither starts a new process group nor lets a reader wake up at
/// intervals while waiting for output, and a hanging test needs both: the runner checks its
/// timeouts between reads and kills the whole group (a test's own child processes too).
public final class ChildProcess {
  /// How a process ended.
  public enum Termination: Sendable, Equatable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal stopped it: `SIGILL` for a `fatalError` on Linux, `SIGKILL` when killed.
    case signalled(Int32)

    /// "exit status 1", or "signal 4 (SIGILL)".
    public var description: String {
      switch self {
      case .exited(let status): "exit status \(status)"
      case .signalled(let signal): "signal \(signal) (\(Self.signalName(signal)))"
      }
    }

    static func signalName(_ signal: Int32) -> String {
      switch signal {
      case SIGILL: "SIGILL"
      case SIGTRAP: "SIGTRAP"
      case SIGABRT: "SIGABRT"
      case SIGBUS: "SIGBUS"
      case SIGFPE: "SIGFPE"
      case SIGSEGV: "SIGSEGV"
      case SIGKILL: "SIGKILL"
      case SIGTERM: "SIGTERM"
      case SIGINT: "SIGINT"
      default: "SIG\(signal)"
      }
    }
  }

  /// The process's id, also its group's.
  public let pid: pid_t
  private let output: Int32
  private var pending = Data()

  /// Starts `executable` with `arguments` in the current directory, with `environment` added
  /// to this process's, its standard output and error joined into one stream of lines.
  ///
  /// - Throws: ``StartError`` when it cannot start.
  public init(
    executable: String, arguments: [String], environment: [String: String] = [:]
  ) throws(StartError) {
    var pipe: [Int32] = [0, 0]
    guard makePipe(&pipe) == 0 else { throw StartError("cannot create a pipe") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_addclose(&actions, pipe[1])
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)

    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
    close(pipe[1])
    guard status == 0 else {
      close(pipe[0])
      throw StartError("cannot run \(executable): \(String(cString: strerror(status)))")
    }
    pid = child
    output = pipe[0]
    runningGroup.withLock { $0 = child }
  }

  deinit {
    close(output)
    runningGroup.withLock { if $0 == pid { $0 = 0 } }
  }

  /// Makes Ctrl-C (`SIGINT`) and `SIGTERM` kill the running child's process group before this
  /// process ends: children run in groups of their own, so the terminal's signal misses them.
  public static func killChildrenOnInterrupt() {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber) { received in
        let group = runningGroupForSignal
        if group > 0 { kill(-group, SIGKILL) }
        _exit(128 + received)
      }
    }
  }

  /// Reads lines until the process closes its output, calling `tick` about every
  /// `interval` seconds (also while no line comes), then waits for it to end.
  ///
  /// - Parameters:
  ///   - interval: How often `tick` runs, in seconds.
  ///   - line: Called for each line printed, without its newline.
  ///   - tick: Called between reads; the runner checks timeouts and new events here.
  /// - Returns: How the process ended.
  public func run(
    tickEvery interval: Double = 0.1, line: (String) -> Void, tick: () -> Void = {}
  ) -> Termination {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
    var lastTick = Date()
    while true {
      let ready = poll(&descriptor, 1, Int32(interval * 1000))
      if ready > 0 {
        let count = read(output, &buffer, buffer.count)
        if count <= 0 { break }
        pending.append(contentsOf: buffer[0..<count])
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          line(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
          pending.removeSubrange(pending.startIndex...newline)
        }
      } else if ready < 0, errno != EINTR {
        break
      }
      if Date().timeIntervalSince(lastTick) >= interval {
        lastTick = Date()
        tick()
      }
    }
    if !pending.isEmpty {
      line(String(decoding: pending, as: UTF8.self))
      pending.removeAll()
    }
    tick()
    return wait()
  }

  /// Waits for the process to end.
  public func wait() -> Termination {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // The W* macros are not imported into Swift: decode the status as <sys/wait.h> does.
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
  }

  /// Kills the process and every process of its group.
  public func killGroup() {
    kill(-pid, SIGKILL)
  }

  /// Why a process could not start.
  public struct StartError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) {
      self.description = description
    }
  }
}

/// The process group of the child running now, for the interrupt handler.
private let runningGroup = GroupBox()

/// A signal handler may not take a lock: it reads a copy written with each change.
nonisolated(unsafe) private var runningGroupForSignal: pid_t = 0

private final class GroupBox: @unchecked Sendable {
  private let lock = NSLock()
  private var value: pid_t = 0

  func withLock(_ change: (inout pid_t) -> Void) {
    lock.withLock {
      change(&value)
      runningGroupForSignal = value
    }
  }
}

/// `pipe(2)`, named apart from Foundation's `Pipe` class.
private func makePipe(_ descriptors: inout [Int32]) -> Int32 {
  descriptors.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
}
