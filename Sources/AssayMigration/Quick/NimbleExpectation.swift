import SwiftSyntax

/// One of Nimble's expectations (`expect(x).to(equal(y))`, `expect(x) == y`,
/// `expect { try f() }.to(throwError())`, `expect(x).toEventually(...)`) as Assay's assertion.
///
/// The common matchers become Assay's assertions (`assertEqual`, `assertNil`, `assertThrows`,
/// ...); the others become `assertThat` with Assay's matcher of the same meaning. An
/// expectation with anything else (a matcher Assay does not have, `file:`/`line:` arguments,
/// an `await` in the value) is left as Nimble's, with why.
enum NimbleExpectation {
  /// What became of an expectation.
  enum Conversion: Equatable {
    /// Assay's assertion, as code.
    case assertion(String)
    /// Left as it was, with why.
    case left(String)
  }

  /// The conversion of `node`, or `nil` when it is not a Nimble expectation.
  static func convert(_ node: FunctionCallExprSyntax) -> Conversion? {
    guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base, let value = actual(of: base)
    else { return nil }
    let verb = member.declName.baseName.text
    guard
      ["to", "toNot", "notTo", "toEventually", "toEventuallyNot", "toNever", "toAlways"]
        .contains(verb)
    else { return nil }
    if case .left(let why) = value { return .left(why) }
    guard case .expression(let actual) = value else { return nil }
    var arguments = Array(node.arguments)
    guard let matcherArgument = arguments.first, matcherArgument.label == nil,
      let matcher = matcherArgument.expression.as(FunctionCallExprSyntax.self)
    else { return .left("the matcher is not a call of one of Nimble's matchers") }
    arguments.removeFirst()
    var message: String?
    var timeout: String?
    for argument in arguments {
      switch argument.label?.text {
      case "description": message = argument.expression.trimmedDescription
      case "timeout": timeout = duration(argument.expression)
      default:
        return .left("`\(argument.label?.text ?? "_"):` has no counterpart in Assay's assertions")
      }
    }
    let negated = ["toNot", "notTo", "toEventuallyNot"].contains(verb)
    let messageSuffix = message.map { ", \($0)" } ?? ""
    switch verb {
    case "toEventually", "toEventuallyNot":
      guard let assayMatcher = assayMatcher(matcher) else {
        return .left("`\(name(of: matcher))` has no matcher in Assay")
      }
      let timeoutText = timeout.map { ", timeout: \($0)" } ?? ""
      let wrapped = negated ? "not(\(assayMatcher))" : assayMatcher
      guard message == nil else {
        return .left("Assay's `eventually` takes no description")
      }
      return .assertion("await eventually(\(actual), \(wrapped)\(timeoutText))")
    case "toNever", "toAlways":
      return .left("`\(verb)` is not converted; use Assay's `continually`")
    default:
      if let direct = directAssertion(
        actual, matcher, negated: negated, message: messageSuffix)
      {
        return .assertion(direct)
      }
      guard let assayMatcher = assayMatcher(matcher) else {
        return .left("`\(name(of: matcher))` has no matcher in Assay")
      }
      let wrapped = negated ? "not(\(assayMatcher))" : assayMatcher
      return .assertion("assertThat(\(actual), \(wrapped)\(messageSuffix))")
    }
  }

