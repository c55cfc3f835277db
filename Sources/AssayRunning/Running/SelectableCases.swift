import AssayResults

/// The parameterized tests whose cases a process can run on their own: Assay's specs and
/// contracts, which run only the cases named in `ASSAY_EXAMPLES`. Swift Testing selects
/// tests, never one case of a test, so after a crash or a timeout in a case of any other
/// parameterized test, its cases not yet run cannot run.
struct SelectableCases {
  /// Each host's owner in `ASSAY_EXAMPLES`: the spec's name, or `contract`.
  var owners: [TestIdentifier: String]
  /// A host's cases, in order, listed without running them; empty when they cannot be.
  var list: (TestIdentifier) -> [String]

  /// No test's cases can be selected.
  static var none: SelectableCases { SelectableCases(owners: [:], list: { _ in [] }) }

  /// The `ASSAY_EXAMPLES` value that runs `cases` of `host`.
  func variable(_ cases: [String], of host: TestIdentifier) -> String {
    let owner = owners[host] ?? ""
    return cases.map { "\(owner)\t\($0)" }.joined(separator: "\n")
  }
}
