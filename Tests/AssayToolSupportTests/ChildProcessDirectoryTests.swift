import Foundation
import Testing

@testable import AssayToolSupport

/// A command runs in the folder asked for (`assay mutate` runs a copy's tests in the copy), and
/// a folder it cannot enter is an error that names it, not a command run elsewhere.
@Suite struct ChildProcessDirectoryTests {
  @Test func aCommandRunsInTheFolderAskedForOrInTheCurrentOne() throws {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("child-directory-\(UUID().uuidString)").standardizedFileURL.path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let (ended, printed) = Command.capture("/bin/pwd", ["-P"], directory: folder)
    #expect(ended == .exited(0))
    let real = try #require(realpath(folder, nil))
    defer { free(real) }
    #expect(printed == String(cString: real))

    let (_, here) = Command.capture("/bin/pwd", ["-P"])
    let current = try #require(realpath(FileManager.default.currentDirectoryPath, nil))
    defer { free(current) }
    #expect(here == String(cString: current))
  }

  @Test func aFolderItCannotEnterIsAnErrorNamingIt() {
    let missing = "/nonexistent-\(UUID().uuidString)"
    let error = #expect(throws: ChildProcess.StartError.self) {
      _ = try ChildProcess(executable: "/bin/pwd", arguments: [], directory: missing)
    }
    #expect(error?.description == "cannot run /bin/pwd in \(missing): No such file or directory")
  }
}
