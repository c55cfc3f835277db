// Hooks: what runs before, after and around the examples of a group.

extension Spec {
  /// Runs before each example of the group (and of its inner groups), outer groups' first.
  ///
  /// Declare hooks before the group's examples and inner groups. If the hook throws, the error
  /// is reported at this line; the example does not run, and the `afterEach` hooks do.
  ///
  /// - Parameters:
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The hook.
  public static func beforeEach(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: @escaping () async throws -> Void
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    SpecBuilder.forDeclaration("beforeEach", at: site)?.addHook("beforeEach", at: site) { group in
      group.beforeEach.append(SpecHook(kind: "beforeEach", site: site, body: body))
    }
  }

  /// Runs after every `beforeEach` of the example's groups, just before the example.
  ///
  /// Declare hooks before the group's examples and inner groups. If the hook throws, the error
  /// is reported at this line; the example does not run.
  ///
  /// - Parameters:
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The hook.
  public static func justBeforeEach(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: @escaping () async throws -> Void
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    SpecBuilder.forDeclaration("justBeforeEach", at: site)?.addHook("justBeforeEach", at: site) {
      group in
      group.justBeforeEach.append(SpecHook(kind: "justBeforeEach", site: site, body: body))
    }
  }

  /// Runs after each example of the group, inner groups' first, even when the example failed.
  ///
  /// Declare hooks before the group's examples and inner groups. If the hook throws, the error
  /// is reported at this line.
  ///
  /// - Parameters:
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The hook.
  public static func afterEach(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: @escaping () async throws -> Void
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    SpecBuilder.forDeclaration("afterEach", at: site)?.addHook("afterEach", at: site) { group in
      group.afterEach.append(SpecHook(kind: "afterEach", site: site, body: body))
    }
  }

  /// Runs once, after the last example of the group that this run started has finished.
  ///
  /// Declare hooks before the group's examples and inner groups. If the hook throws, the error
  /// is reported at this line.
  ///
  /// - Parameters:
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The hook.
  public static func afterAll(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: @escaping () async throws -> Void
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    SpecBuilder.forDeclaration("afterAll", at: site)?.addHook("afterAll", at: site) { group in
      group.afterAll.append(SpecHook(kind: "afterAll", site: site, body: body))
    }
  }

  /// Runs around each example of the group: call `run` once to run the group's `beforeEach`
  /// hooks, the example and the `afterEach` hooks.
  ///
  /// ```swift
  /// aroundEach { run in
  ///   try await withDependencies { $0.date = .constant(now) } operation: { try await run() }
  /// }
  /// ```
  ///
  /// A hook that never calls `run` fails the example, which did not run.
  ///
  /// - Parameters:
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The hook; its argument runs the rest of the example.
  public static func aroundEach(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: @escaping (_ run: () async throws -> Void) async throws -> Void
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    SpecBuilder.forDeclaration("aroundEach", at: site)?.addHook("aroundEach", at: site) { group in
      group.aroundEach.append(SpecAroundHook(site: site, body: body))
    }
  }
}

extension Spec {
  /// Runs once, before the first example of the group, and shares its result with the group's
  /// examples and hooks.
  ///
  /// Each example evaluates the spec afresh, so the examples cannot see variables assigned by a
  /// `beforeAll`: return the value instead, and read it with ``SpecValue/value``. If the hook
  /// throws, every example of the group fails at this line without running.
  ///
  /// - Parameters:
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The hook; what it returns is shared.
  /// - Returns: The shared value, for the group's examples and hooks.
  @discardableResult
  public static func beforeAll<Value: Sendable>(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: @escaping () async throws -> Value
  ) -> SpecValue<Value> {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let placeholder = SpecSharedState.HookKey(
      group: SpecSharedState.GroupKey(spec: ObjectIdentifier(Never.self), path: []), index: -1)
    guard let builder = SpecBuilder.forDeclaration("beforeAll", at: site) else {
      return SpecValue(key: placeholder)
    }
    return builder.addHook("beforeAll", at: site) { group in
      let key = SpecSharedState.HookKey(
        group: SpecSharedState.GroupKey(spec: builder.specID, path: group.path),
        index: group.beforeAll.count)
      group.beforeAll.append(SpecOnceHook(site: site, body: { try await body() }))
      return SpecValue(key: key)
    }
  }
}
