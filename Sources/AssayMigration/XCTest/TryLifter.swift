import SwiftSyntax

/// Takes the `try`s out of an assertion's arguments, for a `try` written before the whole
/// expectation instead (see `XCTestRewriter.convertedToSwiftTesting`).
final class TryLifter: SyntaxRewriter {
  /// `arguments` without their `try`s: `(try a, b)` as `(a, b)`.
  static func lifted(_ arguments: LabeledExprListSyntax) -> LabeledExprListSyntax {
    TryLifter(viewMode: .sourceAccurate).rewrite(arguments).as(LabeledExprListSyntax.self)
      ?? arguments
  }

  /// Whether `arguments` hold a plain `try` (not `try?` or `try!`) outside closures.
  static func tries(_ arguments: LabeledExprListSyntax) -> Bool {
    lifted(arguments).trimmedDescription != arguments.trimmedDescription
  }

  override func visit(_ node: TryExprSyntax) -> ExprSyntax {
    guard node.questionOrExclamationMark == nil else { return super.visit(node) }
    return super.visit(node.expression).with(\.leadingTrivia, node.leadingTrivia)
  }

  override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
    ExprSyntax(node)  // A closure's `try`s are its own.
  }
}
