extension Contract {
  /// The behaviour of a ``SingletonByChoice`` for each of `types`: a shared instance of the
  /// type's own class exists and is the same every time; `init()` makes fresh instances,
  /// distinct from the shared one and from each other; and `withShared` replaces the shared
  /// instance only inside its scope.
  ///
  /// - Parameters:
  ///   - types: The singleton-by-choice types.
  ///   - fileID: The calling file's `#fileID`, by default; failures point at the call.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public static func singletonByChoice<each T: SingletonByChoice>(
    _ types: repeat (each T).Type,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Contract {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var contracts: [Contract] = []
    for type in repeat each types {
      contracts.append(
        Contract("Singleton by choice", for: "\(type)", at: site, checks: singletonChecks(type)))
    }
    return Contract(merging: contracts)
  }

  static func singletonChecks<T: SingletonByChoice>(_: T.Type) -> [ContractCheck] {
    typealias Law = ContractLaw
    return [
      ContractCheck("the shared instance is of the type itself", at: CallSite()) { report in
        let shared = T.shared
        Law.require(
          type(of: shared) == T.self,
          "\(T.self).shared is a \(type(of: shared)), not a \(T.self)", at: report)
      },
      ContractCheck("the shared instance is the same every time", at: CallSite()) { report in
        Law.require(
          T.shared === T.shared, "\(T.self).shared gave two different instances", at: report)
      },
      ContractCheck("a fresh instance is not the shared one", at: CallSite()) { report in
        Law.require(
          T() !== T.shared,
          "\(T.self)() returned the shared instance: keep init() making fresh instances",
          at: report)
      },
      ContractCheck("fresh instances are distinct", at: CallSite()) { report in
        Law.require(T() !== T(), "\(T.self)() returned the same instance twice", at: report)
      },
      ContractCheck("withShared replaces the shared instance only in its scope", at: CallSite()) {
        report in
        let original = T.shared
        let replacement = T()
        let inside = T.withShared(replacement) { T.shared }
        Law.require(
          inside === replacement, "inside withShared, \(T.self).shared is not the replacement",
          at: report)
        Law.require(
          T.shared === original, "after withShared, \(T.self).shared is still the replacement",
          at: report)
      },
      ContractCheck("concurrent first uses get one shared instance", at: CallSite()) { report in
        // The instances, not their identifiers: a released instance's address, and so its
        // identifier, can be reused by the next, and eight new instances would count as fewer.
        let instances = await withTaskGroup(of: T.self) { group in
          for _ in 0..<8 { group.addTask { T.shared } }
          return await group.reduce(into: [T]()) { $0.append($1) }
        }
        let identities = Set(instances.map(ObjectIdentifier.init))
        Law.require(
          identities.count == 1,
          "8 tasks asking for \(T.self).shared at once got \(identities.count) instances",
          at: report)
      },
    ]
  }
}
