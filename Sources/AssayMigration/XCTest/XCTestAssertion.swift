import SwiftParser
import SwiftSyntax

/// One XCTest assertion call and what it becomes in Swift Testing (or Assay).
enum XCTestAssertion {
  /// The replacement of a call of `name` with `arguments`; `nil` when the call is not an
  /// assertion this knows, or has a shape it cannot convert without changing what it checks
  /// (the reason is then in `blocker(for:arguments:)`).
  ///
  /// `mayMutate` says that the first argument calls a method of a variable (see
  /// `callsMethodOfAVariable`), which `#expect` and `#require` cannot call if it is
  /// `mutating`: `#expect(x.f() == true)` then, and Assay's `unwrap` for `XCTUnwrap`.
  /// `contextTyped` names the generic functions whose result only the context types (see
  /// ``ContextTypedCalls``): checked for `nil`, a call of one keeps XCTest's `Any?`.
  static func replacement(
    name: String, arguments: LabeledExprListSyntax, mayMutate: Bool = false,
    contextTyped: Set<String> = []
  ) -> Replacement? {
    let positional = arguments.filter { $0.label == nil }.map(\.expression)
    let labels = Set(arguments.compactMap(\.label?.text))
    guard labels.isSubset(of: ["accuracy"]) else { return nil }
    func message(after count: Int) -> String? {
      positional.count > count ? comment(positional[count]) : nil
    }
    func expect(_ condition: String, messageAfter count: Int) -> Replacement? {
      guard positional.count == count || positional.count == count + 1 else { return nil }
      let checked =
        equatesADivisionOfIntegerLiterals(name, positional.prefix(count))
        ? "(\(condition)) as Bool" : condition
      return Replacement(
        text: "#expect(\(checked)\(message(after: count).map { ", \($0)" } ?? ""))")
    }
    func binary(_ symbol: String) -> Replacement? {
      guard positional.count >= 2 else { return nil }
      return expect(
        "\(operand(positional[0])) \(symbol) \(operand(positional[1]))", messageAfter: 2)
    }
    // `XCTAssert(false, "why")` is a failure of its own: `#expect(false)` draws a warning.
    if let first = positional.first?.as(BooleanLiteralExprSyntax.self), positional.count <= 2,
      (first.literal.tokenKind == .keyword(.false)
        && ["XCTAssert", "XCTAssertTrue"].contains(name))
        || (first.literal.tokenKind == .keyword(.true) && name == "XCTAssertFalse")
    {
      return Replacement(text: "Issue.record(\(message(after: 1) ?? ""))")
    }
    switch name {
    case "XCTAssert", "XCTAssertTrue":
      guard let first = positional.first.map(keyPathsAsClosures) else { return nil }
      if passesAnOrdering(first) {
        return expect("\(first.trimmedDescription) as Bool", messageAfter: 1)
      }
      return expect(first.trimmedDescription + (mayMutate ? " == true" : ""), messageAfter: 1)
    case "XCTAssertFalse":
      guard let first = positional.first.map(keyPathsAsClosures) else { return nil }
      if passesAnOrdering(first) {
        return expect("!(\(first.trimmedDescription) as Bool)", messageAfter: 1)
      }
      if mayMutate { return expect("\(first.trimmedDescription) == false", messageAfter: 1) }
      return expect("!\(operand(first))", messageAfter: 1)
    case "XCTAssertNil", "XCTAssertNotNil":
      guard let first = positional.first else { return nil }
      let typed = ContextTypedCalls.takesItsTypeFromXCTest(first, names: contextTyped)
      return expect(
        "\(operand(first))\(typed ? " as Any?" : "") \(name == "XCTAssertNil" ? "==" : "!=") nil",
        messageAfter: 1)
    case "XCTAssertEqual":
      if labels.contains("accuracy") { return accuracy("assertEqual", arguments, positional) }
      return binary("==")
    case "XCTAssertNotEqual":
      if labels.contains("accuracy") { return accuracy("assertNotEqual", arguments, positional) }
      return binary("!=")
    case "XCTAssertGreaterThan": return binary(">")
    case "XCTAssertGreaterThanOrEqual": return binary(">=")
    case "XCTAssertLessThan": return binary("<")
    case "XCTAssertLessThanOrEqual": return binary("<=")
    case "XCTAssertIdentical": return binary("===")
    case "XCTAssertNotIdentical": return binary("!==")
    case "XCTAssertThrowsError":
      guard let first = positional.first, positional.count <= 2 else { return nil }
      return Replacement(
        text: "#expect(throws: (any Error).self\(message(after: 1).map { ", \($0)" } ?? "")) "
          + "{ \(first.trimmedDescription) }")
    case "XCTAssertNoThrow":
      guard let first = positional.first, positional.count <= 2 else { return nil }
      return Replacement(
        text: "#expect(throws: Never.self\(message(after: 1).map { ", \($0)" } ?? "")) "
          + "{ \(first.trimmedDescription) }")
    case "XCTUnwrap":
      guard let first = positional.first.map(keyPathsAsClosures), positional.count <= 2 else {
        return nil
      }
      if mayMutate {
        let message = message(after: 1).map { ", \($0)" } ?? ""
        return Replacement(text: "unwrap(\(first.trimmedDescription)\(message))", needsAssay: true)
      }
      return Replacement(
        text: "#require(\(first.trimmedDescription)\(message(after: 1).map { ", \($0)" } ?? ""))")
    case "XCTFail":
      guard positional.count <= 1 else { return nil }
      return Replacement(text: "Issue.record(\(message(after: 0) ?? ""))")
    default:
      return nil
    }
  }

