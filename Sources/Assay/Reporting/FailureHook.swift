import AssayCore

/// Receives the failures of the doubles' runtime (`AssayCore`, which links no test framework)
/// and reports them like every other Assay failure. `FailureSink` finds this type at run time.
public enum FailureHook: AssayFailureHook {
  /// Records `message` as a failure at `site`, with the framework running the current test.
  public static func record(_ message: String, at site: CallSite) {
    FailureReporter.record(message, at: site)
  }
}
