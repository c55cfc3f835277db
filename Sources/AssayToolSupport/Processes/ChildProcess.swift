import AssayProcessSpawn
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A process started under a supervisor (`assay_spawn`), in a process group of its own, whose
/// printed lines are read as they come, and which can be killed with everything it started.
///
/// Foundation's `Process` neither starts a new process group nor lets a reader wake up at
/// intervals while waiting for output, and a hanging test needs both: the runner checks its
/// timeouts between reads and has the whole group killed (a test's own child processes too,
/// and what they started elsewhere). The supervisor also ends it when `assay` dies.
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

  /// The id of the process's supervisor (``assay_spawn``), which ends as the process ends.
  public let pid: pid_t
  private let output: Int32
  private var lines = LineSplitter()
  private var ended: Termination?
  /// The processor time of the command and what it started, once it ended.
  private var computedInAll: Double?

  /// How long output is still read after the process exited, in seconds: a grandchild that
  /// keeps the output open (a server the tests started) must not hang the run.
  public static let outputGrace = 2.0

  /// Starts `executable` with `arguments` in `directory` (the current one when `nil`), with
  /// `environment` added to this process's, its standard output and error joined into one
  /// stream of lines.
  ///
  /// The child gets no input (`/dev/null`, as `swift test` gives its test processes), inherits
  /// no other descriptor, starts with default signal handling, and on
  /// Linux is killed if this process dies, even by SIGKILL; wait for it (``run(tickEvery:line:tick:)``
  /// or ``wait()``) on the thread that started it. A command of the Swift toolchain gets the
  /// process's own `TMPDIR`, removed when the process exits (``ToolchainTemporaryFolder``).
  ///
  /// - Throws: ``StartError`` when it cannot start.
  public init(
    executable: String, arguments: [String], environment: [String: String] = [:],
    directory: String? = nil
  ) throws(StartError) {
    var pipe: [Int32] = [0, 0]
    let made = pipe.withUnsafeMutableBufferPointer { assay_pipe($0.baseAddress!) }
    guard made == 0 else {
      throw StartError("cannot create a pipe: \(String(cString: strerror(made)))")
    }
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    if let folder = ToolchainTemporaryFolder.path(for: executable, environment: environment) {
      merged["TMPDIR"] = folder
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var child: pid_t = 0
    let status = assay_spawn(executable, argv, envp, pipe[1], directory, &child)
    close(pipe[1])
    guard status == 0 else {
      close(pipe[0])
      let place = directory.map { " in \($0)" } ?? ""
      throw StartError("cannot run \(executable)\(place): \(String(cString: strerror(status)))")
    }
    pid = child
    output = pipe[0]
    _ = assay_register_supervisor(child)
  }

  deinit {
    close(output)
    if ended == nil {
      killGroup()
      // A child not waited for stays a zombie, and Swift Testing's waiter of exit tests spins
      // on any child that ended: the supervisor ends at once on SIGTERM, so wait for it.
      _ = reap(options: 0)
    }
    assay_unregister_supervisor(pid)
  }

  /// Makes Ctrl-C (`SIGINT`), `SIGTERM` and `SIGHUP` kill every running child's process group
  /// before this process ends: children run in groups of their own, so the terminal's signal
  /// misses them. Every command of `assay` installs it.
  public static func killChildrenOnInterrupt() {
    assay_kill_groups_on_interrupt()
  }

  /// Reads lines until the process has exited and its output is read (or ``outputGrace``
  /// seconds after it exited, when something it started keeps the output open), calling
  /// `tick` about every `interval` seconds (also while no line comes).
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
    var exitedAt: Date?
    while true {
      let ready = poll(&descriptor, 1, Int32(interval * 1000))
      if ready > 0 {
        let count = read(output, &buffer, buffer.count)
        if count <= 0 { break }
        lines.read(buffer[0..<count], line: line)
      } else if ready < 0, errno != EINTR {
        break
      }
      if exitedAt == nil, reap(options: WNOHANG) != nil { exitedAt = Date() }
      if let exitedAt, Date().timeIntervalSince(exitedAt) > Self.outputGrace { break }
      if Date().timeIntervalSince(lastTick) >= interval {
        lastTick = Date()
        tick()
      }
    }
    if let last = lines.unfinishedLine() { line(last) }
    tick()
    // What it started and left running ended with it: its supervisor killed that first.
    return wait()
  }

  /// Waits for the process to end.
  public func wait() -> Termination {
    ended ?? reap(options: 0) ?? .exited(-1)
  }

  /// The process's end, once it ended (`WNOHANG`: `nil` while it runs).
  private func reap(options: Int32) -> Termination? {
    if let ended { return ended }
    var status: Int32 = 0
    var usage = rusage()
    var result: pid_t
    repeat {
      result = wait4(pid, &status, options, &usage)
    } while result < 0 && errno == EINTR
    guard result == pid else { return nil }
    // The supervisor's, with the command's and its descendants' that it waited for.
    computedInAll =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    // The W* macros are not imported into Swift: decode the status as <sys/wait.h> does.
    let signal = status & 0x7f
    ended = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    return ended
  }

  /// How long the command's threads, those alive now, have waited for a processor while ready
  /// to run, in seconds, summed: the time a busy machine took from it. A thread that ran out
  /// of time by itself (an endless loop, a deadlock) waited for none. `nil` where the system
  /// does not say (Linux's `/proc/PID/task/TID/schedstat` does), or before the command started.
  public func processorWait() -> Double? {
    #if os(Linux)
      guard let command = commandID(),
        let threads = try? FileManager.default.contentsOfDirectory(
          atPath: "/proc/\(command)/task")
      else { return nil }
      var nanoseconds: Double?
      for thread in threads {
        // The time on a processor, the time waiting for one, the slices run.
        guard
          let line = try? String(
            contentsOfFile: "/proc/\(command)/task/\(thread)/schedstat", encoding: .utf8),
          case let fields = line.split(separator: " "), fields.count >= 2,
          let waited = Double(fields[1])
        else { continue }
        nanoseconds = (nanoseconds ?? 0) + waited
      }
      return nanoseconds.map { $0 / 1e9 }
    #else
      return nil
    #endif
  }

  /// Whether the process has not been seen to end.
  public var isRunning: Bool { ended == nil }

  /// How long the command has computed, in seconds: the processor time of all its threads,
  /// those that ended too, in the system's ticks (a hundredth of a second); once it ended,
  /// its whole processor time with what it started. A busy machine does not make it grow
  /// faster. `nil` while it runs where the system does not say (Linux's `/proc/PID/stat`
  /// does), or before the command started.
  public func processorTime() -> Double? {
    if ended != nil { return computedInAll }
    #if os(Linux)
      // After the name in parentheses: state, ..., user time (14th), system time (15th).
      guard let command = commandID(),
        let line = try? String(contentsOfFile: "/proc/\(command)/stat", encoding: .utf8),
        let name = line.lastIndex(of: ")")
      else { return nil }
      let fields = line[line.index(after: name)...].split(separator: " ")
      guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
      else { return nil }
      return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    #else
      return nil
    #endif
  }

  #if os(Linux)
    /// The command's process id: the supervisor's first child.
    private func commandID() -> Substring? {
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8))?
        .split(separator: " ").first
    }
  #endif

  /// Kills the process, every process of its group, and what it started elsewhere (its
  /// supervisor does, and then ends as the process ended).
  public func killGroup() {
    if ended == nil { kill(pid, SIGTERM) }
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