  /// Whether the assertion `name` on `operands` compares with `==` a division of integer
  /// literals (`XCTAssertEqual(ratio, 10 / 3)`, `XCTAssert(ratio == 1 / 4)`). XCTest gives the
  /// literals the other side's type (3.333… beside a `Double`); `#expect(ratio == 10 / 3)`
  /// evaluates `10 / 3` apart, as integers (3), and the same test fails (Quick/Nimble's
  /// `NimbleTimeIntervalTest`; Swift Testing 6.3.1 does so for `==` only, not for `!=` or `<`).
  /// Such a condition is written as one `Bool`, `#expect((ratio == 10 / 3) as Bool)`, which
  /// `#expect` does not take apart.
  static func equatesADivisionOfIntegerLiterals(
    _ name: String, _ operands: some Sequence<ExprSyntax>
  ) -> Bool {
    var equates = name == "XCTAssertEqual"
    var divides = false
    for operand in operands {
      for token in operand.tokens(viewMode: .sourceAccurate) {
        guard case .binaryOperator(let symbol) = token.tokenKind else { continue }
        if symbol == "==" { equates = true }
        if symbol == "/",
          case .integerLiteral? = token.previousToken(viewMode: .sourceAccurate)?.tokenKind,
          case .integerLiteral? = token.nextToken(viewMode: .sourceAccurate)?.tokenKind
        {
          divides = true
        }
      }
    }
    return equates && divides
  }

  /// Assay's assertion for each XCTest assertion. Assay reports to whichever framework runs
  /// the test, so a helper converted to these works for suites converted to Swift Testing and
  /// for those left as XCTest alike; and it takes the helper's `file:` and `line:` along.
  static let assayNames: [String: String] = [
    "XCTAssert": "assertTrue", "XCTAssertTrue": "assertTrue", "XCTAssertFalse": "assertFalse",
    "XCTAssertNil": "assertNil", "XCTAssertNotNil": "assertNotNil",
    "XCTAssertEqual": "assertEqual", "XCTAssertNotEqual": "assertNotEqual",
    "XCTAssertGreaterThan": "assertGreaterThan",
    "XCTAssertGreaterThanOrEqual": "assertGreaterThanOrEqual",
    "XCTAssertLessThan": "assertLessThan", "XCTAssertLessThanOrEqual": "assertLessThanOrEqual",
    "XCTAssertIdentical": "assertIdentical", "XCTAssertNotIdentical": "assertNotIdentical",
    "XCTAssertThrowsError": "assertThrows", "XCTAssertNoThrow": "assertNoThrow",
    "XCTUnwrap": "unwrap", "XCTFail": "fail",
  ]

