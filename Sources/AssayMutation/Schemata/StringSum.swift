import SwiftSyntax

/// Sums of strings, whose `+` has no `-` to swap to: `"(" + name + ")"`, `text += "\n"`,
/// `String(count) + suffix`, `$0 + $1.description`, `url += pairs.joined()`. Such a mutant
/// never compiles, and each cost the one build a round to learn it (18 of the 33 unviable
/// mutants in the real-world harness's samples: swift-concurrency-extras, Plot, Graphiti,
/// leaf-kit, Yams, XMLCoder, SWXMLHash, hummingbird-auth, swift-argument-parser and others),
/// so none is made. No standard type that a string literal can be has a `-`.
enum StringSum {
  /// Whether swapping the operator `op` of `node` cannot compile: a `+` with a string on
  /// either side, or inside a sum that has one; a `+=` of a string.
  static func cannotSwap(_ node: InfixOperatorExprSyntax, op: String) -> Bool {
    switch op {
    case "+": return isString(ExprSyntax(node)) || isInASumOfStrings(node)
    case "+=": return isString(node.rightOperand)
    default: return false
    }
  }

  /// Whether `expression` is a string by its form: a string literal (interpolated or not), a
  /// `String(…)`, a `description` (XMLCoder, SWXMLHash), a `joined(…)` (hummingbird-auth,
  /// swift-openapi-generator), one in parentheses, or a `+` with one on either side.
  static func isString(_ expression: ExprSyntax) -> Bool {
    if expression.is(StringLiteralExprSyntax.self) { return true }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      // `String(…)`; `….joined(…)`, a string or a flattened sequence, neither with a `-`.
      if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String"
        || call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
          == "joined"
      {
        return true
      }
    }
    if let member = expression.as(MemberAccessExprSyntax.self),
      ["description", "debugDescription"].contains(member.declName.baseName.text),
      member.declName.argumentNames == nil
    {
      return true
    }
    if let parens = expression.as(TupleExprSyntax.self), parens.elements.count == 1,
      let only = parens.elements.first, only.label == nil
    {
      return isString(only.expression)
    }
    if let sum = expression.as(InfixOperatorExprSyntax.self),
      sum.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
    {
      return isString(sum.leftOperand) || isString(sum.rightOperand)
    }
    return false
  }

  /// Whether `node` is an operand of a `+` (through parentheses) that adds a string to it, or
  /// that is itself in such a sum: `a + b` in `a + b + "c"`.
  private static func isInASumOfStrings(_ node: some SyntaxProtocol) -> Bool {
    var child = Syntax(node)
    var parent = node.parent
    // Parentheses and their element list lie between an operand and its operator.
    while let current = parent,
      current.is(TupleExprSyntax.self) || current.is(LabeledExprListSyntax.self)
        || current.is(LabeledExprSyntax.self)
    {
      child = current
      parent = current.parent
    }
    guard let sum = parent?.as(InfixOperatorExprSyntax.self),
      sum.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
    else { return false }
    let other = Syntax(sum.leftOperand) == child ? sum.rightOperand : sum.leftOperand
    return isString(other) || isInASumOfStrings(sum)
  }
}
