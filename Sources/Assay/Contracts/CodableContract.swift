import Foundation

extension Contract {
  /// A `Codable` round trip for each of `types`: every sample, encoded to JSON and decoded
  /// back, equals itself.
  ///
  /// - Parameters:
  ///   - types: The types, each giving samples through ``ContractSamples``.
  ///   - fileID: The calling file's `#fileID`, by default; failures point at the call.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public static func codable<each T: Codable & Equatable & ContractSamples & SendableMetatype>(
    _ types: repeat (each T).Type,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Contract {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var contracts: [Contract] = []
    for type in repeat each types {
      contracts.append(Contract("Codable", for: "\(type)", at: site, checks: codableChecks(type)))
    }
    return Contract(merging: contracts)
  }

  static func codableChecks<T: Codable & Equatable & ContractSamples & SendableMetatype>(
    _: T.Type
  ) -> [ContractCheck] {
    [
      ContractCheck("survives a JSON round trip", at: CallSite()) { report in
        guard let (values, _) = ContractLaw.samples(of: T.self, at: report) else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for value in values {
          let json = try encoder.encode(value)
          let decoded = try JSONDecoder().decode(T.self, from: json)
          ContractLaw.require(
            decoded == value,
            "\(ContractLaw.show(value)) came back from JSON as \(ContractLaw.show(decoded)) "
              + "(JSON: \(String(decoding: json, as: UTF8.self)))",
            at: report)
        }
      }
    ]
  }
}
