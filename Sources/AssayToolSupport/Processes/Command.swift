import Foundation

/// Running a short command to its end.
public enum Command {
  /// Runs `executable` (found on the `PATH`) in `directory` (the current one when `nil`), with
  /// `environment` added to this process's, and returns how it ended with all it printed;
  /// past `deadline` seconds it is killed, and the output says so last.
  public static func capture(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    deadline: Double? = nil, directory: String? = nil
  ) -> (ChildProcess.Termination, String) {
    do {
      let process = try ChildProcess(
        executable: resolve(executable), arguments: arguments, environment: environment,
        directory: directory)
      var lines: [String] = []
      let started = Date()
      var killed = false
      let termination = process.run(
        line: { lines.append($0) },
        tick: {
          if let deadline, !killed, Date().timeIntervalSince(started) > deadline {
            killed = true
            process.killGroup()
          }
        })
      if killed, let deadline { lines.append(deadlineLine(deadline)) }
      return (termination, lines.joined(separator: "\n"))
    } catch {
      return (.exited(127), error.description)
    }
  }

  /// The last line of what ``capture(_:_:environment:deadline:directory:)`` returns for a
  /// command it killed at `deadline`.
  public static func deadlineLine(_ deadline: Double) -> String {
    "killed after \(Int(deadline)) s: it did not finish"
  }

  /// Whether a capture with `deadline` ended with `status` and `output` because it was killed
  /// there.
  public static func wasKilled(
    at deadline: Double, _ status: ChildProcess.Termination, _ output: String
  ) -> Bool {
    status == .signalled(SIGKILL) && output.hasSuffix(deadlineLine(deadline))
  }

  /// The full path of a command found on the `PATH`.
  public static func resolve(_ command: String) -> String {
    if command.contains("/") { return command }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(command)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return command
  }
}
