import SwiftSyntax

extension SyntaxProtocol {
  /// Whether this expression (a name, or `x.name`) is what an assignment changes: the left side
  /// of `=` or of a compound assignment (`+=`), or the base of a subscript assigned so
  /// (`table[key] = value`), in a folded or an unfolded sequence.
  var isAssignmentTarget: Bool {
    var node = Syntax(self)
    while let subscripted = node.parent?.as(SubscriptCallExprSyntax.self),
      subscripted.calledExpression.id == node.id
    {
      node = Syntax(subscripted)
    }
    if let infix = node.parent?.as(InfixOperatorExprSyntax.self) {
      return infix.leftOperand.id == node.id && Self.isAssignment(infix.operator)
    }
    guard let list = node.parent?.as(ExprListSyntax.self) else { return false }
    let elements = Array(list)
    guard let index = elements.firstIndex(where: { $0.id == node.id }),
      index + 1 < elements.count
    else { return false }
    return Self.isAssignment(elements[index + 1])
  }

  /// Whether `operation` is `=` or a compound assignment operator (`+=`, `<<=`), not a
  /// comparison (`==`, `<=`).
  private static func isAssignment(_ operation: ExprSyntax) -> Bool {
    if operation.is(AssignmentExprSyntax.self) { return true }
    guard let binary = operation.as(BinaryOperatorExprSyntax.self) else { return false }
    let text = binary.operator.text
    return text.count >= 2 && text.hasSuffix("=")
      && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
  }
}
