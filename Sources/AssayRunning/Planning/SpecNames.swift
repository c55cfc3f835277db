import AssayResults

/// How `assay test` and Assay's specs name examples to each other: `Module.Spec<tab>full
/// name`, one a line, in `ASSAY_LIST_EXAMPLES` files and the `ASSAY_EXAMPLES` variable.
enum SpecNames {
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

  /// The `ASSAY_EXAMPLES` value that runs `examples` (test cases of spec hosts).
  static func variable(for examples: [TestIdentifier]) -> String {
    examples.compactMap { example in
      example.testCase.map { "\(specName(of: example))\t\($0)" }
    }.joined(separator: "\n")
  }
}
