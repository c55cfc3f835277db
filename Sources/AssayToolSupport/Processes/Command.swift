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
      if killed, let deadline {
        lines.append("killed after \(Int(deadline)) s: it did not finish")
      }
      return (termination, lines.joined(separator: "\n"))
    } catch {
      return (.exited(127), error.description)
    }
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
