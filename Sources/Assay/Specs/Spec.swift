import Foundation

/// A type that declares a behaviour spec: groups of examples with `describe`, `context` and
/// `it`, and the hooks that run around them.
///
/// Declare the examples in ``spec()``, and host them in Swift Testing with one parameterized
/// test, so that every example is its own named test case:
///
/// ```swift
/// @Suite struct WireframeSpec: Spec {
///   static func spec() {
///     describe("Wireframe") {
///       var wireframe: Wireframe!
///       beforeEach { wireframe = Wireframe() }
///
///       it("shows the first screen") {
///         assertEqual(wireframe.screen, .first)
///       }
///     }
///   }
///
///   @Test(arguments: examples) func example(_ example: SpecExample) async throws {
///     try await example.run()
///   }
/// }
/// ```
///
/// `spec()` runs once to list the examples, and again for each example that runs, so every
/// example starts with fresh copies of the variables that the closures capture, and examples
/// can run in parallel. Only the `describe` and `context` bodies around the example run then.
public protocol Spec: SendableMetatype {
  /// Declares the spec's groups, hooks and examples.
  static func spec()
}

extension Spec {
  /// The examples to run, in declaration order, for `@Test(arguments:)`.
  ///
  /// When any example is focused (`fit`, `fdescribe`, `fcontext`), only the focused ones run,
  /// and one more case reports how many were left out. Pending examples are listed and
  /// report a warning. A misuse of the DSL (an empty group, a hook after the examples, two
  /// examples with one name) is listed as a case that fails at the line of the misuse.
  ///
  /// Set the `ASSAY_EXAMPLE` environment variable to an example's full name to run only that
  /// example (or, when no name is equal to it, the examples whose names contain it).
  ///
  /// `assay test --shard` splits specs by example with two more variables:
  /// `ASSAY_LIST_EXAMPLES=path` appends `Module.Spec<tab>full name` to `path` for each
  /// example and runs none; `ASSAY_EXAMPLES` holds such lines, and a spec runs only the
  /// examples it names (none when it names none of this spec's).
  public static var examples: [SpecExample] {
    let environment = ProcessInfo.processInfo.environment
    let specName = String(reflecting: Self.self)
    let only = environment["ASSAY_EXAMPLES"].map { CaseSelection.names(for: specName, in: $0) }
    let listing = SpecListing(
      of: Self.self, selecting: environment["ASSAY_EXAMPLE"], only: only)
    if let path = environment["ASSAY_LIST_EXAMPLES"] {
      CaseSelection.append(listing.examples.map(\.name), of: specName, to: path)
      return []
    }
    return listing.examples
  }
}
