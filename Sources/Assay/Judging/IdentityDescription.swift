/// Stable descriptions of references: types, never addresses, which change from run to run.
enum IdentityDescription {
  static func describe(_ object: AnyObject?) -> String {
    guard let object else { return "nil" }
    return "the same \(type(of: object)) instance"
  }

  /// How a mismatching reference reads after "was": `nil`, `another Gauge instance`.
  static func describeInstance(_ object: AnyObject?, expected: AnyObject?) -> String {
    guard let object else { return "nil" }
    if let expected, type(of: expected) == type(of: object) {
      return "another \(type(of: object)) instance"
    }
    return "a \(type(of: object)) instance"
  }

  static func differentInstances(_ actual: AnyObject?, _ expected: AnyObject?) -> String {
    switch (actual, expected) {
    case (nil, let expected?):
      return "expected a \(type(of: expected)) instance, got nil"
    case (let actual?, nil):
      return "expected nil, got a \(type(of: actual)) instance"
    case (let actual?, let expected?) where type(of: actual) == type(of: expected):
      return "two different \(type(of: actual)) instances"
    case (let actual?, let expected?):
      return "expected a \(type(of: expected)) instance, got a \(type(of: actual)) instance"
    case (nil, nil):
      return "both are nil"
    }
  }
}
