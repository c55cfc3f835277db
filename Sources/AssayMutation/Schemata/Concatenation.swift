import SwiftSyntax

/// Sums that join strings or arrays, whose `+` has no `-` to swap to: `"(" + name + ")"`,
/// `text += "\n"`, `String(count) + suffix`, `$0 + $1.description`, `url += pairs.joined()`,
/// `head + content` where `let head: String`, `row + appendix` where
/// `let appendix = Array(…)`. Such a mutant never compiles, and each cost the one build a
/// round, and the type checker seconds to reject it (18 of the 33 unviable mutants in the
/// real-world harness's samples were sums of strings by their form; SwiftCSV's 6 and Ink's 4
/// unviable mutants were sums of names declared strings or arrays, 24 of SwiftCSV's 32 s of
/// builds), so none is made. No standard type that a string literal can be has a `-`, nor
/// has an array.
enum Concatenation {
  /// Whether swapping the operator `op` of `node` cannot compile: a `+` with a string or an
  /// array on either side, or inside a sum that has one; a `+=` of one.
  static func cannotSwap(_ node: InfixOperatorExprSyntax, op: String) -> Bool {
    switch op {
    case "+": return joins(ExprSyntax(node)) || isInAJoiningSum(node)
    case "+=": return joins(node.rightOperand) || joins(node.leftOperand)
    default: return false
    }
  }

  /// Whether `expression` is a string or an array, by its form or by its name's
  /// declaration in the file: a string literal (interpolated or not), a `String(…)` or
  /// `Array(…)`, a `description` (XMLCoder, SWXMLHash), a `joined(…)` (hummingbird-auth,
  /// swift-openapi-generator), a `map { … }` and its kin, a Foundation method of strings,
  /// one in parentheses, a `+` with one on either side; a name, `self.name` or
  /// `Self.name` declared with such a type or value (``NameLookup``); a call of a function
  /// of the file that returns one.
  static func joins(_ expression: ExprSyntax, depth: Int = 0) -> Bool {
    // Declarations that lead to one another (a property's value names another) end here.
    guard depth < 8 else { return false }
    func joins(_ expression: ExprSyntax) -> Bool { Self.joins(expression, depth: depth + 1) }
    func joins(_ binding: NameLookup.Binding) -> Bool { Self.joins(binding, depth: depth + 1) }
    if expression.is(StringLiteralExprSyntax.self) { return true }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
        ["String", "Array"].contains(name)
      {
        return true
      }
      // `….joined(…)`, a string or a flattened sequence; `….map { … }`, an array (or an
      // optional, a result, a publisher): none with a `-`.
      if let method = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName
        .text, joiningMethods.contains(method)
      {
        return true
      }
      if let type = NameLookup.resultType(ofCall: call) { return Self.joins(type) }
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      if ["description", "debugDescription"].contains(member.declName.baseName.text),
        member.declName.argumentNames == nil
      {
        return true
      }
      if let binding = NameLookup.binding(ofMember: member) { return joins(binding) }
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self),
      let binding = NameLookup.binding(of: reference.baseName.text, at: Syntax(reference))
    {
      return joins(binding)
    }
    if let parens = expression.as(TupleExprSyntax.self), parens.elements.count == 1,
      let only = parens.elements.first, only.label == nil
    {
      return joins(only.expression)
    }
    if let choice = expression.as(TernaryExprSyntax.self) {
      // `flag ? [] : [separator]`: an array where one branch is, with no type said.
      return isArrayLiteral(choice.thenExpression) || isArrayLiteral(choice.elseExpression)
        ? true : joins(choice.thenExpression) && joins(choice.elseExpression)
    }
    if let sum = expression.as(InfixOperatorExprSyntax.self),
      sum.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
    {
      return joins(sum.leftOperand) || joins(sum.rightOperand)
    }
    return false
  }

  /// Methods whose result is a string or a collection with no `-`.
  static let joiningMethods: Set<String> = [
    "joined", "map", "compactMap", "flatMap", "filter", "sorted", "replacingOccurrences",
    "lowercased", "uppercased", "trimmingCharacters",
  ]

  /// Whether what a name was declared with says a string or an array: its type (`String`,
  /// `Substring`, `[T]`, `Array<T>`, `ArraySlice<T>`), else its value (an array literal, with
  /// no type said, is an array; another literal may be `SIMD2`'s, which has a `-`).
  static func joins(_ binding: NameLookup.Binding, depth: Int = 0) -> Bool {
    switch binding {
    case .typed(let type): joins(type)
    case .initialized(let value): isArrayLiteral(value) || joins(value, depth: depth)
    case .unknown: false
    }
  }

  /// Whether `type` is a string's or an array's.
  static func joins(_ type: TypeSyntax) -> Bool {
    if type.is(ArrayTypeSyntax.self) { return true }
    if let attributed = type.as(AttributedTypeSyntax.self) { return joins(attributed.baseType) }
    guard let named = type.as(IdentifierTypeSyntax.self) else { return false }
    return ["String", "Substring", "Array", "ArraySlice", "ContiguousArray"].contains(
      named.name.text)
  }

  private static func isArrayLiteral(_ expression: ExprSyntax) -> Bool {
    expression.is(ArrayExprSyntax.self)
  }

  /// Whether `node` is an operand of a `+` (through parentheses) that adds a string or an
  /// array to it, or that is itself in such a sum: `a + b` in `a + b + "c"`.
  private static func isInAJoiningSum(_ node: some SyntaxProtocol) -> Bool {
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
    return joins(other) || isInAJoiningSum(sum)
  }
}
