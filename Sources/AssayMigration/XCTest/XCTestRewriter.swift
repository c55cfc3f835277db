import SwiftParser
import SwiftSyntax

/// Rewrites the classes a ``XCTestMigration/Plan`` converts: the class becomes a suite, its
/// setUp an `init`, its tearDown a `deinit`, its test methods `@Test` functions, and their
/// assertions, waits and skips Swift Testing's (or Assay's). Classes left as XCTest are only
/// marked.
final class XCTestRewriter: SyntaxRewriter {
  let plan: XCTestMigration.Plan
  let options: XCTestMigration.Options
  private(set) var tests = 0
  private(set) var assertions = 0
  private(set) var needsAssay = false
  /// Whether the code being visited is converted.
  private var converting = false
  /// Whether its assertions become Assay's (helpers), rather than Swift Testing's.
  private var toAssay = false
  /// The suite and test being visited, for `measure`'s name.
  private var suite = ""
  private var function = ""
  /// The tests (`Suite/test`) whose converted assertions evaluate a `try`: XCTest's catch what
  /// the value throws, `#expect` hands it on, so the test must be `throws`.
  private var throwingTests: Set<String> = []
  /// The tests (`Suite/test`) whose waits now await: they become `async`. A blocking wait in a
  /// Swift Testing test holds one of the few threads that run the tests and the main queue's
  /// work, so code under test that finishes on the main queue would never fulfil it (seen on
  /// Linux), where XCTest's `wait(for:)` kept the main run loop going.
  private var awaitingTests: Set<String> = []
  /// The file-level functions that run converted suites' class-wide hooks, by suite: written
  /// after the suite.
  private var hookFunctions: [String: [String]] = [:]

  init(plan: XCTestMigration.Plan, options: XCTestMigration.Options) {
    self.plan = plan
    self.options = options
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
    if let left = plan.left.first(where: { $0.name == name }) {
      return DeclSyntax(Self.marked(node, with: left.message))
    }
    guard plan.converted.contains(name) else { return DeclSyntax(node) }
    let (wasConverting, wasSuite) = (converting, suite)
    (converting, suite) = (true, name)
    defer { (converting, suite) = (wasConverting, wasSuite) }
    guard let visited = super.visit(node).as(ClassDeclSyntax.self) else { return DeclSyntax(node) }
    return suiteDeclaration(from: visited)
  }

  override func visit(_ node: ExtensionDeclSyntax) -> DeclSyntax {
    let name = node.extendedType.trimmedDescription
    guard plan.converted.contains(name) else {
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
    return DeclSyntax(
      visited.with(\.memberBlock, block.with(\.members, members(block.members, isClass: true))))
  }

  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
    let (was, wasToAssay, wasConverting) = (function, toAssay, converting)
    function = node.name.text
    // A helper of the run whose assertions all have Assay's form, or a method of a converted
    // suite that takes file: and line:, asserts with Assay: it works from either framework.
    let isNeutral = !converting && plan.helpers.neutral.contains(node.name.text)
    if isNeutral || (converting && XCTestBlockers.takesLocation(node)) {
      toAssay = true
      converting = true
    }
    defer { (function, toAssay, converting) = (was, wasToAssay, wasConverting) }
    return super.visit(node)
  }

  // MARK: Statements

