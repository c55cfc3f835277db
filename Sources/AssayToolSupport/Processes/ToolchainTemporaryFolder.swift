import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `TMPDIR` of its own for a command of the Swift toolchain, removed when the command ends.
///
/// Swift's driver makes a `TemporaryDirectory.XXXXXX` folder in `TMPDIR` for every compile and
/// never removes it (it holds only `.keep-directory` afterwards): one `swift build
/// --show-bin-path` leaves three, a build many more. The tools run `swift` often (`assay
/// mutate` builds in rounds), and must create nothing outside their build folder, so each such
/// command gets a fresh folder as its `TMPDIR`, removed with what the toolchain left there.
/// Test binaries keep the user's `TMPDIR`: their tests run as under `swift test`.
struct ToolchainTemporaryFolder {
  /// The folder, which the command sees as `TMPDIR`.
  let path: String

  /// The commands of the toolchain that compile (and so leave folders), by file name.
  static let commands: Set<String> = [
    "swift", "swiftc", "swift-build", "swift-test", "swift-package", "swift-run",
    "swift-frontend", "swift-driver", "swift-symbolgraph-extract",
  ]

  /// A new folder in the current `TMPDIR` for `executable`, or `nil` when it is not a command
  /// of the toolchain, when `environment` already chooses its `TMPDIR`, or when no folder can
  /// be made (the command then runs as it would anyway).
  init?(for executable: String, environment: [String: String]) {
    guard Self.commands.contains((executable as NSString).lastPathComponent),
      environment["TMPDIR"] == nil
    else { return nil }
    let parent =
      ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/tmp"
    var template = Array("\(parent)/assay-swift.XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) })
    else { return nil }
    path = String(cString: made)
  }

  /// Removes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
