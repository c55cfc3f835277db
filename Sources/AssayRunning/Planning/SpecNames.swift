import AssayResults

/// How `assay test` and Assay name the cases of specs and contracts to each other:
/// `Module.Spec<tab>full name` or `contract<tab>check`, one a line, in `ASSAY_LIST_EXAMPLES`
/// files and the `ASSAY_EXAMPLES` variable.
enum SpecNames {
  /// The owner of a contract's checks.
  static let contract = "contract"

  /// `Module.Outer.Inner`, the spec type's name as `String(reflecting:)` writes it.
  static func specName(of host: TestIdentifier) -> String {
    "\(host.target).\(host.suite.replacingOccurrences(of: "/", with: "."))"
  }

  /// The full names of `specName`'s examples in `text`, in order.
  static func lines(_ text: String, for specName: String) -> [String] {
    let prefix = specName + "\t"
    return text.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map {
      String($0.dropFirst(prefix.count))
    }
  }

  /// The `ASSAY_EXAMPLES` value that runs `cases` (of spec hosts, or of the contract hosts in
  /// `contracts`).
  static func variable(for cases: [TestIdentifier], contracts: Set<TestIdentifier> = [])
    -> String
  {
    cases.compactMap { example in
      let owner = contracts.contains(example.withoutCase) ? contract : specName(of: example)
      return example.testCase.map { "\(owner)\t\($0)" }
    }.joined(separator: "\n")
  }
}
