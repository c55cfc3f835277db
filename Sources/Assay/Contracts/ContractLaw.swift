/// Helpers for the built-in contracts' checks.
enum ContractLaw {
  /// Describes a sample on one line, the way Assay's assertions describe short values.
  static func show<T>(_ value: T) -> String {
    let description = ValueDescription.describe(value)
    return description.contains("\n") ? String(describing: value) : description
  }

  /// Fails when `holds` is false, naming the check.
  static func require(
    _ holds: Bool, _ message: @autoclosure () -> String, at report: ContractCheck.Report
  ) {
    if !holds { report.fail(message()) }
  }

  /// The samples of `type`, read twice: equal values that are separately built.
  static func samples<T: ContractSamples>(of type: T.Type, at report: ContractCheck.Report) -> (
    [T], [T]
  )? {
    let first = T.contractSamples
    let second = T.contractSamples
    guard first.count >= 2, second.count == first.count else {
      report.fail(
        "\(T.self).contractSamples must give at least two values, the same number each time "
          + "it is read (it gave \(first.count), then \(second.count))")
      return nil
    }
    return (first, second)
  }

  /// Every ordered pair of values from `values`.
  static func pairs<T>(_ values: [T]) -> [(T, T)] {
    values.flatMap { left in values.map { (left, $0) } }
  }
}
