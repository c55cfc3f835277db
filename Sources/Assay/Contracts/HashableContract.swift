extension Contract {
  /// The law of `Hashable` for each of `types`: equal values, even built separately or
  /// differing in what `==` ignores (``ContractSamples/equalContractSamples``), have equal
  /// hashes. Apply ``equatable(_:fileID:filePath:line:column:)`` too for the laws of
  /// equality.
  ///
  /// - Parameters:
  ///   - types: The types, each giving samples through ``ContractSamples``.
  ///   - fileID: The calling file's `#fileID`, by default; failures point at the call.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public static func hashable<each T: Hashable & ContractSamples & SendableMetatype>(
    _ types: repeat (each T).Type,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Contract {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var contracts: [Contract] = []
    for type in repeat each types {
      contracts.append(Contract("Hashable", for: "\(type)", at: site, checks: hashableChecks(type)))
    }
    return Contract(merging: contracts)
  }

  static func hashableChecks<T: Hashable & ContractSamples & SendableMetatype>(
    _: T.Type
  ) -> [ContractCheck] {
    [
      ContractCheck("equal values have equal hashes", at: CallSite()) { report in
        guard let (values, copies) = ContractLaw.samples(of: T.self, at: report) else { return }
        for (left, right) in T.equalContractSamples {
          ContractLaw.require(
            left == right,
            "equalContractSamples pairs \(ContractLaw.show(left)) with "
              + "\(ContractLaw.show(right)), but they are not ==",
            at: report)
        }
        for (left, right) in zip(values, copies) + T.equalContractSamples where left == right {
          ContractLaw.require(
            left.hashValue == right.hashValue,
            "\(ContractLaw.show(left)) == \(ContractLaw.show(right)), but their hashes differ: "
              + "hash(into:) combines something that == ignores",
            at: report)
        }
      },
      ContractCheck("a set keeps one of each value", at: CallSite()) { report in
        guard let (values, copies) = ContractLaw.samples(of: T.self, at: report) else { return }
        let set = Set(values + copies)
        ContractLaw.require(
          set.count == values.count,
          "a set of the samples, each added twice, has \(set.count) members instead of "
            + "\(values.count)",
          at: report)
      },
    ]
  }
}
