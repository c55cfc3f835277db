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
///
/// Where `==` deliberately ignores a difference (case, order, a cache), also give pairs of
/// values that are equal without being alike, so that the `Hashable` contract can check that
/// the hash ignores that difference too:
///
/// ```swift
/// extension Tag: ContractSamples {
///   static var contractSamples: [Tag] { [Tag("swift"), Tag("linux")] }
///   static var equalContractSamples: [(Tag, Tag)] { [(Tag("Swift"), Tag("swift"))] }
/// }
/// ```
public protocol ContractSamples {
  /// At least two values, no two of them equal.
  static var contractSamples: [Self] { get }
  /// Pairs of values that must be equal although they differ in what `==` ignores; none by
  /// default.
  static var equalContractSamples: [(Self, Self)] { get }
}

extension ContractSamples {
  /// No pairs: `==` ignores nothing.
  public static var equalContractSamples: [(Self, Self)] { [] }
}
