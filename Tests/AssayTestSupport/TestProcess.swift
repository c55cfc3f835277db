import Foundation

/// How Assay's own tests start this package's test binary again (to run fixture tests that
/// fail on purpose) and find the executables `swift build` made next to it.
///
/// Linux runs the tests as an executable. macOS loads them as a bundle into `xctest` (XCTest)
/// or `swiftpm-testing-helper` (Swift Testing), so the same run takes other arguments there.
/// The Darwin branch is not run by CI (Linux); keep it this small.
public enum TestProcess {
  /// The folder of the built products: the test binary, or bundle, and `assay`.
  public static var productsDirectory: URL {
    #if os(macOS)
      testBundle.deletingLastPathComponent()
    #else
      testBinary.deletingLastPathComponent()
    #endif
  }

  /// The executable and arguments that run this package's tests with `arguments`, the
  /// arguments `swift test` passes on Linux (`--testing-library swift-testing --filter X`, or an
  /// XCTest name).
  public static func command(_ arguments: [String]) -> (executable: URL, arguments: [String]) {
    #if os(macOS)
      let xcrun = URL(fileURLWithPath: "/usr/bin/xcrun")
      if arguments.contains("--testing-library") {
        return (
          xcrun,
          ["swiftpm-testing-helper", "--test-bundle-path", testBundle.path] + arguments
        )
      }
      return (xcrun, ["xctest", "-XCTest", arguments.joined(separator: ","), testBundle.path])
    #else
      return (testBinary, arguments)
    #endif
  }

  #if os(macOS)
    /// The `.xctest` bundle holding these tests.
    private static var testBundle: URL {
      Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
        ?? Bundle.main.bundleURL
    }
  #else
    /// The test executable, `AssayPackageTests.xctest`.
    private static var testBinary: URL {
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
  #endif
}