  /// The names of the Assay functions the conversion writes.
  static let assayFunctionNames = Set(assayNames.values)

  /// The call as Assay's assertion, `file:` passed on as `filePath:`; `nil` when it has a
  /// trailing closure or a label Assay does not take. `qualified` writes `Assay.` in front,
  /// for code that declares a function of the same name (a helper's nested `fail`);
  /// `contextTyped` as for ``replacement(name:arguments:mayMutate:contextTyped:)``.
  static func assayReplacement(
    name: String, call: FunctionCallExprSyntax, qualified: Bool = true,
    contextTyped: Set<String> = []
  ) -> Replacement? {
    guard let assay = assayNames[name], call.trailingClosure == nil,
      call.arguments.allSatisfy({ [nil, "file", "line", "accuracy"].contains($0.label?.text) }),
      ["XCTAssertEqual", "XCTAssertNotEqual"].contains(name)
        || !call.arguments.contains(where: { $0.label?.text == "accuracy" }),
      // Assay's assertions take `filePath:` and `line:` last, and no error handler.
      positionalHandler(of: call) == nil
    else { return nil }
    let arguments = call.arguments.enumerated().map { index, argument in
      let label =
        argument.label?.text == "file" ? "filePath: " : argument.label.map { "\($0.text): " } ?? ""
      var value = argument.expression.trimmedDescription
      if index == 0, ["XCTAssertNil", "XCTAssertNotNil"].contains(name),
        needsOptionalAnyContext(argument.expression)
          || ContextTypedCalls.takesItsTypeFromXCTest(argument.expression, names: contextTyped)
      {
        // XCTest's takes `Any?`, which gives `[].first { $0 }` and `readInbound()` a type;
        // Assay's is generic.
        value = "\(operand(argument.expression)) as Any?"
      }
      return label + value
    }
    return Replacement(
      text: "\(qualified ? "Assay." : "")\(assay)(\(arguments.joined(separator: ", ")))",
      needsAssay: true)
  }

  /// Whether `call` is the expression of an `XCTAssertNoThrow` (swift-nio-ssh's
  /// `XCTAssertNoThrow(XCTAssertTrue(try x.isClean))`), which catches what it throws.
  static func isCaughtByNoThrow(_ call: FunctionCallExprSyntax) -> Bool {
    guard let argument = call.parent?.as(LabeledExprSyntax.self), argument.label == nil,
      let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
      outer.arguments.first?.id == argument.id
    else { return false }
    return XCTestBlockers.calledName(outer) == "XCTAssertNoThrow"
  }

  /// Whether `call`, an assertion of throwing (`XCTAssertNoThrow`, `XCTAssertThrowsError`),
  /// stands in the expression another one checks (swift-nio's
  /// `XCTAssertNoThrow(try withTCPServerChannel { … XCTAssertNoThrow(try …) … })`). Both would
  /// become `#expect(throws:)`, and Swift does not expand a macro inside its own expansion
  /// ("recursive expansion of macro"): the inner one becomes Assay's. A handler's closure is
  /// not in the checked expression.
  static func isInsideACheckOfThrowing(_ call: FunctionCallExprSyntax) -> Bool {
    guard ["XCTAssertNoThrow", "XCTAssertThrowsError"].contains(XCTestBlockers.calledName(call))
    else { return false }
    var current = Syntax(call).parent
    while let node = current {
      if let argument = node.as(LabeledExprSyntax.self),
        let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
        ["XCTAssertNoThrow", "XCTAssertThrowsError"].contains(XCTestBlockers.calledName(outer)),
        outer.arguments.first?.id == argument.id
      {
        return true
      }
      current = node.parent
    }
    return false
  }

