import SwiftParser
import SwiftSyntax

/// The conversion of XCTest's calls: assertions to Swift Testing's (or Assay's), expectations
/// and waits to Assay's.
extension XCTestRewriter {
  /// `call` in Swift Testing's form (or Assay's, where Swift Testing has none); `visited` when
  /// it is not one to convert.
  func convertedToSwiftTesting(
    _ name: String, _ call: FunctionCallExprSyntax, visited: ExprSyntax,
    node: FunctionCallExprSyntax
  ) -> ExprSyntax {
    var text: String
    // Whether the conversion keeps the lines of a call laid out an argument a line.
    var keepsLines = false
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
      let expectation = XCTestAssertion.performing(thrown.text)
      let source = "if let \(handler.name) = \(expectation) {\(handler.body)}"
      let parsed = Parser.parse(source: source).statements.first?.item
        .as(ExpressionStmtSyntax.self)?.expression
      guard let parsed else { return visited }
      return parsed.with(\.leadingTrivia, call.leadingTrivia)
        .with(\.trailingTrivia, call.trailingTrivia)
    } else if let handled = XCTestAssertion.positionallyHandledExpectation(call, original: node),
      let parsed = Parser.parse(source: handled).statements.first?.item
        .as(ExpressionStmtSyntax.self)?.expression
    {
      assertions += 1
      return parsed.with(\.leadingTrivia, call.leadingTrivia)
        .with(\.trailingTrivia, call.trailingTrivia)
    } else if let wait = WaiterCheck.wait(in: node), let waiting = waiting("wait", wait) {
      // `XCTAssertEqual(XCTWaiter.wait(…), .completed)`: Assay's wait fails unless it is.
      text = waiting
      needsAssay = true
    } else if name == "XCTExpectFailure", let knownIssue = KnownIssue.converted(call) {
      text = knownIssue
    } else if XCTestAssertion.isCaughtByNoThrow(node), TryLifter.tries(call.arguments),
      let replacement = XCTestAssertion.replacement(
        name: name, arguments: TryLifter.lifted(call.arguments),
        mayMutate: XCTestAssertion.callsMethodOfAVariable(node.arguments.first?.expression),
        contextTyped: plan.helpers.contextTyped),
      replacement.text.hasPrefix("#expect(")
    {
      // `XCTAssertNoThrow(XCTAssertEqual(try a, b))`: in the closure of
      // `#expect(throws: Never.self) { … }`, an `#expect` whose operands `try` does not
      // compile ("errors thrown from here are not handled"); `try #expect(a == b)` does.
      keepsLines = true
      text = "try " + replacement.text
      needsAssay = needsAssay || replacement.needsAssay
    } else if let replacement = XCTestAssertion.replacement(
      name: name, arguments: call.arguments,
      mayMutate: XCTestAssertion.callsMethodOfAVariable(node.arguments.first?.expression),
      contextTyped: plan.helpers.contextTyped)
    {
      keepsLines = true
      text = replacement.text
      needsAssay = needsAssay || replacement.needsAssay
      if plan.stopsOnFailure.contains(suite), text.hasPrefix("#expect("),
        StopOnFailure.isStatementOfATest(node), !StopOnFailure.goesOn(at: node)
      {
        // The class's tests stop at their first failure (see `StopOnFailure`); the statement
        // list makes `XCTAssertNoThrow`'s a statement that returns (`noThrowStatement`).
        text = "try #require(" + text.dropFirst("#expect(".count)
        if name != "XCTAssertNoThrow" { throwingTests.insert("\(suite)/\(function)") }
      }
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
    text = ThrowingRequire.tried(text, throwing: plan.helpers.throwing)
    guard let converted = call.replacement(text) else { return visited }
    return keepsLines ? ArgumentLayout.laidOut(converted, like: call) : converted
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
  func waiting(_ name: String, _ call: FunctionCallExprSyntax) -> String? {
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
}
