import Foundation
import Testing

/// One example of a ``Spec``, or a report about the spec, as a test case of the parameterized
/// test that hosts the spec.
///
/// Its test description is the example's full name (its groups' names and its own, joined with
/// commas), which is what `swift test`, Swift Testing's event stream and editors show.
public struct SpecExample: Sendable {
  /// The example's full name, such as "Wireframe, first screen, user is logged in, shows the
  /// second screen".
  public let name: String
  let spec: any Spec.Type
  let kind: Kind

  enum Kind: Sendable {
    /// An example to run: its path of child indices from the spec's root.
    case example(path: [Int])
    /// A pending example or group (`xit`, `xdescribe`, `pending`), reported as a warning.
    case pending(CallSite)
    /// Some examples were focused: how many of them were left out.
    case focused(omitted: Int, CallSite)
    /// A misuse of the DSL, reported as a failure at its line.
    case problem(String, CallSite)
  }

  /// Runs the example with its hooks, or reports what this case stands for.
  ///
  /// Every failure and thrown error is reported to the test framework, at the line of the
  /// assertion, hook or example it comes from. It throws only the test library's own
  /// errors, such as the one that ends a test when `unwrap` fails.
  public func run() async throws {
    switch kind {
    case .example(let path):
      let builder = SpecBuilder.evaluate(spec, target: path)
      guard let found = builder.found,
        SpecListing.fullName(of: found.example, in: found.groups) == name
      else {
        FailureReporter.record(
          "\(spec) declared other examples when it ran \"\(name)\" than when it listed them: "
            + "a spec must declare the same groups and examples every time spec() runs",
          at: builder.found?.example.site ?? CallSite())
        return
      }
      try await SpecRunner(
        specID: ObjectIdentifier(spec), groups: found.groups, example: found.example, name: name
      ).run()
    case .pending(let site):
      WarningReporter.record("\"\(name)\" is pending and did not run", at: site)
    case .focused(let omitted, let site):
      let message =
        "\(spec) is focused: \(omitted) example\(omitted == 1 ? "" : "s") did not run; "
        + "remove the f from fit, fdescribe and fcontext before you commit"
      if SpecNotice.isContinuousIntegration {
        FailureReporter.record(message + " (focus fails when the CI variable is set)", at: site)
      } else {
        WarningReporter.record(message, at: site)
      }
    case .problem(let message, let site):
      FailureReporter.record(message, at: site)
    }
  }
}

extension SpecExample: CustomStringConvertible, CustomTestStringConvertible {
  /// The example's full name.
  public var description: String { name }

  /// The example's full name, shown for the test case.
  public var testDescription: String { name }
}

extension SpecExample: CustomTestArgumentEncodable {
  /// Encodes the example's full name, which identifies its test case across runs.
  public func encodeTestArgument(to encoder: some Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}

/// Whether focus fails (on CI) or warns.
enum SpecNotice {
  /// Whether the `CI` environment variable is set (to anything but `false` or `0`), as CI
  /// services do.
  static var isContinuousIntegration: Bool {
    guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
    return !["", "0", "false"].contains(value.lowercased())
  }
}