  /// Whether `call`, an assertion of throwing, checks an expression that names an enclosing
  /// closure's anonymous parameters (`items.forEach { XCTAssertNoThrow(try check($0)) }`): in
  /// the closure of `#expect(throws:)`, `$0` would be that closure's, which has none. Assay's
  /// form takes the expression itself. A closure inside the expression keeps its own `$0`.
  static func namesAnEnclosingClosuresParameters(_ call: FunctionCallExprSyntax) -> Bool {
    guard ["XCTAssertNoThrow", "XCTAssertThrowsError"].contains(XCTestBlockers.calledName(call)),
      let checked = call.arguments.first?.expression
    else { return false }
    return checked.tokens(viewMode: .sourceAccurate).contains { token in
      guard case .dollarIdentifier = token.tokenKind else { return false }
      var node = token.parent
      while let current = node, current.id != checked.id {
        if current.is(ClosureExprSyntax.self) { return false }
        node = current.parent
      }
      return true
    }
  }

  /// Whether the arguments of `call`, an assertion other than those that take a throwing
  /// expression (`XCTAssertThrowsError`, `XCTAssertNoThrow`) or throw themselves
  /// (`XCTUnwrap`: what its argument throws ends the test as a failure, converted or not),
  /// `try` something.
  static func triesInArguments(_ call: FunctionCallExprSyntax) -> Bool {
    let name = XCTestBlockers.calledName(call) ?? ""
    return !["XCTAssertThrowsError", "XCTAssertNoThrow", "XCTUnwrap"].contains(name)
      && call.arguments.tokens(viewMode: .sourceAccurate).contains {
        $0.tokenKind == .keyword(.try)
      }
  }

  /// Whether `call`, an assertion whose arguments `try` (see `triesInArguments`), stands where
  /// a converted test's `throws` cannot take what they throw: in a `deinit` (a `tearDown`), a
  /// `defer`, a closure, an accessor or a function other than a test method (swift-nio's
  /// `defer { XCTAssertTrue(try channel.finish().isClean) }`). There Assay's `assertNoThrow`
  /// records it, as XCTest's assertion did. Only a statement or a `return`'s value can carry
  /// it (see `catchingThrows`).
  static func triesOutOfTheTestsReach(_ call: FunctionCallExprSyntax) -> Bool {
    guard triesInArguments(call), !isCaughtByNoThrow(call),
      XCTestBlockers.isStatement(call) || call.parent?.is(ReturnStmtSyntax.self) == true
    else { return false }
    return !StopOnFailure.isInATestsBody(call)
  }

