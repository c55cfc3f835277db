import SwiftParser
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

  /// What a statement that sets `continueAfterFailure` elsewhere becomes in a converted suite.
  enum Role: Equatable {
    /// `= false` in an instance method other than the setUp (swift-openapi-generator's
    /// `Test_translateStringEnum`, in a helper): nothing, when the class's tests stop at their
    /// first failure anyway; the caller makes sure they do.
    case stopsAgain
    /// `= true` in a test method's own body: the test's assertion statements after it go on
    /// past a failure (they stay `#expect`).
    case goesOn
  }

  /// The role of `text`, a statement of `list`, when it sets `continueAfterFailure` directly
  /// in the body of an instance method, but a setUp's `= false` (see `isSetting(_:in:)`).
  static func role(_ text: String, in list: CodeBlockItemListSyntax) -> Role? {
    let value: Bool
    switch text {
    case "continueAfterFailure = false", "self.continueAfterFailure = false": value = false
    case "continueAfterFailure = true", "self.continueAfterFailure = true": value = true
    default: return nil
    }
    guard let function = list.parent?.as(CodeBlockSyntax.self)?.parent?.as(FunctionDeclSyntax.self),
      !function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }),
      !isSetting(text, in: list)
    else { return nil }
    if !value { return .stopsAgain }
    return XCTestRewriter.isTestMethod(function) ? .goesOn : nil
  }

  /// The role of the setting whose property `node` names, when it has one.
  static func role(of node: DeclReferenceExprSyntax) -> Role? {
    var ancestor = node.parent
    while let current = ancestor {
      if let item = current.as(CodeBlockItemSyntax.self),
        let list = item.parent?.as(CodeBlockItemListSyntax.self)
      {
        return role(item.item.trimmedDescription, in: list)
      }
      ancestor = current.parent
    }
    return nil
  }

  /// Whether a test's statement `call` comes after the test let its assertions go on
  /// (`continueAfterFailure = true` in its own body, not set back to `false` since).
  static func goesOn(at call: FunctionCallExprSyntax) -> Bool {
    var ancestor = Syntax(call).parent
    while let current = ancestor {
      if let item = current.as(CodeBlockItemSyntax.self),
        let list = item.parent?.as(CodeBlockItemListSyntax.self),
        list.parent?.as(CodeBlockSyntax.self)?.parent?.is(FunctionDeclSyntax.self) == true
      {
        let before = list.prefix { $0.id != item.id }
        let last = before.lazy.reversed().compactMap { role($0.item.trimmedDescription, in: list) }
          .first
        return last == .goesOn
      }
      ancestor = current.parent
    }
    return false
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

  /// `item`, the statement `try #require(throws: Never.self) { body }` (an `XCTAssertNoThrow`
  /// in a test that stops at its first failure), as one that records the error and ends the
  /// test: `do { _ = body } catch { Issue.record(error); return }`, the message after `error`.
  /// Swift Testing 6.3 warns at every `#require(throws: Never.self)` ("Passing 'Never.self' to
  /// '#require(throws:_:)' is redundant"), and the direct call it advises records the error at
  /// the test's declaration, without the message. `nil` for any other statement.
  static func noThrowStatement(_ item: CodeBlockItemSyntax) -> CodeBlockItemSyntax? {
    guard
      let tried = item.item.as(TryExprSyntax.self)
        ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(TryExprSyntax.self),
      let require = tried.expression.as(MacroExpansionExprSyntax.self),
      require.macroName.text == "require", require.arguments.count <= 2,
      let first = require.arguments.first, first.label?.text == "throws",
      first.expression.trimmedDescription == "Never.self",
      let closure = require.trailingClosure, closure.statements.count == 1,
      let body = closure.statements.first?.item.as(ExprSyntax.self)
    else { return nil }
    let comment = require.arguments.dropFirst().first.map {
      ", " + $0.expression.trimmedDescription
    }
    let text =
      "do { _ = \(body.trimmedDescription) } catch { Issue.record(error\(comment ?? "")); return }"
    guard let statement = Parser.parse(source: text).statements.first else { return nil }
    return statement.with(\.leadingTrivia, item.leadingTrivia)
      .with(\.trailingTrivia, item.trailingTrivia)
  }

  /// Whether `call` is a whole statement of a test method's body (in its `if`s and loops too,
  /// not in a closure, a `defer` or a nested function): where a `try #require` stops the test.
  static func isStatementOfATest(_ call: FunctionCallExprSyntax) -> Bool {
    guard
      call.parent?.is(CodeBlockItemSyntax.self) == true
        || call.parent?.is(ExpressionStmtSyntax.self) == true
    else { return false }
    return isInATestsBody(call)
  }

  /// Whether `node` stands in a test method's own body (in its `if`s and loops too), where a
  /// `try` leaves through the test: not in a `defer`, a closure, an accessor or a function
  /// other than a test method, which a `try` cannot leave that way.
  static func isInATestsBody(_ node: some SyntaxProtocol) -> Bool {
    var ancestor = node.parent
    while let current = ancestor {
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
