import AssayToolSupport
import Foundation

/// Builds a package's tests once, as `swift test` would, and finds the test binary.
public struct TestBuild: Sendable {
  /// Options passed to every `swift build`: `--configuration`, `--scratch-path`,
  /// `--sanitize`, ...
  public var options: [String]
  /// The `swift` command.
  public var swift: String

  /// A build with `options`.
  public init(options: [String] = [], swift: String = "swift") {
    self.options = options
    self.swift = swift
  }

  /// Runs `swift build --build-tests`, passing each line it prints to `output`.
  ///
  /// - Throws: ``RunError`` with the compiler's errors when the build fails.
  public func build(output: (String) -> Void) throws(RunError) {
    let (termination, errors) = try compile(output: output)
    guard termination == .exited(0) else {
      let shown = errors.prefix(20).joined(separator: "\n")
      throw RunError("the build failed (\(termination))" + (shown.isEmpty ? "" : ":\n\(shown)"))
    }
  }

  /// Runs `swift build --build-tests`, or `swift build --target` of one target and what it
  /// depends on: how it ended, and every error line, each once.
  ///
  /// - Parameters:
  ///   - target: The one target to build; the tests and all they depend on when `nil`.
  ///   - output: Receives each line the build prints.
  public func compile(target: String? = nil, output: (String) -> Void = { _ in }) throws(RunError)
    -> (termination: ChildProcess.Termination, errors: [String])
  {
    let what = target.map { ["--target", $0] } ?? ["--build-tests"]
    let process: ChildProcess
    do {
      process = try ChildProcess(
        executable: Command.resolve(swift), arguments: ["build"] + what + options)
    } catch {
      throw RunError(error.description)
    }
    var errors: [String] = []
    var seen: Set<String> = []
    let termination = process.run(line: { line in
      // The compiler repeats an error for each job that meets it: keep each once.
      if line.contains(": error:"), seen.insert(line).inserted { errors.append(line) }
      output(line)
    })
    return (termination, errors)
  }

  /// The test binary `swift build --build-tests` wrote: `<Package>PackageTests.xctest`.
  ///
  /// - Parameter folder: Where SwiftPM puts the products (`.build/debug`, a link to the
  ///   platform's folder); asked of `swift build --show-bin-path` when absent.
  /// - Throws: ``RunError`` when the package has no tests built.
  public func testBinary(in folder: String? = nil) throws(RunError) -> TestBinary {
    var folder = folder ?? ""
    if !FileManager.default.fileExists(atPath: folder) {
      let (status, output) = Command.capture(swift, ["build", "--show-bin-path"] + options)
      folder = output.split(separator: "\n").last.map(String.init) ?? ""
      guard status == .exited(0), !folder.isEmpty else {
        throw RunError("swift build --show-bin-path failed: \(output.suffix(500))")
      }
    }
    let found = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    guard let name = found.filter({ $0.hasSuffix("PackageTests.xctest") }).sorted().first else {
      throw RunError("no test binary in \(folder): does the package have test targets?")
    }
    return TestBinary(path: "\(folder)/\(name)")
  }
}

/// A package's built tests, and how to start them for each test library.
///
/// On Linux the `.xctest` file is an executable that runs XCTest, or Swift Testing when given
/// `--testing-library swift-testing` (what `swift test` does). On macOS it is a bundle that
/// `xctest` or `swiftpm-testing-helper` loads.
public struct TestBinary: Sendable, Equatable {
  /// The `.xctest` path.
  public let path: String
  /// The folder its tests run in: this process's current one when `nil`, as under
  /// `swift test`; `assay mutate` runs a copy's tests in folders that show the copy, so that
  /// what a mutant's tests write never lands in the user's package.
  public var workingDirectory: String?

  /// A binary at `path`, whose tests run in `workingDirectory` (the current folder when `nil`).
  public init(path: String, workingDirectory: String? = nil) {
    self.path = path
    self.workingDirectory = workingDirectory
  }

  /// The executable and arguments that run XCTest with `arguments`.
  public func xctest(_ arguments: [String]) -> (executable: String, arguments: [String]) {
    #if os(macOS)
      let filter = arguments.first.map { ["-XCTest", $0] } ?? []
      return ("/usr/bin/xcrun", ["xctest"] + filter + [path])
    #else
      return (path, arguments)
    #endif
  }

  /// The executable and arguments that run Swift Testing with `arguments`.
  public func swiftTesting(_ arguments: [String]) -> (executable: String, arguments: [String]) {
    #if os(macOS)
      return (
        "/usr/bin/xcrun",
        [
          "swiftpm-testing-helper", "--test-bundle-path", path, "--testing-library",
          "swift-testing",
        ]
          + arguments
      )
    #else
      return (path, ["--testing-library", "swift-testing"] + arguments)
    #endif
  }
}
