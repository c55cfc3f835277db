import SwiftSyntax

/// `continueAfterFailure = false` in a setUp: the class's tests stop at their first failure.
/// Swift Testing's form is `#require`, which throws: a converted test's assertion statements
/// become `try #require(…)` (the test `throws`), so that, as in XCTest on macOS, a test does
/// not go on past a failed check. (XCTest on Linux ignores the setting and always goes on.)
/// Assertions in helpers and closures stay `#expect`: a helper would have to throw.
enum StopOnFailure {
  /// Whether `item` is `continueAfterFailure = false` (or `self.`…) directly in the body of an
  /// instance `setUp` or `setUpWithError`.
  static func isSetting(_ item: CodeBlockItemSyntax) -> Bool {
    guard let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
    return isSetting(item.item.trimmedDescription, in: list)
  }

  /// Whether `text`, a statement of `list`, is the setting, and `list` a setUp's body.
  static func isSetting(_ text: String, in list: CodeBlockItemListSyntax) -> Bool {
    guard
      ["continueAfterFailure = false", "self.continueAfterFailure = false"].contains(text),
      let function = list.parent?.as(CodeBlockSyntax.self)?.parent?.as(FunctionDeclSyntax.self)
    else { return false }
    return ["setUp", "setUpWithError"].contains(function.name.text)
      && !function.modifiers.contains { ["static", "class"].contains($0.name.text) }
  }

  /// Whether the name `node` is the property of such a setting.
  static func isSetting(_ node: DeclReferenceExprSyntax) -> Bool {
    var ancestor = node.parent
    while let current = ancestor {
      if let item = current.as(CodeBlockItemSyntax.self) { return isSetting(item) }
      ancestor = current.parent
    }
    return false
  }

  /// Whether `node`'s class (or extension of it) sets it in its setUp.
  static func isSet(in node: some SyntaxProtocol) -> Bool {
    node.tokens(viewMode: .sourceAccurate).contains { token in
      guard token.tokenKind == .identifier("continueAfterFailure"),
        let reference = token.parent?.as(DeclReferenceExprSyntax.self)
      else { return false }
      return isSetting(reference)
    }
  }

  /// Whether `call` is a whole statement of a test method's body (in its `if`s and loops too,
  /// not in a closure, a `defer` or a nested function): where a `try #require` stops the test.
  static func isStatementOfATest(_ call: FunctionCallExprSyntax) -> Bool {
    guard
      call.parent?.is(CodeBlockItemSyntax.self) == true
        || call.parent?.is(ExpressionStmtSyntax.self) == true
    else { return false }
    var ancestor = call.parent
    while let current = ancestor {
      // `try` cannot leave a `defer`, a closure or an accessor: their assertions stay `#expect`.
      if current.is(ClosureExprSyntax.self) || current.is(AccessorDeclSyntax.self)
        || current.is(DeferStmtSyntax.self)
      {
        return false
      }
      if let function = current.as(FunctionDeclSyntax.self) {
        return XCTestRewriter.isTestMethod(function)
      }
      ancestor = current.parent
    }
    return false
  }
}