  /// `expect(a) == b` and the other operators Nimble defines on expectations, `≈` and `±`
  /// included (`expect(a) ≈ b`, `expect(a) ≈ (b, delta)`, `expect(a) ≈ b ± delta`).
  static func convert(_ node: SequenceExprSyntax) -> Conversion? {
    let elements = Array(node.elements)
    if elements.count == 5,
      elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "≈",
      elements[3].as(BinaryOperatorExprSyntax.self)?.operator.text == "±",
      let value = actual(of: elements[0])
    {
      guard case .expression(let actual) = value else {
        if case .left(let why) = value { return .left(why) }
        return nil
      }
      return .assertion(
        "assertEqual(\(actual), \(elements[2].trimmedDescription), accuracy: "
          + "\(elements[4].trimmedDescription))")
    }
    guard elements.count == 3, let call = elements[0].as(FunctionCallExprSyntax.self),
      let operatorToken = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
      let value = actual(of: ExprSyntax(call))
    else { return nil }
    if case .left(let why) = value { return .left(why) }
    guard case .expression(let actual) = value else { return nil }
    let expected = elements[2].trimmedDescription
    if expected == "nil", ["==", "!="].contains(operatorToken) {
      return .assertion(operatorToken == "==" ? "assertNil(\(actual))" : "assertNotNil(\(actual))")
    }
    if expected == "Void()" || expected == "()", ["==", "!="].contains(operatorToken) {
      // Nimble's `== Void()` passes for any value but nil (Void is not Equatable).
      return .assertion(operatorToken == "==" ? "assertNotNil(\(actual))" : "assertNil(\(actual))")
    }
    if operatorToken == "≈" {
      // Nimble's default tolerance, or the one of a `(value, delta)` pair.
      if let pair = elements[2].as(TupleExprSyntax.self), pair.elements.count == 2,
        pair.elements.allSatisfy({ $0.label == nil })
      {
        let parts = pair.elements.map(\.expression.trimmedDescription)
        return .assertion("assertEqual(\(actual), \(parts[0]), accuracy: \(parts[1]))")
      }
      return .assertion("assertEqual(\(actual), \(expected), accuracy: 0.0001)")
    }
    let assertions = [
      "==": "assertEqual", "!=": "assertNotEqual", ">": "assertGreaterThan",
      "<": "assertLessThan", ">=": "assertGreaterThanOrEqual", "<=": "assertLessThanOrEqual",
      "===": "assertIdentical", "!==": "assertNotIdentical",
    ]
    guard let assertion = assertions[operatorToken] else {
      return .left("Nimble's `\(operatorToken)` has no counterpart in Assay")
    }
    return .assertion("\(assertion)(\(actual), \(expected))")
  }

  /// What `expect` was given.
  private enum Actual {
    case expression(String)
    case left(String)
  }

  /// The value of `expect(value)` or `expect { value }`, as code; `nil` when `node` is not a
  /// call of `expect`.
  private static func actual(of node: ExprSyntax) -> Actual? {
    guard let call = node.as(FunctionCallExprSyntax.self),
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "expect"
    else { return nil }
    if let closure = call.trailingClosure, call.arguments.isEmpty {
      guard closure.signature == nil, closure.statements.count == 1,
        let expression = closure.statements.first?.item.as(ExprSyntax.self)
      else {
        return .left(
          "`expect { ... }` whose body is not one expression (several statements, a `throw`, "
            + "a signature) is not converted")
      }
      return checked(expression)
    }
    guard call.trailingClosure == nil, call.arguments.count == 1,
      let argument = call.arguments.first, argument.label == nil
    else {
      return .left(
        "`expect` with `file:`, `line:` or several arguments is not converted: pass the "
          + "location on with Assay's `fileID:filePath:line:column:`")
    }
    return checked(argument.expression)
  }

  private static func checked(_ expression: ExprSyntax) -> Actual {
    if expression.tokens(viewMode: .sourceAccurate).contains(where: {
      $0.tokenKind == .keyword(.await)
    }) {
      return .left("the value awaits, and Assay's assertions take a value that does not")
    }
    return .expression(expression.trimmedDescription)
  }

  /// The matcher's name: `equal` for `equal(1)`.
  private static func name(of matcher: FunctionCallExprSyntax) -> String {
    matcher.calledExpression.trimmedDescription
  }

