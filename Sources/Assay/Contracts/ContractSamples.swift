/// A type that can give contracts a few distinct values of itself.
///
/// Build the values anew each time `contractSamples` is read: the contracts compare two
/// readings to find values that are equal without being the same instance.
///
/// ```swift
/// extension Money: ContractSamples {
///   static var contractSamples: [Money] { [Money(cents: 0), Money(cents: 1), Money(cents: -250)] }
/// }
/// ```
public protocol ContractSamples {
  /// At least two values, no two of them equal.
  static var contractSamples: [Self] { get }
}
