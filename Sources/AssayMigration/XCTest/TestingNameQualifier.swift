import SwiftSyntax

/// Writes the names a file uses from its module that Swift Testing declares too (`Tag` in
/// Yams's tests) with the module's name, `Yams.Tag`, so that `import Testing` changes nothing
/// they mean. It runs over the whole file: converted suites, classes left as XCTest and
/// helpers alike.
final class TestingNameQualifier: SyntaxRewriter {
  private let names: Set<String>
  private let module: String

  init(names: Set<String>, module: String) {
    self.names = names
    self.module = module
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
    // `Yams.Tag` and `node.Tag` name it already, or name something else.
    guard names.contains(node.baseName.text),
      node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id
    else { return super.visit(node) }
    return node.replacement("\(module).\(node.trimmedDescription)") ?? ExprSyntax(node)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    guard names.contains(node.name.text) else { return super.visit(node) }
    let visited = super.visit(node).as(IdentifierTypeSyntax.self) ?? node
    let member = MemberTypeSyntax(
      baseType: IdentifierTypeSyntax(name: .identifier(module)),
      name: visited.name.with(\.leadingTrivia, []).with(\.trailingTrivia, []),
      genericArgumentClause: visited.genericArgumentClause)
    return TypeSyntax(
      member.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia))
  }
}
