extension Contract {
  /// The laws of `Comparable` for each of `types`: `<` is irreflexive, asymmetric and
  /// transitive, exactly one of `<`, `==` and `>` holds for any two values, and `<=`, `>` and
  /// `>=` agree with `<`.
  ///
  /// - Parameters:
  ///   - types: The types, each giving samples through ``ContractSamples``.
  ///   - fileID: The calling file's `#fileID`, by default; failures point at the call.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public static func comparable<each T: Comparable & ContractSamples & SendableMetatype>(
    _ types: repeat (each T).Type,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Contract {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var contracts: [Contract] = []
    for type in repeat each types {
      contracts.append(
        Contract("Comparable", for: "\(type)", at: site, checks: comparableChecks(type)))
    }
    return Contract(merging: contracts)
  }

  static func comparableChecks<T: Comparable & ContractSamples & SendableMetatype>(
    _: T.Type
  ) -> [ContractCheck] {
    typealias Law = ContractLaw
    return [
      ContractCheck("no value is less than itself", at: CallSite()) { report in
        guard let (values, _) = Law.samples(of: T.self, at: report) else { return }
        for value in values {
          Law.require(!(value < value), "\(Law.show(value)) < itself", at: report)
        }
      },
      ContractCheck("exactly one of <, == and > holds", at: CallSite()) { report in
        guard let (values, copies) = Law.samples(of: T.self, at: report) else { return }
        for (a, b) in Law.pairs(values + copies) {
          let holding = [a < b, a == b, b < a].filter { $0 }.count
          Law.require(
            holding == 1,
            "for \(Law.show(a)) and \(Law.show(b)), \(holding) of <, == and > hold instead of one",
            at: report)
        }
      },
      ContractCheck("< is transitive", at: CallSite()) { report in
        guard let (values, _) = Law.samples(of: T.self, at: report) else { return }
        for (a, b) in Law.pairs(values) where a < b {
          for c in values where b < c {
            Law.require(
              a < c,
              "\(Law.show(a)) < \(Law.show(b)) and \(Law.show(b)) < \(Law.show(c)), but not "
                + "\(Law.show(a)) < \(Law.show(c))",
              at: report)
          }
        }
      },
      ContractCheck("<=, > and >= agree with <", at: CallSite()) { report in
        guard let (values, copies) = Law.samples(of: T.self, at: report) else { return }
        for (a, b) in Law.pairs(values + copies) {
          Law.require(
            (a <= b) == !(b < a) && (a > b) == (b < a) && (a >= b) == !(a < b),
            "for \(Law.show(a)) and \(Law.show(b)), <=, > or >= disagrees with <",
            at: report)
        }
      },
    ]
  }
}