  /// Assay's assertion for the most common matchers.
  private static func directAssertion(
    _ actual: String, _ matcher: FunctionCallExprSyntax, negated: Bool, message: String
  ) -> String? {
    let arguments = Array(matcher.arguments)
    let first = arguments.first?.expression.trimmedDescription
    let unlabeled = arguments.allSatisfy { $0.label == nil }
    switch (name(of: matcher), arguments.count, negated) {
    case ("equal", 1, false) where unlabeled: return "assertEqual(\(actual), \(first!)\(message))"
    case ("equal", 1, true) where unlabeled:
      return "assertNotEqual(\(actual), \(first!)\(message))"
    case ("beNil", 0, false): return "assertNil(\(actual)\(message))"
    case ("beNil", 0, true): return "assertNotNil(\(actual)\(message))"
    case ("beTrue", 0, false): return "assertTrue(\(actual)\(message))"
    case ("beFalse", 0, false): return "assertFalse(\(actual)\(message))"
    case ("beCloseTo", 1, false) where unlabeled:
      // Nimble's default tolerance.
      return "assertEqual(\(actual), \(first!), accuracy: 0.0001\(message))"
    case ("beCloseTo", 2, false) where arguments[1].label?.text == "within":
      return
        "assertEqual(\(actual), \(first!), accuracy: \(arguments[1].expression.trimmedDescription)"
        + "\(message))"
    case ("beGreaterThan", 1, false) where unlabeled:
      return "assertGreaterThan(\(actual), \(first!)\(message))"
    case ("beGreaterThanOrEqualTo", 1, false) where unlabeled:
      return "assertGreaterThanOrEqual(\(actual), \(first!)\(message))"
    case ("beLessThan", 1, false) where unlabeled:
      return "assertLessThan(\(actual), \(first!)\(message))"
    case ("beLessThanOrEqualTo", 1, false) where unlabeled:
      return "assertLessThanOrEqual(\(actual), \(first!)\(message))"
    case ("beIdenticalTo", 1, false) where unlabeled, ("be", 1, false) where unlabeled:
      return "assertIdentical(\(actual), \(first!)\(message))"
    case ("beIdenticalTo", 1, true) where unlabeled, ("be", 1, true) where unlabeled:
      return "assertNotIdentical(\(actual), \(first!)\(message))"
    case ("throwError", 0, false): return "assertThrows(\(actual)\(message))"
    case ("throwError", 0, true): return "assertNoThrow(\(actual)\(message))"
    case ("throwError", 1, false) where unlabeled:
      return "assertThrows(\(first!), \(actual)\(message))"
    case ("throwError", 1, false) where arguments[0].label?.text == "errorType":
      return "assertThrows(\(first!), \(actual)\(message))"
    default: return nil
    }
  }

  /// Assay's matcher with the meaning of Nimble's `matcher`, or `nil` when it has none.
  static func assayMatcher(_ matcher: FunctionCallExprSyntax) -> String? {
    let arguments = Array(matcher.arguments)
    guard matcher.trailingClosure == nil else { return nil }
    let texts = arguments.map(\.expression.trimmedDescription)
    let unlabeled = arguments.allSatisfy { $0.label == nil }
    let renamed = [
      "equal": "equalTo", "beNil": "isNil", "beEmpty": "isEmpty", "haveCount": "hasCount",
      "beGreaterThan": "greaterThan", "beGreaterThanOrEqualTo": "greaterThanOrEqualTo",
      "beLessThan": "lessThan", "beLessThanOrEqualTo": "lessThanOrEqualTo",
      "beIdenticalTo": "identicalTo", "be": "identicalTo", "beAKindOf": "kindOf",
      "beAnInstanceOf": "instanceOf", "beginWith": "beginsWith", "endWith": "endsWith",
      "match": "matchesRegex",
    ]
    switch name(of: matcher) {
    case "beTrue" where arguments.isEmpty: return "equalTo(true)"
    case "beFalse" where arguments.isEmpty: return "equalTo(false)"
    case "beCloseTo" where arguments.count == 1 && unlabeled:
      return "closeTo(\(texts[0]), accuracy: 0.0001)"
    case "beCloseTo" where arguments.count == 2 && arguments[1].label?.text == "within":
      return "closeTo(\(texts[0]), accuracy: \(texts[1]))"
    case "contain" where arguments.count == 1 && unlabeled: return "contains(\(texts[0]))"
    case "contain" where arguments.count > 1 && unlabeled:
      return "allOf(" + texts.map { "contains(\($0))" }.joined(separator: ", ") + ")"
    case "allPass" where arguments.count == 1 && unlabeled:
      guard let inner = arguments[0].expression.as(FunctionCallExprSyntax.self),
        let converted = assayMatcher(inner)
      else { return nil }
      return "everyElement(\(converted))"
    case "satisfyAnyOf", "satisfyAllOf":
      guard unlabeled, !arguments.isEmpty else { return nil }
      let inner = arguments.compactMap {
        $0.expression.as(FunctionCallExprSyntax.self).flatMap(assayMatcher)
      }
      guard inner.count == arguments.count else { return nil }
      let combinator = name(of: matcher) == "satisfyAnyOf" ? "anyOf" : "allOf"
      return "\(combinator)(\(inner.joined(separator: ", ")))"
    case let name where renamed[name] != nil && unlabeled && arguments.count <= 1:
      return "\(renamed[name]!)(\(texts.joined()))"
    default: return nil
    }
  }

  /// A timeout as a `Duration`: Nimble's `.seconds(2)` reads the same; a number of seconds
  /// (Nimble before 10) becomes `.seconds(n)`.
  private static func duration(_ expression: ExprSyntax) -> String {
    let text = expression.trimmedDescription
    if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self) {
      return ".seconds(\(text))"
    }
    return text
  }
}
