import Foundation

/// A set of checks written once for any type with some conformance, applied to many types;
/// every check becomes a test case named after its type and itself.
///
/// Assay ships contracts for the laws of `Equatable`, `Hashable` and `Comparable`, for `Codable`
/// round trips and for ``SingletonByChoice``. Apply them in one line each, and run them as the
/// arguments of one parameterized test:
///
/// ```swift
/// @Test(arguments: Contract.checks(
///   .equatable(Money.self, Currency.self),
///   .codable(Money.self, Currency.self),
///   .singletonByChoice(Analytics.self)
/// ))
/// func contract(_ check: ContractCheck) async throws {
///   try await check.run()
/// }
/// ```
///
/// Write a contract of your own as a generic function:
///
/// ```swift
/// func cacheContract<C: Cache>(_ type: C.Type) -> Contract {
///   Contract("Cache", for: type) {
///     ContractCheck("returns what was stored") {
///       let cache = C()
///       cache["a"] = 1
///       assertEqual(cache["a"], 1)
///     }
///   }
/// }
/// ```
public struct Contract: Sendable {
  /// The checks, each named after its type, the contract and itself.
  public let checks: [ContractCheck]

  /// A contract for `subject`, with checks declared in `checks`.
  ///
  /// - Parameters:
  ///   - name: The contract's name, such as "Cache".
  ///   - subject: The type the checks are about; it names the test cases.
  ///   - checks: The checks.
  public init<Subject>(
    _ name: String, for subject: Subject.Type, @ContractBuilder checks: () -> [ContractCheck]
  ) {
    self.checks = checks().map { $0.applied(to: "\(subject)", contract: name, at: nil) }
  }

  /// A built-in contract, whose failures point at `site`, where it is applied.
  init(_ name: String, for subject: String, at site: CallSite, checks: [ContractCheck]) {
    self.checks = checks.map { $0.applied(to: subject, contract: name, at: site) }
  }

  /// Several contracts merged.
  public init(merging contracts: [Contract]) {
    self.checks = contracts.flatMap(\.checks)
  }

  /// Runs every check, one after the other: for an `XCTestCase`, where one test method runs a
  /// whole contract. Each failure names its type and check.
  public func run() async throws {
    for check in checks { try await check.run() }
  }

  /// The checks of all `contracts`, for `@Test(arguments:)`.
  ///
  /// `assay test --shard` splits a contract's test check by check, as it does a spec's
  /// examples: with `ASSAY_LIST_EXAMPLES=path` the checks' names are appended to `path` as
  /// `contract<tab>name` and none runs; with `ASSAY_EXAMPLES`, only the checks it names run.
  public static func checks(_ contracts: Contract...) -> [ContractCheck] {
    let all = contracts.flatMap(\.checks)
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["ASSAY_LIST_EXAMPLES"] {
      CaseSelection.append(all.map(\.name), of: "contract", to: path)
      return []
    }
    guard let list = environment["ASSAY_EXAMPLES"] else { return all }
    let names = CaseSelection.names(for: "contract", in: list)
    return all.filter { names.contains($0.name) }
  }
}

/// Collects the checks of a ``Contract``.
@resultBuilder
public enum ContractBuilder {
  /// Collects the checks.
  public static func buildBlock(_ checks: [ContractCheck]...) -> [ContractCheck] {
    checks.flatMap { $0 }
  }

  /// A single check.
  public static func buildExpression(_ check: ContractCheck) -> [ContractCheck] { [check] }

  /// Checks declared under `if`.
  public static func buildOptional(_ checks: [ContractCheck]?) -> [ContractCheck] { checks ?? [] }

  /// Checks declared under `if`-`else`.
  public static func buildEither(first checks: [ContractCheck]) -> [ContractCheck] { checks }

  /// Checks declared under `if`-`else`.
  public static func buildEither(second checks: [ContractCheck]) -> [ContractCheck] { checks }

  /// Checks declared in a loop.
  public static func buildArray(_ checks: [[ContractCheck]]) -> [ContractCheck] {
    checks.flatMap { $0 }
  }
}
