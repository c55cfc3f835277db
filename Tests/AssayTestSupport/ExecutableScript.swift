import Foundation

/// Writes scripts that tests run as stand-ins for commands and test binaries.
///
/// A file that this process holds open for writing cannot be run ("Text file busy") by a
/// child that another test forked at that moment, which inherits the descriptor until it
/// starts its own program: CI's run of the tests in parallel failed one so. The script's text
/// is written to a file of its own, and `install`, another process, makes the executable from
/// it: this process never opens the file that runs.
public enum ExecutableScript {
  /// Writes `text` to `path`, executable.
  ///
  /// - Throws: An error naming `path` when it could not be made.
  public static func write(_ text: String, to path: String) throws {
    let source = path + ".source-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: source) }
    try Data(text.utf8).write(to: URL(fileURLWithPath: source))
    let install = Process()
    install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
    install.arguments = ["-m", "755", source, path]
    try install.run()
    install.waitUntilExit()
    guard install.terminationStatus == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
  }
}
