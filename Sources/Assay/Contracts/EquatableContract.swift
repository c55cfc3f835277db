extension Contract {
  /// The laws of `Equatable` for each of `types`: equality is reflexive, symmetric and
  /// transitive, separately built equal values are equal, the samples are unequal to each
  /// other, and `!=` is the negation of `==`.
  ///
  /// - Parameters:
  ///   - types: The types, each giving samples through ``ContractSamples``.
  ///   - fileID: The calling file's `#fileID`, by default; failures point at the call.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public static func equatable<each T: Equatable & ContractSamples & SendableMetatype>(
    _ types: repeat (each T).Type,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Contract {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var contracts: [Contract] = []
    for type in repeat each types {
      contracts.append(
        Contract("Equatable", for: "\(type)", at: site, checks: equatableChecks(type)))
    }
    return Contract(merging: contracts)
  }

  static func equatableChecks<T: Equatable & ContractSamples & SendableMetatype>(
    _: T.Type
  ) -> [ContractCheck] {
    typealias Law = ContractLaw
    return [
      ContractCheck("every value equals itself", at: CallSite()) { report in
        guard let (values, _) = Law.samples(of: T.self, at: report) else { return }
        for value in values {
          Law.require(value == value, "\(Law.show(value)) is not equal to itself", at: report)
        }
      },
      ContractCheck("separately built equal values are equal", at: CallSite()) { report in
        guard let (values, copies) = Law.samples(of: T.self, at: report) else { return }
        for (value, copy) in zip(values, copies) {
          Law.require(
            value == copy,
            "\(Law.show(value)) is not equal to the same sample built again, \(Law.show(copy))",
            at: report)
        }
      },
      ContractCheck("distinct samples are unequal", at: CallSite()) { report in
        guard let (values, _) = Law.samples(of: T.self, at: report) else { return }
        for (i, left) in values.enumerated() {
          for right in values[(i + 1)...] {
            Law.require(
              left != right,
              "\(Law.show(left)) == \(Law.show(right)), but the samples are meant to differ: "
                + "== ignores a difference, or contractSamples repeats a value",
              at: report)
          }
        }
      },
      ContractCheck("equality is symmetric", at: CallSite()) { report in
        guard let (values, copies) = Law.samples(of: T.self, at: report) else { return }
        for (left, right) in Law.pairs(values + copies) {
          Law.require(
            (left == right) == (right == left),
            "\(Law.show(left)) == \(Law.show(right)) is \(left == right), but "
              + "\(Law.show(right)) == \(Law.show(left)) is \(right == left)",
            at: report)
        }
      },
      ContractCheck("equality is transitive", at: CallSite()) { report in
        guard let (values, copies) = Law.samples(of: T.self, at: report) else { return }
        let all = values + copies
        for (a, b) in Law.pairs(all) where a == b {
          for c in all where b == c {
            Law.require(
              a == c,
              "\(Law.show(a)) == \(Law.show(b)) and \(Law.show(b)) == \(Law.show(c)), but "
                + "\(Law.show(a)) != \(Law.show(c))",
              at: report)
          }
        }
      },
      ContractCheck("!= is the negation of ==", at: CallSite()) { report in
        guard let (values, copies) = Law.samples(of: T.self, at: report) else { return }
        for (left, right) in Law.pairs(values + copies) {
          Law.require(
            (left != right) == !(left == right),
            "\(Law.show(left)) != \(Law.show(right)) is \(left != right), and so is ==",
            at: report)
        }
      },
    ]
  }
}
