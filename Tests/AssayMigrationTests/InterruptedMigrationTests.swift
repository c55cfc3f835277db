import AssayProcessSpawn
import AssayTestSupport
import AssayToolSupport
import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Interrupted while it builds the converted tests, `assay migrate xctest --in-place` puts
/// every file it wrote back as it was (converted suites that may not compile, removed lists of
/// tests), takes the build along, says so, and ends by the signal: a user's tree is never left
/// half migrated. The build is a stand-in `swift` first on the `PATH`, which says its id and
/// then waits to be killed.
@Suite(.serialized) struct InterruptedMigrationTests {
  #if os(Linux)
    static let original = """
      import XCTest

      final class ATests: XCTestCase {
        func testA() { XCTAssertEqual(1, 1) }

        static var allTests = [("testA", testA)]
      }

      """

    static let linuxMain = """
      import XCTest

      XCTMain([testCase(ATests.allTests)])

      """

    @Test(.timeLimit(.minutes(10)), arguments: [SIGINT, SIGTERM, SIGHUP])
    func interruptedInItsBuildCheckItPutsEveryFileBack(_ signal: Int32) async throws {
      let assay = TestProcess.productsDirectory.appendingPathComponent("assay")
      try #require(FileManager.default.isExecutableFile(atPath: assay.path), "build assay first")
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-interrupted-migration-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let root = folder + "/package"
      let files = [
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(name: "A", targets: [.testTarget(name: "ATests")])

        """,
        "Tests/ATests/ATests.swift": Self.original,
        "Tests/LinuxMain.swift": Self.linuxMain,
      ]
      for (path, text) in files {
        let file = "\(root)/\(path)"
        try FileManager.default.createDirectory(
          atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
      }
      for arguments in [
        ["init", "-q"], ["add", "."],
        ["-c", "user.name=A", "-c", "user.email=a@example.com", "commit", "-qm", "tests"],
      ] {
        try #require(Command.capture("git", ["-C", root] + arguments).0 == .exited(0))
      }

      let stand = try HangingBuild()

      let errors = Pipe()
      let (process, exited) = try stand.start(
        assay, ["migrate", "xctest", "Tests", "--in-place"], in: root, errors: errors)

      let build = try await waitOffThePool { stand.waitForBuild(seconds: 120) }
      guard let build else {
        kill(process.processIdentifier, SIGKILL)
        Issue.record("assay migrate never started the build")
        return
      }
      // The conversion is written while the build runs.
      let converted = try String(
        contentsOfFile: root + "/Tests/ATests/ATests.swift", encoding: .utf8)
      #expect(converted.contains("#expect"), "\(converted)")
      #expect(!FileManager.default.fileExists(atPath: root + "/Tests/LinuxMain.swift"))

      kill(process.processIdentifier, signal)
      let stopped = try await waitOffThePool { exited.wait(timeout: .now() + 60) == .success }
      try #require(stopped, "assay migrate did not end after signal \(signal)")
      let said = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(process.terminationReason == .uncaughtSignal)
      #expect(process.terminationStatus == signal)
      let ended = try await waitOffThePool { assay_wait_for_end(build, 10_000) == 1 }
      #expect(ended, "the build \(build) outlived assay migrate killed by signal \(signal)")
      if !ended { kill(build, SIGKILL) }

      #expect(
        try String(contentsOfFile: root + "/Tests/ATests/ATests.swift", encoding: .utf8)
          == Self.original)
      #expect(
        (try? String(contentsOfFile: root + "/Tests/LinuxMain.swift", encoding: .utf8))
          == Self.linuxMain)
      #expect(
        said.contains("interrupted: the 2 files it changed are as they were"), "\(said)")
      let status = Command.capture("git", ["-C", root, "status", "--porcelain"])
      #expect(status.1.isEmpty, "\(status.1)")
    }
  #endif
}