  /// `XCTFail(message, file: file, line: line)` whose message tries (swift-openapi-generator's
  /// `\(try diff(expected: expected, actual: actual))`) as
  /// `_ = { Assay.fail($0, filePath: file, line: line) }(message)`: XCTest's message is a plain
  /// string, which the enclosing function's `try` covers; Assay's is an autoclosure, where
  /// `try` does not compile. (`_ =` keeps a line that starts with a closure from being read as
  /// the trailing closure of the line before.) `nil` for any other call.
  static func failureWithTryingMessage(_ call: FunctionCallExprSyntax, qualified: Bool)
    -> String?
  {
    guard XCTestBlockers.calledName(call) == "XCTFail", XCTestBlockers.isStatement(call),
      let message = call.arguments.first(where: { $0.label == nil })?.expression,
      message.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.try) })
    else { return nil }
    let location = call.arguments.compactMap { argument -> String? in
      switch argument.label?.text {
      case "file": "filePath: \(argument.expression.trimmedDescription)"
      case "line": "line: \(argument.expression.trimmedDescription)"
      default: nil
      }
    }
    let arguments = (["$0"] + location).joined(separator: ", ")
    return "_ = { \(qualified ? "Assay." : "")fail(\(arguments)) }(" + message.trimmedDescription
      + ")"
  }

  /// Assay's assertion `text`, converted from `call`, whose arguments `try`, inside Assay's
  /// `assertNoThrow`: XCTest's assertions record what their arguments throw, Assay's take
  /// values. `assertNoThrow(assertEqual(try a, b), filePath: file, line: line)` records the
  /// error as XCTest did, where the function does not throw (vapor/leaf-kit's helpers, a class
  /// left as XCTest). As the value of a `return` (leaf-kit's
  /// `return XCTAssert(try { throw error }(), ...)`), `?? ()` keeps it `Void`. In an
  /// asynchronous function it is awaited: Swift picks `assertNoThrow`'s asynchronous overload
  /// there. `nil` where the call's value is used otherwise.
  static func catchingThrows(
    _ text: String, call: FunctionCallExprSyntax, original: FunctionCallExprSyntax,
    qualified: Bool
  ) -> String? {
    let location = call.arguments.compactMap { argument -> String? in
      switch argument.label?.text {
      case "file": "filePath: \(argument.expression.trimmedDescription)"
      case "line": "line: \(argument.expression.trimmedDescription)"
      default: nil
      }
    }
    let caught =
      (inAsyncContext(original) ? "await " : "") + (qualified ? "Assay." : "")
      + "assertNoThrow(\(([text] + location).joined(separator: ", ")))"
    // Inside `XCTAssertNoThrow(…)`, the outer assertion catches and records what it throws.
    if isCaughtByNoThrow(original) { return text }
    if XCTestBlockers.isStatement(original) { return caught }
    if original.parent?.is(ReturnStmtSyntax.self) == true { return caught + " ?? ()" }
    return nil
  }

  /// `XCTAssertThrowsError(e, file: file, line: line) { error in … }` as Assay's
  /// `if let error = Assay.assertThrows(e, filePath: file, line: line) { … }`: the handler runs
  /// on the error the assertion gives back. `nil` when the call is not a statement with such a
  /// handler (see `XCTestBlockers.errorHandler(of:statementOnly:)`), or does not convert.
  static func assayHandledReplacement(
    _ call: FunctionCallExprSyntax, original: FunctionCallExprSyntax, qualified: Bool = true,
    awaiting: Bool = false
  ) -> String? {
    // In an asynchronous function, Swift picks Assay's asynchronous `assertThrows`.
    let awaitText = awaiting ? "await " : ""
    guard XCTestBlockers.calledName(call) == "XCTAssertThrowsError" else { return nil }
    if let handler = positionalHandler(of: call) {
      // `XCTAssertThrowsError(e, m, file: f, line: l, handler)`: the handler as an argument.
      guard positionalHandler(of: original) != nil, XCTestBlockers.isStatement(original) else {
        return nil
      }
      var arguments = Array(call.arguments.dropLast())
      if let last = arguments.indices.last {
        arguments[last] = arguments[last].with(\.trailingComma, nil)
      }
      guard
        let thrown = assayReplacement(
          name: "XCTAssertThrowsError",
          call: call.with(\.arguments, LabeledExprListSyntax(arguments)), qualified: qualified)
      else { return nil }
      let text = handler.trimmedDescription
      let name = text.contains("error") ? "thrownError" : "error"
      return "if let \(name) = \(awaitText)\(thrown.text) { \(text)(\(name)) }"
    }
    guard XCTestBlockers.errorHandler(of: original) != nil,
      let handler = XCTestBlockers.errorHandler(of: call, statementOnly: false),
      let thrown = assayReplacement(
        name: "XCTAssertThrowsError", call: call.with(\.trailingClosure, nil),
        qualified: qualified)
    else { return nil }
    return "if let \(handler.name) = \(awaitText)\(thrown.text) {\(handler.body)}"
  }

  /// XCTest's assertions whose Assay form has an asynchronous overload, which Swift picks in an
  /// asynchronous function: there they need `await` (vapor/leaf-kit's async helpers).
  static let assayAsyncOverloads: Set<String> = ["XCTAssertThrowsError", "XCTAssertNoThrow"]

  /// Whether `node` is in the body of an asynchronous function, initializer, accessor or
  /// closure marked `async` (the nearest of them), and not in a `defer` body.
  static func inAsyncContext(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let syntax = current {
      // A `defer` body cannot `await`: Swift picks the synchronous overload there.
      if syntax.is(DeferStmtSyntax.self) { return false }
      if let function = syntax.as(FunctionDeclSyntax.self) {
        return function.signature.effectSpecifiers?.asyncSpecifier != nil
      }
      if let initializer = syntax.as(InitializerDeclSyntax.self) {
        return initializer.signature.effectSpecifiers?.asyncSpecifier != nil
      }
      if let accessor = syntax.as(AccessorDeclSyntax.self) {
        return accessor.effectSpecifiers?.asyncSpecifier != nil
      }
      if let closure = syntax.as(ClosureExprSyntax.self) {
        return closure.signature?.effectSpecifiers?.asyncSpecifier != nil
      }
      current = syntax.parent
    }
    return false
  }

  /// Whether `call`, an XCTest assertion, becomes one of Assay's: as it is, or with its error
  /// handler run on the error Assay's `assertThrows` gives back.
  static func hasAssayForm(_ call: FunctionCallExprSyntax) -> Bool {
    let name = call.calledExpression.trimmedDescription
    if triesInArguments(call), !XCTestBlockers.isStatement(call),
      call.parent?.is(ReturnStmtSyntax.self) != true, !isCaughtByNoThrow(call)
    {
      return false  // See `catchingThrows`.
    }
    return assayReplacement(name: name, call: call) != nil
      || assayHandledReplacement(call, original: call) != nil
  }

  /// The error handler of an `XCTAssertThrowsError` passed as its last argument rather than as
  /// a trailing closure: an unlabeled argument after `file:` or `line:`, or a third unlabeled
  /// one (after the expression and the message).
  static func positionalHandler(of call: FunctionCallExprSyntax) -> ExprSyntax? {
    guard XCTestBlockers.calledName(call) == "XCTAssertThrowsError",
      let last = call.arguments.last, last.label == nil
    else { return nil }
    let afterLocation = call.arguments.dropLast().contains {
      ["file", "line"].contains($0.label?.text)
    }
    return afterLocation || call.arguments.filter({ $0.label == nil }).count == 3
      ? last.expression : nil
  }

  /// `XCTAssertThrowsError(e, "why", { error in … })`, its handler a third argument, as Swift
  /// Testing's `if let error = #expect(throws: (any Error).self, "why", performing: { e }) {
  /// { error in … }(error) }`: the handler runs on the error the expectation gives back. `nil`
  /// unless the call (`original`, in its place) is such a statement.
  static func positionallyHandledExpectation(
    _ call: FunctionCallExprSyntax, original: FunctionCallExprSyntax
  ) -> String? {
    guard let handler = positionalHandler(of: call), positionalHandler(of: original) != nil,
      XCTestBlockers.isStatement(original),
      !call.arguments.contains(where: { $0.label != nil })
    else { return nil }
    var arguments = Array(call.arguments.dropLast())
    if let last = arguments.indices.last {
      arguments[last] = arguments[last].with(\.trailingComma, nil)
    }
    guard
      let thrown = replacement(
        name: "XCTAssertThrowsError", arguments: LabeledExprListSyntax(arguments))
    else { return nil }
    let expectation = performing(thrown.text)
    let text = handler.trimmedDescription
    let name = text.contains("error") ? "thrownError" : "error"
    return "if let \(name) = \(expectation) { \(text)(\(name)) }"
  }

  /// `#expect(throws: E.self, "why") { body }` as
  /// `#expect(throws: E.self, "why", performing: { body })`, the form whose value an `if let`
  /// can take. Only the first `) { ` is the macro's: the body may hold others (swift-nio's
  /// `readChunked(…) { … }.wait()`, whose every one was rewritten, which did not parse).
  static func performing(_ expectation: String) -> String {
    guard let brace = expectation.range(of: ") { ") else { return expectation }
    return expectation.replacingCharacters(in: brace, with: ", performing: { ").dropLast(2)
      + " })"
  }

  /// Whether `expression` may take its type from XCTest's `Any?` parameter: it holds a closure
  /// or a collection or `nil` literal, whose types a generic parameter cannot infer.
  private static func needsOptionalAnyContext(_ expression: ExprSyntax) -> Bool {
    expression.tokens(viewMode: .sourceAccurate).contains { token in
      switch token.tokenKind {
      case .keyword(.nil): true
      case .leftBrace: token.parent?.is(ClosureExprSyntax.self) == true
      case .leftSquare:
        token.parent?.is(ArrayExprSyntax.self) == true
          || token.parent?.is(DictionaryExprSyntax.self) == true
      default: false
      }
    }
  }

  /// What a call becomes.
  /// Whether `expression` calls a method of a variable of an enclosing scope
  /// (`iterator.next()`, `path.removeLastComponent()`), which may be `mutating`: `#expect` and
  /// `#require` call a method on a copy they cannot change, so such a call does not compile
  /// there. A method called on a constant cannot be mutating; one called on a constant's
  /// property can (swift-nio's `box.value.mutateInPlace()`, where `box` holds a class, whose
  /// properties can be set through a constant).
  static func callsMethodOfAVariable(_ expression: ExprSyntax?) -> Bool {
    var expression = expression
    if let negation = expression?.as(PrefixOperatorExprSyntax.self),
      negation.operator.text == "!"
    {
      expression = negation.expression  // `#expect(!x.f())` calls `f` on a copy too.
    }
    guard let call = expression?.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let name = rootName(of: member.base)
    else { return false }
    if let property = member.base?.as(MemberAccessExprSyntax.self),
      property.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self)
    {
      return true
    }
    var current = Syntax(call).parent
    while let node = current {
      var declarations =
        node.as(CodeBlockItemListSyntax.self)?.compactMap { $0.item.as(DeclSyntax.self) }
        ?? node.as(MemberBlockItemListSyntax.self)?.map(\.decl) ?? []
      if let extended = node.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription {
        // An extension's methods use the stored properties of the class it extends (swift-nio's
        // `extension ByteBufferTest`, whose tests read `self.buf`), in the same file.
        declarations += typeMembers(named: extended, in: node.root)
      }
      for declaration in declarations {
        guard let variable = declaration.as(VariableDeclSyntax.self),
          variable.bindingSpecifier.tokenKind == .keyword(.var)
        else { continue }
        if variable.bindings.contains(where: {
          $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }) {
          return true
        }
      }
      current = node.parent
    }
    return false
  }

  /// `path` in `path`, `path.components` and `self.path`.
  /// The members of the classes and structures named `name` that `root`'s file declares.
  private static func typeMembers(named name: String, in root: Syntax) -> [DeclSyntax] {
    guard let file = root.as(SourceFileSyntax.self) else { return [] }
    return file.statements.flatMap { item -> [DeclSyntax] in
      if let type = item.item.as(ClassDeclSyntax.self), type.name.text == name {
        return type.memberBlock.members.map(\.decl)
      }
      if let type = item.item.as(StructDeclSyntax.self), type.name.text == name {
        return type.memberBlock.members.map(\.decl)
      }
      return []
    }
  }

  private static func rootName(of base: ExprSyntax?) -> String? {
    var names: [String] = []
    var current = base
    while let expression = current {
      if let reference = expression.as(DeclReferenceExprSyntax.self) {
        names.insert(reference.baseName.text, at: 0)
        break
      }
      guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
      names.insert(member.declName.baseName.text, at: 0)
      current = member.base
    }
    return names.first == "self" ? names.dropFirst().first : names.first
  }

  struct Replacement {
    let text: String
    /// Whether it needs `import Assay`.
    var needsAssay = false
  }

  /// `XCTAssertEqual(a, b, accuracy: e, message)` → Assay's `assertEqual(a, b, accuracy: e,
  /// message)`, and `XCTAssertNotEqual` → `assertNotEqual` (`assay`): Swift Testing has no
  /// approximate comparison.
  private static func accuracy(
    _ assay: String, _ arguments: LabeledExprListSyntax, _ positional: [ExprSyntax]
  ) -> Replacement? {
    guard positional.count == 2 || positional.count == 3,
      let tolerance = arguments.first(where: { $0.label?.text == "accuracy" })?.expression
    else { return nil }
    let message = positional.count == 3 ? ", \(positional[2].trimmedDescription)" : ""
    return Replacement(
      text: "\(assay)(\(positional[0].trimmedDescription), \(positional[1].trimmedDescription), "
        + "accuracy: \(tolerance.trimmedDescription)\(message))",
      needsAssay: true)
  }

  /// A message as Swift Testing's `Comment`: a string literal as it is, anything else wrapped.
  static func comment(_ message: ExprSyntax) -> String {
    message.is(StringLiteralExprSyntax.self)
      ? message.trimmedDescription : "Comment(rawValue: \(message.trimmedDescription))"
  }

  /// An operand of a comparison, in parentheses unless it binds tighter than any operator.
  /// `expression` with each key path given to its outermost call (`xs.allSatisfy(\.done)`)
  /// as the closure it stands for (`xs.allSatisfy { $0.done }`, written `{ $0.done }` in the
  /// argument's place): `#expect` and `#require` take such a call apart, and the key path then
  /// no longer converts to a function ("call can throw, but it is not marked with 'try'", seen
  /// on vapor/multipart-kit).
  static func keyPathsAsClosures(_ expression: ExprSyntax) -> ExprSyntax {
    if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
      return ExprSyntax(prefix.with(\.expression, keyPathsAsClosures(prefix.expression)))
    }
    guard let call = expression.as(FunctionCallExprSyntax.self),
      call.arguments.contains(where: { $0.expression.is(KeyPathExprSyntax.self) })
    else { return expression }
    let arguments = call.arguments.map { argument -> LabeledExprSyntax in
      guard let keyPath = argument.expression.as(KeyPathExprSyntax.self),
        let body = Parser.parse(source: "$0" + keyPath.components.trimmedDescription)
          .statements.first
      else { return argument }
      let closure = ClosureExprSyntax(
        leftBrace: .leftBraceToken(leadingTrivia: keyPath.leadingTrivia, trailingTrivia: .space),
        statements: [body.with(\.leadingTrivia, []).with(\.trailingTrivia, .space)],
        rightBrace: .rightBraceToken(trailingTrivia: keyPath.trailingTrivia))
      return argument.with(\.expression, ExprSyntax(closure))
    }
    return ExprSyntax(call.with(\.arguments, LabeledExprListSyntax(arguments)))
  }

  /// Whether `expression` is a call that passes an atomic's memory ordering
  /// (`fired.load(ordering: .relaxed)`, swift-nio's `EmbeddedEventLoopTest`), which must be
  /// written where it is used: `#expect` calls a function on its own with the arguments it
  /// was given ("ordering argument must be a static method or property"), unless the call is
  /// a value to cast (`… as Bool`).
  static func passesAnOrdering(_ expression: ExprSyntax) -> Bool {
    expression.as(FunctionCallExprSyntax.self)?.arguments.contains {
      ["ordering", "successOrdering", "failureOrdering"].contains($0.label?.text)
    } == true
  }

  static func operand(_ expression: ExprSyntax) -> String {
    let simple: [SyntaxProtocol.Type] = [
      DeclReferenceExprSyntax.self, MemberAccessExprSyntax.self, FunctionCallExprSyntax.self,
      SubscriptCallExprSyntax.self, IntegerLiteralExprSyntax.self, FloatLiteralExprSyntax.self,
      StringLiteralExprSyntax.self, BooleanLiteralExprSyntax.self, NilLiteralExprSyntax.self,
      TupleExprSyntax.self, ArrayExprSyntax.self, DictionaryExprSyntax.self,
      OptionalChainingExprSyntax.self, ForceUnwrapExprSyntax.self, PrefixOperatorExprSyntax.self,
      MacroExpansionExprSyntax.self,
    ]
    let node = Syntax(expression)
    return simple.contains { node.is($0) }
      ? expression.trimmedDescription : "(\(expression.trimmedDescription))"
  }
}
