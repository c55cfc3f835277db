import SwiftSyntax

/// Writes the names a file uses from a module it imports that Swift Testing declares too
/// (`Tag` in Yams's tests) with the module's name, `Yams.Tag`, so that `import Testing`
/// changes nothing they mean. It runs over the whole file: converted suites, classes left as
/// XCTest and helpers alike.
final class TestingNameQualifier: SyntaxRewriter {
  /// Each name, with the module to write in front of it.
  private let modules: [String: String]

  init(modules: [String: String]) {
    self.modules = modules
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
    // `Yams.Tag` and `node.Tag` name it already, or name something else.
    guard let module = modules[node.baseName.text],
      node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id
    else { return super.visit(node) }
    return node.replacement("\(module).\(node.trimmedDescription)") ?? ExprSyntax(node)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    guard let module = modules[node.name.text] else { return super.visit(node) }
    let visited = super.visit(node).as(IdentifierTypeSyntax.self) ?? node
    let member = MemberTypeSyntax(
      baseType: IdentifierTypeSyntax(name: .identifier(module)),
      name: visited.name.with(\.leadingTrivia, []).with(\.trailingTrivia, []),
      genericArgumentClause: visited.genericArgumentClause)
    return TypeSyntax(
      member.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia))
  }
}
