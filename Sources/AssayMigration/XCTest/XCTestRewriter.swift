import SwiftParser
import SwiftSyntax

/// Rewrites the classes a ``XCTestMigration/Plan`` converts: the class becomes a suite, its
/// setUp an `init`, its tearDown a `deinit`, its test methods `@Test` functions, and their
/// assertions, waits and skips Swift Testing's (or Assay's). Classes left as XCTest are only
/// marked.
final class XCTestRewriter: SyntaxRewriter {
  let plan: XCTestMigration.Plan
  let options: XCTestMigration.Options
  var tests = 0
  var assertions = 0
  var needsAssay = false
  /// Whether the code being visited is converted.
  var converting = false
  /// Whether the code being visited is in a class left as XCTest.
  var inLeftClass = false
  /// Whether its assertions become Assay's (helpers), rather than Swift Testing's.
  var toAssay = false
  /// The suite and test being visited, for `measure`'s name.
  var suite = ""
  var function = ""
  /// The tests (`Suite/test`) whose converted assertions evaluate a `try`: XCTest's catch what
  /// the value throws, `#expect` hands it on, so the test must be `throws`.
  var throwingTests: Set<String> = []
  /// The tests (`Suite/test`) whose waits now await: they become `async`. A blocking wait in a
  /// Swift Testing test holds one of the few threads that run the tests and the main queue's
  /// work, so code under test that finishes on the main queue would never fulfil it (seen on
  /// Linux), where XCTest's `wait(for:)` kept the main run loop going.
  var awaitingTests: Set<String> = []
  /// The methods other than tests that end in an async adapter (`XCTAsyncTest { … }`), by
  /// suite: they become `async throws`, and the tests `try await` them.
  var asyncMethods: Set<String> = []
  /// The file-level functions that run converted suites' class-wide hooks, by suite: written
  /// after the suite.
  var hookFunctions: [String: [String]] = [:]
  /// The helper base classes kept as XCTest whose Swift Testing copy was written after them.
  var copied: Set<String> = []
  /// The serialized root suite of the file's test target, which converted suites join (see
  /// ``SerializedRoot``).
  let serializedRoot: SerializedRoot?

  init(
    plan: XCTestMigration.Plan, options: XCTestMigration.Options,
    serializedRoot: SerializedRoot? = nil
  ) {
    self.plan = plan
    self.options = options
    self.serializedRoot = serializedRoot
    super.init(viewMode: .sourceAccurate)
  }

  /// The instance methods XCTest runs: `func test…()` without parameters.
  static func testMethods(in members: MemberBlockSyntax) -> [FunctionDeclSyntax] {
    functions(in: members.members).filter(isTestMethod)
  }

  /// The functions of `members`, those inside `#if` blocks included.
  static func functions(in members: MemberBlockItemListSyntax) -> [FunctionDeclSyntax] {
    declarations(in: members).compactMap { $0.as(FunctionDeclSyntax.self) }
  }

  /// The members' declarations, those inside `#if` blocks included.
  static func declarations(in members: MemberBlockItemListSyntax) -> [DeclSyntax] {
    members.flatMap { member -> [DeclSyntax] in
      guard let conditional = member.decl.as(IfConfigDeclSyntax.self) else { return [member.decl] }
      return conditional.clauses.flatMap { clause -> [DeclSyntax] in
        guard case .decls(let inner)? = clause.elements else { return [] }
        return declarations(in: inner)
      }
    }
  }

  static func isTestMethod(_ function: FunctionDeclSyntax) -> Bool {
    function.name.text.hasPrefix("test")
      && function.signature.parameterClause.parameters.isEmpty
      && !function.modifiers.contains { ["static", "class", "private"].contains($0.name.text) }
      && (function.signature.returnClause == nil
        || function.signature.returnClause?.type.trimmedDescription == "Void")
  }

  // MARK: Scopes

  override func visit(_ node: SourceFileSyntax) -> SourceFileSyntax {
    converting = false  // Functions outside test classes stay as they are: see the helpers.
    return super.visit(node)
  }

