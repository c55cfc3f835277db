import SwiftParser
import SwiftSyntax

extension SyntaxProtocol {
  /// `code` parsed as an expression to stand where this node stands, with the node's leading
  /// and trailing trivia (its comments and layout); `nil` when `code` is not an expression.
  func replacement(_ code: String) -> ExprSyntax? {
    Parser.parse(source: code).statements.first?.item.as(ExprSyntax.self)?
      .with(\.leadingTrivia, leadingTrivia)
      .with(\.trailingTrivia, trailingTrivia)
  }
}
