import SwiftParser
import SwiftSyntax

/// A `try` written before an XCTest assertion rather than in its argument.
extension XCTestRewriter {
  /// `try XCTAssertNoThrow(channel.finish())` (swift-nio's `EmbeddedChannelTest`), `visited`
  /// from `original`: the `try` outside covers the call that XCTest's autoclosure makes. Swift
  /// Testing's `#expect(throws:) { … }` takes a closure, which needs a `try` of its own, and
  /// leaves the outer one nothing to cover: the `try` moves into the closure. `nil` for any
  /// other `try`.
  func triedInsideTheClosure(_ visited: ExprSyntax, original: TryExprSyntax) -> ExprSyntax? {
    guard converting, let tried = visited.as(TryExprSyntax.self),
      let call = original.expression.as(FunctionCallExprSyntax.self),
      ["XCTAssertNoThrow", "XCTAssertThrowsError"].contains(XCTestBlockers.calledName(call)),
      let expectation = tried.expression.as(MacroExpansionExprSyntax.self),
      expectation.macroName.text == "expect",
      expectation.arguments.first?.label?.text == "throws",
      let closure = expectation.trailingClosure, closure.statements.count == 1,
      let statement = closure.statements.first,
      !statement.tokens(viewMode: .sourceAccurate).contains(where: {
        $0.tokenKind == .keyword(.try)
      }),
      let expression = Parser.parse(source: "try " + statement.item.trimmedDescription)
        .statements.first?.item
    else { return nil }
    let statements = CodeBlockItemListSyntax([
      statement.with(
        \.item,
        expression.with(\.leadingTrivia, statement.item.leadingTrivia)
          .with(\.trailingTrivia, statement.item.trailingTrivia))
    ])
    return ExprSyntax(
      expectation.with(\.trailingClosure, closure.with(\.statements, statements))
        .with(\.leadingTrivia, tried.leadingTrivia)
        .with(\.trailingTrivia, tried.trailingTrivia))
  }
}