  override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
    let name = node.name.text
    if let copy = plan.copiedBases[name], let why = plan.left.first(where: { $0.name == name }) {
      return copying(node, as: copy, because: why.message)
    }
    if let left = plan.left.first(where: { $0.name == name }) {
      // Only its calls of lifted helpers through `self.` change (see `liftedCall(_:)`).
      let wasLeft = inLeftClass
      inLeftClass = true
      defer { inLeftClass = wasLeft }
      let visited = plan.helpers.lifted.isEmpty ? node : super.visit(node).as(ClassDeclSyntax.self)
      return DeclSyntax(Self.marked(visited ?? node, with: left.message))
    }
    guard plan.converted.contains(name) || plan.bases.contains(name) else {
      // A plain class: only its helpers that assert change (see `visit(_: FunctionDeclSyntax)`),
      // swift-nio-ssh's `BackToBackEmbeddedChannel.finish()`.
      let wasConverting = converting
      converting = false
      defer { converting = wasConverting }
      return super.visit(node)
    }
    let (wasConverting, wasSuite) = (converting, suite)
    (converting, suite) = (true, name)
    defer { (converting, suite) = (wasConverting, wasSuite) }
    guard let visited = super.visit(node).as(ClassDeclSyntax.self) else { return DeclSyntax(node) }
    if plan.bases.contains(name) { return baseDeclaration(from: visited) }
    let suite = suiteDeclaration(from: visited)
    guard let root = serializedRoot, root.takes(node), hookFunctions[name] == nil else {
      return suite
    }
    return root.joining(suite)
  }

  override func visit(_ node: ExtensionDeclSyntax) -> DeclSyntax {
    let name = node.extendedType.trimmedDescription
    guard plan.converted.contains(name) || plan.extended.contains(name) || plan.bases.contains(name)
    else {
      let wasConverting = converting
      converting = false
      defer { converting = wasConverting }
      return super.visit(node)
    }
    let (wasConverting, wasSuite) = (converting, suite)
    (converting, suite) = (true, name)
    defer { (converting, suite) = (wasConverting, wasSuite) }
    guard let visited = super.visit(node).as(ExtensionDeclSyntax.self) else {
      return DeclSyntax(node)
    }
    let block = visited.memberBlock
    var converted = members(block.members, isClass: true)
    // `@Test` refuses a function of an extension marked `@available` (grpc-swift-2's
    // `ClientRPCExecutorTests`) and takes the function's own: the availability moves onto
    // each member, as a class's does (an extension has no stored property or deinit).
    let availability = Self.availability(in: visited.attributes)
    guard !availability.isEmpty else {
      return DeclSyntax(visited.with(\.memberBlock, block.with(\.members, converted)))
    }
    converted = Self.marked(
      converted, availability: availability.map(\.trimmedDescription).joined(separator: " "))
    let attributes = visited.attributes.filter { element in
      !availability.contains { Syntax($0) == Syntax(element) }
    }
    return DeclSyntax(
      visited.with(\.attributes, attributes).with(\.memberBlock, block.with(\.members, converted))
        .with(\.leadingTrivia, node.leadingTrivia))
  }

  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
    let (was, wasToAssay, wasConverting) = (function, toAssay, converting)
    function = node.name.text
    // A helper of the run whose assertions all have Assay's form, or a method of a converted
    // suite that takes file: and line:, asserts with Assay: it works from either framework.
    let isNeutral =
      !converting && !inLeftClass && plan.helpers.neutral.contains(node.name.text)
    if isNeutral || (converting && XCTestBlockers.takesLocation(node)) {
      toAssay = true
      converting = true
    }
    defer { (function, toAssay, converting) = (was, wasToAssay, wasConverting) }
    return super.visit(node)
  }

  // MARK: Statements

  override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
    var visited = super.visit(node)
    if !plan.removed.isEmpty {
      visited = visited.filter { item in
        !(item.item.as(ClassDeclSyntax.self).map { plan.removed.contains($0.name.text) } ?? false)
      }
    }
    if !plan.helpers.lifted.isEmpty { visited = liftingHelpers(visited) }
    guard converting else { return withHookFunctions(visited) }
    var items: [CodeBlockItemSyntax] = []
    for item in knownIssueToTheEnd(visited, original: node) {
      // A setUp's `continueAfterFailure = false` is the tests' `try #require` now; set again
      // or let go in a test, it is what the test's assertions are (see `StopOnFailure.Role`).
      if StopOnFailure.isSetting(item.item.trimmedDescription, in: node)
        || StopOnFailure.role(item.item.trimmedDescription, in: node) != nil
      {
        continue
      }
      // `super.setUp()` and its kin have nothing to call in a suite.
      let text = item.item.trimmedDescription
      if [
        "super.setUp()", "try super.setUpWithError()", "await super.setUp()",
        "try await super.setUp()", "super.tearDown()", "try super.tearDownWithError()",
        "await super.tearDown()", "try await super.tearDown()",
      ].contains(text) {
        continue
      }
      let adapters = plan.helpers.asyncAdapters
      if item.id == visited.last?.id, let last = node.last,
        AsyncTestAdapter.endsATest(last, adapters: adapters),
        let closure = AsyncTestAdapter.closure(of: item, adapters: adapters)
      {
        // `XCTAsyncTest { … }` ending a test: the test is `async throws` and runs its body.
        items += AsyncTestAdapter.statements(of: closure, replacing: item)
        awaitingTests.insert("\(suite)/\(function)")
        throwingTests.insert("\(suite)/\(function)")
        if let method = node.parent?.parent?.as(FunctionDeclSyntax.self),
          !Self.isTestMethod(method)
        {
          asyncMethods.insert("\(suite)/\(function)")
        }
        continue
      }
      if !adapters.isEmpty, let test = node.parent?.parent?.as(FunctionDeclSyntax.self),
        Self.isTestMethod(test),
        AsyncTestAdapter.calledMethod(
          item,
          in: AsyncTestAdapter.endingMethods(
            in: XCTestBlockers.outermostType(around: node), adapters: adapters)) != nil
      {
        // A test that calls a method ending in `XCTAsyncTest { … }` awaits it.
        let awaited = Parser.parse(source: "try await " + item.item.trimmedDescription)
        items.append(
          (awaited.statements.first ?? item).with(\.leadingTrivia, item.leadingTrivia)
            .with(\.trailingTrivia, item.trailingTrivia))
        awaitingTests.insert("\(suite)/\(function)")
        throwingTests.insert("\(suite)/\(function)")
        continue
      }
      let stops = plan.stopsOnFailure.contains(suite)
      let converted = skip(item) ?? (stops ? StopOnFailure.noThrowStatement(item) : nil) ?? item
      items += Self.splittingReturnedRecord(converted) ?? [converted]
    }
    return CodeBlockItemListSyntax(ExpectationSettings.fold(items))
  }

  /// `return Issue.record(…)` (from `return XCTFail(…)`, which returns nothing) as two
  /// statements, `Issue.record(…); return`: the record returns the issue, which a function
  /// that returns nothing cannot return. `nil` for any other statement.
  static func splittingReturnedRecord(_ item: CodeBlockItemSyntax) -> [CodeBlockItemSyntax]? {
    guard let returned = item.item.as(ReturnStmtSyntax.self),
      let expression = returned.expression,
      expression.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
        == "Issue.record"
    else { return nil }
    let record = CodeBlockItemSyntax(
      item: .expr(
        expression.with(\.leadingTrivia, returned.leadingTrivia).with(\.trailingTrivia, [])),
      semicolon: .semicolonToken(trailingTrivia: .space))
    let back = CodeBlockItemSyntax(
      item: .stmt(
        StmtSyntax(
          ReturnStmtSyntax(
            returnKeyword: .keyword(.return, trailingTrivia: expression.trailingTrivia)))),
      semicolon: item.semicolon)
    return [record, back]
  }

  /// `items` with the functions that run a suite's class-wide hooks after the suite.
  func withHookFunctions(_ items: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
    guard !hookFunctions.isEmpty else { return items }
    var result: [CodeBlockItemSyntax] = []
    for item in items {
      result.append(item)
      let name =
        item.item.as(StructDeclSyntax.self)?.name.text
        ?? item.item.as(ClassDeclSyntax.self)?.name.text
      guard let name, let functions = hookFunctions.removeValue(forKey: name) else { continue }
      for function in functions {
        for statement in Parser.parse(source: function).statements {
          result.append(statement.with(\.leadingTrivia, .newlines(2) + statement.leadingTrivia))
        }
      }
    }
    return CodeBlockItemListSyntax(result)
  }

  /// `throw XCTSkip(why)` → `try Test.cancel(why)`; `try XCTSkipIf(c, why)` →
  /// `if c { try Test.cancel(why) }`; `try XCTSkipUnless(c, why)` → `if !(c) { … }`.
  func skip(_ item: CodeBlockItemSyntax) -> CodeBlockItemSyntax? {
    let call: FunctionCallExprSyntax
    if let thrown = item.item.as(ThrowStmtSyntax.self),
      let made = thrown.expression.as(FunctionCallExprSyntax.self)
    {
      call = made
    } else if let tried = item.item.as(TryExprSyntax.self),
      let made = tried.expression.as(FunctionCallExprSyntax.self)
    {
      call = made
    } else if let expression = item.item.as(ExpressionStmtSyntax.self)?.expression
      .as(TryExprSyntax.self), let made = expression.expression.as(FunctionCallExprSyntax.self)
    {
      call = made
    } else {
      return nil
    }
    let name = call.calledExpression.trimmedDescription
    let arguments = call.arguments.map(\.expression)
    let text: String
    switch name {
    case "XCTSkip":
      text =
        "try \(plan.testType).cancel(\(arguments.first.map(XCTestAssertion.comment) ?? "\"skipped\""))"
    case "XCTSkipIf", "XCTSkipUnless":
      guard let condition = arguments.first else { return nil }
      let why = arguments.count > 1 ? XCTestAssertion.comment(arguments[1]) : "\"skipped\""
      let test =
        name == "XCTSkipIf"
        ? condition.trimmedDescription : "!\(XCTestAssertion.operand(condition))"
      text = "if \(test) { try \(plan.testType).cancel(\(why)) }"
    default:
      return nil
    }
    assertions += 1
    let statement = Parser.parse(source: text).statements.first?.item ?? item.item
    return item.with(
      \.item,
      statement.with(\.leadingTrivia, item.item.leadingTrivia)
        .with(\.trailingTrivia, item.item.trailingTrivia))
  }

  // MARK: Expressions

  override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
    liftedCall(node) ?? teardownBlockCall(node) ?? super.visit(node)
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
    hiddenLiftedCall(node) ?? super.visit(node)
  }

  /// `self.addTeardownBlock` as Assay's `addTeardownBlock` in a suite being converted (see
  /// ``XCTestBlockers/isTeardownBlockThroughSelf(_:)``); `nil` otherwise.
  func teardownBlockCall(_ node: MemberAccessExprSyntax) -> ExprSyntax? {
    guard converting, !toAssay, XCTestBlockers.isTeardownBlockThroughSelf(node) else {
      return nil
    }
    return ExprSyntax(
      DeclReferenceExprSyntax(baseName: node.declName.baseName)
        .with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia))
  }

  override func visit(_ node: TryExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    return triedInsideTheClosure(visited, original: node) ?? visited
  }

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    guard converting, let call = visited.as(FunctionCallExprSyntax.self),
      let name = XCTestBlockers.calledName(call)
    else { return visited }
    // An assertion that passes `file:`/`line:` (a table-driven test's `line: sample.line`)
    // becomes Assay's, which takes them.
    let passesLocation = call.arguments.contains { ["file", "line"].contains($0.label?.text) }
    let asAssay = options.assertions == .assay || options.assayAssertionSuites.contains(suite)
    // What the arguments throw where the test cannot throw it, Assay's `assertNoThrow` records.
    let catches = options.usesAssay && XCTestAssertion.triesOutOfTheTestsReach(node)
    // An `#expect(throws:)` cannot stand inside another's closure, nor take a `$0` of the
    // closure around it into its own.
    let nested =
      options.usesAssay
      && (XCTestAssertion.isInsideACheckOfThrowing(node)
        || XCTestAssertion.namesAnEnclosingClosuresParameters(node))
    if toAssay || (options.usesAssay && (asAssay || passesLocation || nested)) || catches {
      let awaiting =
        XCTestAssertion.assayAsyncOverloads.contains(name) && XCTestAssertion.inAsyncContext(node)
      if let handled = XCTestAssertion.assayHandledReplacement(
        call, original: node,
        qualified: toAssay || plan.declaredFunctions.contains("assertThrows"), awaiting: awaiting),
        let parsed = Parser.parse(source: handled).statements.first?.item
          .as(ExpressionStmtSyntax.self)?.expression
      {
        assertions += 1
        needsAssay = true
        return parsed.with(\.leadingTrivia, call.leadingTrivia)
          .with(\.trailingTrivia, call.trailingTrivia)
      }
      guard
        let replacement = XCTestAssertion.assayReplacement(
          name: name, call: call,
          qualified: toAssay
            || plan.declaredFunctions.contains(
              XCTestAssertion.assayNames[name] ?? ""),
          contextTyped: plan.helpers.contextTyped
        )
      else {
        if toAssay { return visited }
        return convertedToSwiftTesting(name, call, visited: visited, node: node)
      }
      let tries = XCTestAssertion.triesInArguments(call)
      var text = replacement.text
      if tries, toAssay,
        let failing = XCTestAssertion.failureWithTryingMessage(
          call, qualified: replacement.text.hasPrefix("Assay."))
      {
        // XCTFail's message is a plain string, worked out where it stands.
        text = failing
      } else if tries, toAssay || catches {
        // XCTest's assertions catch what their arguments throw; Assay's take values. In a
        // helper or a class left as XCTest, Assay's `assertNoThrow` catches it instead.
        guard
          let caught = XCTestAssertion.catchingThrows(
            text, call: call, original: node,
            qualified: toAssay || plan.declaredFunctions.contains("assertNoThrow"))
        else { return visited }
        text = caught
      } else if tries {
        // In a converted test, the test throws instead (and fails, as it did).
        throwingTests.insert("\(suite)/\(function)")
      }
      assertions += 1
      needsAssay = true
      guard let converted = call.replacement((awaiting ? "await " : "") + text) else {
        return visited
      }
      return ArgumentLayout.laidOut(converted, like: call)
    }
    return convertedToSwiftTesting(name, call, visited: visited, node: node)
  }
}