  override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
    let visited = super.visit(node)
    guard converting else { return withHookFunctions(visited) }
    var items: [CodeBlockItemSyntax] = []
    for item in visited {
      // `super.setUp()` and its kin have nothing to call in a suite.
      let text = item.item.trimmedDescription
      if [
        "super.setUp()", "try super.setUpWithError()", "await super.setUp()",
        "try await super.setUp()", "super.tearDown()", "try super.tearDownWithError()",
        "await super.tearDown()", "try await super.tearDown()",
      ].contains(text) {
        continue
      }
      items.append(skip(item) ?? item)
    }
    return CodeBlockItemListSyntax(ExpectationSettings.fold(items))
  }

  /// `items` with the functions that run a suite's class-wide hooks after the suite.
  private func withHookFunctions(_ items: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
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
  private func skip(_ item: CodeBlockItemSyntax) -> CodeBlockItemSyntax? {
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

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    guard converting, let call = visited.as(FunctionCallExprSyntax.self),
      let name = XCTestBlockers.calledName(call)
    else { return visited }
    // An assertion that passes `file:`/`line:` (a table-driven test's `line: sample.line`)
    // becomes Assay's, which takes them.
    let passesLocation = call.arguments.contains { ["file", "line"].contains($0.label?.text) }
    if toAssay || (options.usesAssay && (options.assertions == .assay || passesLocation)) {
      guard
        let replacement = XCTestAssertion.assayReplacement(
          name: name, call: call,
          qualified: toAssay
            || plan.declaredFunctions.contains(
              XCTestAssertion.assayNames[name] ?? "")
        )
      else {
        if toAssay { return visited }
        return convertedToSwiftTesting(name, call, visited: visited, node: node)
      }
      assertions += 1
      needsAssay = true
      if !toAssay, !["XCTAssertThrowsError", "XCTAssertNoThrow"].contains(name),
        call.arguments.tokens(viewMode: .sourceAccurate).contains(where: {
          $0.tokenKind == .keyword(.try)
        })
      {
        // XCTest's assertions catch what their arguments throw; Assay's take values, so the
        // test throws instead (and fails, as it did).
        throwingTests.insert("\(suite)/\(function)")
      }
      return call.replacement(replacement.text) ?? visited
    }
    return convertedToSwiftTesting(name, call, visited: visited, node: node)
  }

  /// `call` in Swift Testing's form (or Assay's, where Swift Testing has none); `visited` when
  /// it is not one to convert.
  private func convertedToSwiftTesting(
    _ name: String, _ call: FunctionCallExprSyntax, visited: ExprSyntax,
    node: FunctionCallExprSyntax
  ) -> ExprSyntax {
    let text: String
    if name.hasPrefix("XCTAssert"), call.trailingClosure != nil,
      XCTestBlockers.errorHandler(of: node) == nil
    {
      return visited  // A closure this cannot carry over: the class was left (see blockers).
    }
    if name == "XCTAssertThrowsError", XCTestBlockers.errorHandler(of: node) != nil,
      let handler = XCTestBlockers.errorHandler(of: call, statementOnly: false),
      let thrown = XCTestAssertion.replacement(name: name, arguments: call.arguments)
    {
      // `#expect(throws:)` gives the error back: the handler runs on it.
      assertions += 1
      let expectation =
        thrown.text.replacingOccurrences(of: ") { ", with: ", performing: { ")
        .dropLast(2) + " })"
      let source = "if let \(handler.name) = \(expectation) {\(handler.body)}"
      let parsed = Parser.parse(source: source).statements.first?.item
        .as(ExpressionStmtSyntax.self)?.expression
      guard let parsed else { return visited }
      return parsed.with(\.leadingTrivia, call.leadingTrivia)
        .with(\.trailingTrivia, call.trailingTrivia)
    } else if name == "XCTExpectFailure", let knownIssue = XCTestAssertion.knownIssue(call) {
      text = knownIssue
    } else if let replacement = XCTestAssertion.replacement(
      name: name, arguments: call.arguments,
      mayMutate: XCTestAssertion.callsMethodOfAVariable(node.arguments.first?.expression))
    {
      text = replacement.text
      needsAssay = needsAssay || replacement.needsAssay
      if text.hasPrefix("#expect("), !text.hasPrefix("#expect(throws:"),
        call.arguments.tokens(viewMode: .sourceAccurate).contains(where: {
          $0.tokenKind == .keyword(.try)
        })
      {
        throwingTests.insert("\(suite)/\(function)")
      }
    } else if ["startMeasuring", "stopMeasuring"].contains(name), call.arguments.isEmpty,
      let measure = MeasureConversion.enclosingMeasure(of: node),
      let block = measure.trailingClosure
    {
      // A run measured by hand: Assay's block takes the run, which starts and stops.
      return call.replacement("\(MeasureConversion.iterationName(in: block)).\(name)()") ?? visited
    } else if ["measure", "measureMetrics"].contains(name),
      MeasureConversion.blocker(call, name: name) == nil,
      let measure = MeasureConversion.converted(call, original: node, name: "\(suite)/\(function)")
    {
      text = measure
      needsAssay = true
    } else if let waiting = waiting(name, call) {
      text = waiting
      needsAssay = true
    } else {
      return visited
    }
    assertions += 1
    return call.replacement(text) ?? visited
  }

  /// Whether `node` is in a test method's own body, not in a closure or a nested function
  /// there (where an `await` would not compile).
  static func isRightInATest(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let parent = current {
      if parent.is(ClosureExprSyntax.self) || parent.is(AccessorBlockSyntax.self) { return false }
      if let function = parent.as(FunctionDeclSyntax.self) { return isTestMethod(function) }
      current = parent.parent
    }
    return false
  }

  /// `TestExpectation(predicate: predicate, evaluatedWith: object)`.
  static func predicateExpectation(_ predicate: String, object: String?) -> String {
    "TestExpectation(predicate: \(predicate)\(object.map { ", evaluatedWith: \($0)" } ?? ""))"
  }

  /// `TestExpectation(notification: name, object: object, center: center)`.
  static func notificationExpectation(_ name: String, object: String?, center: String?)
    -> String
  {
    let object = object.map { ", object: \($0)" } ?? ""
    let center = center.map { ", center: \($0)" } ?? ""
    return "TestExpectation(notification: \(name)\(object)\(center))"
  }

  /// Expectations and waits → Assay's `TestExpectation` and `waitForFulfillment`.
  private func waiting(_ name: String, _ call: FunctionCallExprSyntax) -> String? {
    let arguments = call.arguments
    func argument(_ label: String) -> String? {
      arguments.first { $0.label?.text == label }?.expression.trimmedDescription
    }
    switch name {
    case "expectation":
      if let description = argument("description") { return "TestExpectation(\(description))" }
      if let predicate = argument("for") {
        return Self.predicateExpectation(predicate, object: argument("evaluatedWith"))
      }
      guard let name = argument("forNotification") else { return nil }
      return Self.notificationExpectation(
        name, object: argument("object"), center: argument("notificationCenter"))
    case "XCTestExpectation":
      return argument("description").map { "TestExpectation(\($0))" }
    case "XCTNSPredicateExpectation":
      guard let predicate = argument("predicate") else { return nil }
      return Self.predicateExpectation(predicate, object: argument("object"))
    case "XCTNSNotificationExpectation":
      guard let name = argument("name") else { return nil }
      return Self.notificationExpectation(
        name, object: argument("object"), center: argument("notificationCenter"))
    case "wait", "fulfillment":
      guard let list = argument("for") ?? argument("of") else { return nil }
      let timeout = argument("timeout").map { ", timeout: .seconds(\($0))" } ?? ""
      let order = argument("enforceOrder").map { ", enforceOrder: \($0)" } ?? ""
      // `wait(for:)` right in a test's body awaits, and the test becomes `async`.
      let awaits = name == "wait" && Self.isRightInATest(call)
      if awaits { awaitingTests.insert("\(suite)/\(function)") }
      return (awaits ? "await " : "") + "waitForFulfillment(of: \(list)\(timeout)\(order))"
    default:
      return nil
    }
  }

  // MARK: The suite

  private func suiteDeclaration(from node: ClassDeclSyntax) -> DeclSyntax {
    let tearDownAsBlock = plan.tearDownAsBlock.contains(node.name.text)
    let needsClass = Self.needsClass(node) || tearDownAsBlock
    var modifiers = node.modifiers.filter { !["final", "open"].contains($0.name.text) }
      .map(\.trimmedDescription)
    if node.modifiers.contains(where: { $0.name.text == "open" }) {
      modifiers.insert("public", at: 0)
    }
    if needsClass { modifiers.append("final") }
    var inherited = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
    inherited.removeFirst()
    let availability = Self.availability(of: node)
    var attributes = node.attributes.filter { element in
      !availability.contains { Syntax($0) == Syntax(element) }
    }.trimmedDescription
    var traits: [String] = []
    if plan.tearsDown.contains(node.name.text) {
      // Assay's `addTeardownBlock` runs its blocks when the test ends, under this trait.
      traits.append(".tearsDown")
    }
    if options.serialized || Self.sharedState(of: node) != nil {
      // XCTest runs a class's tests one at a time; these may not be safe side by side.
      traits.append(".serialized")
    }
    if let aroundSuite = Self.aroundSuite(of: node) {
      traits.append(aroundSuite.trait)
      hookFunctions[node.name.text] = aroundSuite.functions
    }
    if !traits.isEmpty {
      attributes =
        (attributes.isEmpty ? "" : attributes + " ") + "@Suite(\(traits.joined(separator: ", ")))"
      needsAssay = needsAssay || traits != [".serialized"]
    }
    var head = attributes.isEmpty ? "" : attributes + "\n" + Self.indentation(of: node)
    head += (modifiers + [needsClass ? "class" : "struct", node.name.text]).joined(separator: " ")
    head += node.genericParameterClause?.trimmedDescription ?? ""
    if !inherited.isEmpty { head += ": " + inherited.joined(separator: ", ") }
    if let clause = node.genericWhereClause { head += " " + clause.trimmedDescription }
    let functions = Self.functions(in: node.memberBlock.members)
    let tearDownBlock =
      tearDownAsBlock
      ? functions.first {
        $0.name.text.hasPrefix("tearDown")
          && !$0.modifiers.contains { ["static", "class"].contains($0.name.text) }
      }.map(Self.teardownRegistration)
      : nil
    let hasSetUp = functions.contains { ["setUp", "setUpWithError"].contains($0.name.text) }
    var converted = members(
      node.memberBlock.members, isClass: needsClass,
      tearDown: tearDownBlock.map { (registration: $0, needsInit: !hasSetUp) })
    if !availability.isEmpty {
      converted = Self.marked(
        converted, availability: availability.map(\.trimmedDescription).joined(separator: " "))
    }
    let body = node.memberBlock.with(\.members, converted)
    let text = head + " " + body.trimmedDescription
    let declaration = Parser.parse(source: text).statements.first?.item.as(DeclSyntax.self)
    return (declaration ?? DeclSyntax(node)).with(\.leadingTrivia, node.leadingTrivia)
      .with(\.trailingTrivia, node.trailingTrivia)
  }

  /// A suite is a final class when a test may change its stored state, or it cleans up in a
  /// deinit; otherwise a struct.
  static func needsClass(_ node: ClassDeclSyntax) -> Bool {
    node.memberBlock.members.contains { member in
      if let variable = member.decl.as(VariableDeclSyntax.self) {
        let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
        return !isStatic && isStored(variable) && variable.bindingSpecifier.text == "var"
      }
      return false
    }
      || functions(in: node.memberBlock.members).contains {
        $0.name.text == "tearDown"
          && !$0.modifiers.contains { ["static", "class"].contains($0.name.text) }
      }
  }

  /// Calls that change or read what the whole process shares: the working folder, the
  /// environment, signals, file descriptors by number.
  private static let processWideCalls: Set<String> = [
    "chdir", "changeCurrentDirectoryPath", "setenv", "unsetenv", "putenv", "umask", "signal",
    "sigaction", "dup2", "setrlimit",
  ]

  /// What the class's tests share beyond their own instance, which Swift Testing's parallel
  /// tests would race on where XCTest ran them one at a time, or `nil`: a mutable static
  /// property of its own, a process-wide call, or a file descriptor made from a number
  /// (swift-system's tests `dup` onto descriptor 731 in two tests).
  static func sharedState(of node: ClassDeclSyntax) -> String? {
    for declaration in declarations(in: node.memberBlock.members) {
      if let variable = declaration.as(VariableDeclSyntax.self),
        variable.bindingSpecifier.tokenKind == .keyword(.var),
        variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }),
        isStored(variable)
      {
        return "static var"
      }
    }
    for token in node.memberBlock.tokens(viewMode: .sourceAccurate) {
      guard case .identifier(let name) = token.tokenKind else { continue }
      if processWideCalls.contains(name),
        token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
      {
        return name
      }
      if name == "FileDescriptor",
        let call = token.parent?.parent?.as(FunctionCallExprSyntax.self),
        call.arguments.first?.label?.text == "rawValue",
        call.arguments.first?.expression.is(IntegerLiteralExprSyntax.self) == true
      {
        return "FileDescriptor(rawValue:)"
      }
    }
    return nil
  }

  /// Whether the property keeps a value (it has no accessors, or only observers).
  static func isStored(_ variable: VariableDeclSyntax) -> Bool {
    variable.bindings.allSatisfy { binding in
      binding.accessorBlock == nil
        || binding.accessorBlock?.accessors.as(AccessorDeclListSyntax.self)?.contains {
          ["willSet", "didSet"].contains($0.accessorSpecifier.text)
        } == true
    }
  }

  /// The class's `@available` attributes, which its suite cannot keep: Swift Testing's `@Suite`
  /// refuses them (it cannot resolve availability when it expands), while `@Test` turns a
  /// function's into a condition. They move onto each member.
  static func availability(of node: ClassDeclSyntax) -> [AttributeSyntax] {
    node.attributes.compactMap { element in
      guard let attribute = element.as(AttributeSyntax.self),
        attribute.attributeName.trimmedDescription == "available"
      else { return nil }
      return attribute
    }
  }

  /// Why the class's `@available` cannot move onto its members, or `nil`: a stored property
  /// or a `deinit` cannot be marked available from a version, and a class-wide hook is run by
  /// a function outside the suite.
  static func availabilityBlocker(of node: ClassDeclSyntax) -> String? {
    guard !availability(of: node).isEmpty else { return nil }
    for declaration in declarations(in: node.memberBlock.members) {
      if let variable = declaration.as(VariableDeclSyntax.self), isStored(variable) {
        return "it is marked @available and has stored properties, which a suite cannot carry "
          + "(@Suite does not take @available, and a stored property cannot take it alone)"
      }
      if let function = declaration.as(FunctionDeclSyntax.self),
        function.name.text.hasPrefix("tearDown")
          || (function.name.text == "setUp"
            && function.modifiers.contains { ["static", "class"].contains($0.name.text) })
      {
        return "it is marked @available and has a \(function.name.text), which would run outside "
          + "the members that can take @available (@Suite does not take it)"
      }
      if declaration.is(DeinitializerDeclSyntax.self) {
        return "it is marked @available and has a deinit, which cannot take it (@Suite does not)"
      }
    }
    return nil
  }

  /// The members, each marked with `availability` (the class's `@available` attributes),
  /// those inside `#if` blocks included.
  private static func marked(_ list: MemberBlockItemListSyntax, availability: String)
    -> MemberBlockItemListSyntax
  {
    MemberBlockItemListSyntax(
      list.map { member in
        if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
          let clauses = conditional.clauses.map { clause -> IfConfigClauseSyntax in
            guard case .decls(let inner)? = clause.elements else { return clause }
            return clause.with(\.elements, .decls(marked(inner, availability: availability)))
          }
          return member.with(
            \.decl, DeclSyntax(conditional.with(\.clauses, IfConfigClauseListSyntax(clauses))))
        }
        let text =
          availability + "\n" + indentation(of: member.decl) + member.decl.trimmedDescription
        guard
          let declaration = Parser.parse(source: text).statements.first?.item.as(DeclSyntax.self)
        else { return member }
        return member.with(
          \.decl,
          declaration.with(\.leadingTrivia, member.decl.leadingTrivia)
            .with(\.trailingTrivia, member.decl.trailingTrivia))
      })
  }

  /// The class's own `class func setUp()` and `tearDown()`, which XCTest runs once for all its
  /// tests: the functions, to become `static`.
  static func classWideHooks(of node: ClassDeclSyntax) -> [FunctionDeclSyntax] {
    functions(in: node.memberBlock.members).filter { function in
      ["setUp", "tearDown"].contains(function.name.text)
        && function.modifiers.contains { ["class", "static"].contains($0.name.text) }
    }
  }

  /// `.aroundSuite(setUp: setUpSuite, tearDown: tearDownSuite)` for a class with class-wide
  /// hooks, and the file-level functions it names, which call the suite's static methods (an
  /// attribute of the suite cannot name the suite's own members: Swift reports a circular
  /// reference); `nil` for a class without.
  static func aroundSuite(of node: ClassDeclSyntax) -> (trait: String, functions: [String])? {
    let hooks = classWideHooks(of: node).map(\.name.text)
    guard !hooks.isEmpty else { return nil }
    let suite = node.name.text
    let used = ["setUp", "tearDown"].filter(hooks.contains)
    let trait = used.map { "\($0): \($0)\(suite)" }.joined(separator: ", ")
    let functions = used.map { hook in
      "/// Runs `\(suite).\(hook)()` once around the suite (XCTest's class-wide \(hook)).\n"
        + "@Sendable private func \(hook)\(suite)() { \(suite).\(hook)() }"
    }
    return (".aroundSuite(\(trait))", functions)
  }

  /// Whether a test counts on the main actor, as XCTest's main thread gives it:
  /// `MainActor.assumeIsolated`, or `dispatchPrecondition` (which `@MainActor` satisfies for
  /// the main queue). Whether it is on the main thread itself is another matter (see
  /// `XCTestBlockers`).
  static func assumesTheMainActor(_ function: FunctionDeclSyntax) -> Bool {
    guard
      !function.attributes.contains(where: {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor"
      })
    else { return false }
    return function.tokens(viewMode: .sourceAccurate).contains { token in
      token.text == "dispatchPrecondition"
        || (token.text == "assumeIsolated"
          && token.previousToken(viewMode: .sourceAccurate)?.previousToken(
            viewMode: .sourceAccurate)?.text == "MainActor")
    }
  }

  /// `function`'s text, made `async` and `throws` where asked and it is not yet.
  static func withEffects(_ function: FunctionDeclSyntax, async: Bool, throws throwing: Bool)
    -> String
  {
    let effects = function.signature.effectSpecifiers
    let addsAsync = async && effects?.asyncSpecifier == nil
    let addsThrows = throwing && effects?.throwsClause == nil
    guard addsAsync || addsThrows, let body = function.body else {
      return function.trimmedDescription
    }
    var signature = function.signature
    signature.effectSpecifiers = FunctionEffectSpecifiersSyntax(
      asyncSpecifier: effects?.asyncSpecifier
        ?? (addsAsync ? .keyword(.async, trailingTrivia: .space) : nil),
      throwsClause: effects?.throwsClause
        ?? (addsThrows
          ? ThrowsClauseSyntax(throwsSpecifier: .keyword(.throws, trailingTrivia: .space)) : nil))
    let head = function.with(\.body, nil).with(\.signature, signature).trimmedDescription
    return head + " " + body.trimmedDescription
  }

  /// Whether a tearDown can become a `deinit`: it neither throws nor awaits.
  static func canBeDeinit(_ tearDown: FunctionDeclSyntax) -> Bool {
    let effects = tearDown.signature.effectSpecifiers
    return tearDown.name.text == "tearDown" && effects?.asyncSpecifier == nil
      && effects?.throwsClause == nil
  }

  /// The statement that makes `tearDown` a teardown block, for `init` to run first:
  /// `addTeardownBlock { [self] in try await self.tearDown() }`.
  static func teardownRegistration(_ tearDown: FunctionDeclSyntax) -> String {
    let effects = tearDown.signature.effectSpecifiers
    let tries = effects?.throwsClause != nil ? "try " : ""
    let awaits = effects?.asyncSpecifier != nil ? "await " : ""
    return "addTeardownBlock { [self] in \(tries)\(awaits)self.\(tearDown.name.text)() }"
  }

  /// The members converted, those inside `#if` blocks included: setUp as `init`, tearDown as
  /// `deinit` (or as a teardown block that `init` adds, with `tearDown`), tests marked `@Test`.
  private func members(
    _ list: MemberBlockItemListSyntax, isClass: Bool,
    tearDown: (registration: String, needsInit: Bool)? = nil
  ) -> MemberBlockItemListSyntax {
    // XCTest's lists of tests, which nothing uses any more (see `XCTestHelpers.allTestsUsed`).
    let list = list.filter { member in
      !(member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
        XCTestHelpers.isTestList($0.pattern.trimmedDescription)
      } ?? false)
    }
    let items = list.flatMap { member -> [MemberBlockItemSyntax] in
      if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
        let clauses = conditional.clauses.map { clause -> IfConfigClauseSyntax in
          guard case .decls(let inner)? = clause.elements else { return clause }
          return clause.with(
            \.elements, .decls(members(inner, isClass: isClass, tearDown: tearDown)))
        }
        return [
          member.with(
            \.decl, DeclSyntax(conditional.with(\.clauses, IfConfigClauseListSyntax(clauses))))
        ]
      }
      guard let function = member.decl.as(FunctionDeclSyntax.self) else { return [member] }
      if function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) {
        guard ["setUp", "tearDown"].contains(function.name.text) else { return [member] }
        // A class-wide hook: a static method that the suite's `.aroundSuite` trait calls.
        let modifiers = function.modifiers.filter { $0.name.text != "override" }.map {
          $0.name.text == "class"
            ? $0.with(
              \.name,
              .keyword(
                .static, leadingTrivia: $0.name.leadingTrivia,
                trailingTrivia: $0.name.trailingTrivia))
            : $0
        }
        let method = function.with(\.modifiers, DeclModifierListSyntax(modifiers))
          .trimmedDescription
        return [Self.replacing(member, of: function, with: method) ?? member]
      }
      let name = function.name.text
      var body = function.body?.trimmedDescription ?? "{}"
      let attributes = function.attributes.trimmedDescription
      let prefix = attributes.isEmpty ? "" : attributes + " "
      let indentation = Self.indentation(of: function)
      var text: String
      if ["setUp", "setUpWithError"].contains(name) {
        let effects = function.signature.effectSpecifiers?.trimmedDescription ?? ""
        if let tearDown {
          body = Self.appending(tearDown.registration, to: body, indentation: indentation)
        }
        text = prefix + "init()" + (effects.isEmpty ? "" : " " + effects) + " " + body
      } else if name.hasPrefix("tearDown"), let tearDown {
        // A method like any other, which the teardown block calls.
        let method = function.with(
          \.modifiers, function.modifiers.filter { $0.name.text != "override" }
        ).trimmedDescription
        guard tearDown.needsInit else {
          return [Self.replacing(member, of: function, with: method)].compactMap { $0 }
        }
        let initializer =
          "init() " + Self.appending(tearDown.registration, to: "{}", indentation: indentation)
        return [
          Self.replacing(member, of: function, with: initializer),
          Self.replacing(member, of: function, with: method)?.with(
            \.leadingTrivia, .newlines(2) + .spaces(indentation.count)),
        ].compactMap { $0 }
      } else if name == "tearDown", isClass {
        text = prefix + "deinit " + body
      } else if Self.isTestMethod(function) {
        tests += 1
        let display = options.displayNames ? "(\(Self.displayName(name)))" : ""
        let indentation = Self.indentation(of: function)
        let declaration = Self.withEffects(
          function, async: awaitingTests.contains("\(suite)/\(name)"),
          throws: throwingTests.contains("\(suite)/\(name)"))
        // XCTest runs a test on the main thread: one that assumes the main actor keeps it.
        let isolation = Self.assumesTheMainActor(function) ? "@MainActor\n\(indentation)" : ""
        text = "@\(plan.testType)\(display)\n\(indentation)\(isolation)" + declaration
      } else {
        return [member]
      }
      return [Self.replacing(member, of: function, with: text) ?? member]
    }
    return MemberBlockItemListSyntax(items)
  }

  /// `member` with `text` parsed in the place of `function`, with its trivia; `nil` if `text`
  /// does not parse as a declaration.
  private static func replacing(
    _ member: MemberBlockItemSyntax, of function: FunctionDeclSyntax, with text: String
  ) -> MemberBlockItemSyntax? {
    guard let declaration = Parser.parse(source: text).statements.first?.item.as(DeclSyntax.self)
    else { return nil }
    return member.with(
      \.decl,
      declaration.with(\.leadingTrivia, function.leadingTrivia)
        .with(\.trailingTrivia, function.trailingTrivia))
  }

  /// `body` (`{ ... }`) with `statement` as its last line, indented one level deeper than the
  /// declaration at `indentation`.
  private static func appending(_ statement: String, to body: String, indentation: String)
    -> String
  {
    var head = body
    while head.last?.isWhitespace == true { head.removeLast() }
    if head.hasSuffix("}") { head.removeLast() }
    while head.last?.isWhitespace == true { head.removeLast() }
    return head + "\n" + indentation + "  " + statement + "\n" + indentation + "}"
  }

  /// `testUserLogsIn` → `"User logs in"`.
  static func displayName(_ method: String) -> String {
    var words: [String] = []
    var current = ""
    let characters = Array(method.dropFirst(4).drop(while: { $0 == "_" }))
    for (index, character) in characters.enumerated() {
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      if character == "_" {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else if character.isUppercase, !current.isEmpty,
        current.last?.isUppercase == false || next?.isLowercase == true
      {
        // A new word: after a lowercase letter, or the last capital of an acronym (URLIs).
        words.append(current)
        current = String(character)
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    let sentence = words.enumerated().map { index, word in
      index == 0 || (word.count > 1 && word.allSatisfy(\.isUppercase)) ? word : word.lowercased()
    }.joined(separator: " ")
    let capitalized = sentence.prefix(1).uppercased() + sentence.dropFirst()
    return "\"\(capitalized.isEmpty ? method : capitalized)\""
  }

  /// The spaces before a declaration's first token.
  static func indentation(of node: some SyntaxProtocol) -> String {
    let trivia = node.leadingTrivia.description
    let lastLine = trivia.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
    return String(lastLine.prefix { $0 == " " || $0 == "\t" })
  }

  /// `node` with a `// assay-migrate: …` line before it, once.
  static func marked(_ node: ClassDeclSyntax, with message: String) -> ClassDeclSyntax {
    let note = "\(XCTestMigration.marker) \(message)"
    guard !node.leadingTrivia.description.contains(XCTestMigration.marker) else { return node }
    let indentation = indentation(of: node)
    var trivia = node.leadingTrivia.pieces
    // The note goes right before the declaration, after its doc comment.
    let insertAt = trivia.lastIndex { if case .newlines = $0 { return true } else { return false } }
    let pieces: [TriviaPiece] =
      [.lineComment(note), .newlines(1)]
      + (indentation.isEmpty ? [] : [.spaces(indentation.count)])
    if let insertAt {
      trivia.insert(contentsOf: pieces, at: trivia.index(after: insertAt))
      // The spaces that followed the newline now follow the note.
      if trivia.indices.contains(trivia.index(after: insertAt) + pieces.count),
        case .spaces = trivia[trivia.index(after: insertAt) + pieces.count]
      {
        trivia.remove(at: trivia.index(after: insertAt) + pieces.count)
      }
    } else {
      trivia.insert(contentsOf: pieces, at: 0)
    }
    return node.with(\.leadingTrivia, Trivia(pieces: trivia))
  }
}
