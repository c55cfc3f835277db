import SwiftParser
import SwiftSyntax

/// A helper that runs a test's asynchronous body in a `Task` and waits for it: the
/// `XCTAsyncTest { … }` that packages wrote before XCTest ran `async` tests
/// (async-http-client's, 446 assertion calls in four classes that stayed XCTest for it).
///
/// ```swift
/// func XCTAsyncTest(timeout: TimeInterval = 30, operation: @escaping @Sendable () async throws -> Void) {
///   let expectation = self.expectation(description: "Async operation")
///   Task {
///     do { try await operation() } catch { XCTFail("Error thrown: \(error)") }
///     expectation.fulfill()
///   }
///   self.wait(for: [expectation], timeout: timeout)
/// }
/// ```
///
/// A Swift Testing test can be `async`: where the call is the last statement of a test, its
/// body takes the closure's statements, and the test becomes `async throws` (what the closure
/// throws fails the test, as the helper's `XCTFail` did). A method of the class that ends in
/// the call becomes `async throws` the same way, and the tests that call it as a statement
/// `try await` it. The helper's time limit is not kept: a test that hangs is `assay test`'s
/// to stop.
enum AsyncTestAdapter {
  /// Whether `function`, a method of `extension XCTestCase`, is such a helper: it returns
  /// nothing, its last parameter is an `async` function, and its body runs that parameter in
  /// a `Task` (`await operation()`) and waits (`wait(for:timeout:)`).
  static func isAdapter(_ function: FunctionDeclSyntax) -> Bool {
    guard function.signature.returnClause == nil, let body = function.body,
      let parameter = function.signature.parameterClause.parameters.last,
      parameter.type.tokens(viewMode: .sourceAccurate).contains(where: {
        $0.tokenKind == .keyword(.async)
      })
    else { return false }
    let name = (parameter.secondName ?? parameter.firstName).text
    var runsInATask = false
    var waits = false
    for token in body.tokens(viewMode: .sourceAccurate) {
      if token.text == "Task", token.parent?.parent?.is(FunctionCallExprSyntax.self) == true,
        let task = token.parent?.parent?.as(FunctionCallExprSyntax.self),
        task.trailingClosure?.tokens(viewMode: .sourceAccurate).contains(where: {
          $0.text == name
            && $0.previousToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.await)
        }) == true
      {
        runsInATask = true
      }
      if token.text == "wait", token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen,
        token.nextToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate)?.text
          == "for"
      {
        waits = true
      }
    }
    return runsInATask && waits
  }

  /// The closure that `item`, a call of one of `adapters` with a trailing closure that takes
  /// nothing, hands it; `nil` for any other statement.
  static func closure(of item: CodeBlockItemSyntax, adapters: Set<String>) -> ClosureExprSyntax? {
    let expression =
      item.item.as(ExpressionStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
    guard let call = expression?.as(FunctionCallExprSyntax.self),
      let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        ?? call.calledExpression.as(MemberAccessExprSyntax.self).flatMap({ member in
          member.base?.trimmedDescription == "self" ? member.declName.baseName.text : nil
        }),
      adapters.contains(name),
      let closure = call.trailingClosure, closure.signature == nil,
      call.additionalTrailingClosures.isEmpty
    else { return nil }
    return closure
  }

  /// Whether `item` (of the source as read) is such a call (see ``closure(of:adapters:)``) and
  /// the last statement of a test method's body, or of a method of the class that returns
  /// nothing (async-http-client's `_testPostConvertedToGetOnRedirect(…)`, which its tests call:
  /// see ``endingMethods(in:adapters:)``), where the closure's statements can stand.
  static func endsATest(_ item: CodeBlockItemSyntax, adapters: Set<String>) -> Bool {
    guard closure(of: item, adapters: adapters) != nil,
      let list = item.parent?.as(CodeBlockItemListSyntax.self), list.last?.id == item.id,
      let function = list.parent?.parent?.as(FunctionDeclSyntax.self)
    else { return false }
    return XCTestRewriter.isTestMethod(function) || isMember(function)
  }

  /// Whether `function` is a method of a type (not a local function) that returns nothing.
  private static func isMember(_ function: FunctionDeclSyntax) -> Bool {
    function.signature.returnClause == nil
      && function.parent?.is(MemberBlockItemSyntax.self) == true
  }

  /// The methods of `type` (a class or an extension, as read) other than tests that end by
  /// calling one of `adapters`: each becomes `async throws`, and each test that calls it
  /// `try await`s it.
  static func endingMethods(in type: Syntax, adapters: Set<String>) -> Set<String> {
    guard !adapters.isEmpty,
      let members = type.as(ClassDeclSyntax.self)?.memberBlock
        ?? type.as(ExtensionDeclSyntax.self)?.memberBlock
    else { return [] }
    return Set(
      members.members.compactMap { member -> String? in
        guard let function = member.decl.as(FunctionDeclSyntax.self),
          !XCTestRewriter.isTestMethod(function), isMember(function),
          let last = function.body?.statements.last,
          closure(of: last, adapters: adapters) != nil
        else { return nil }
        return function.name.text
      })
  }

  /// The name of the method that `item` calls as a whole statement (`name(…)` or
  /// `self.name(…)`, neither tried nor awaited), if it is one of `methods`.
  static func calledMethod(_ item: CodeBlockItemSyntax, in methods: Set<String>) -> String? {
    let expression =
      item.item.as(ExpressionStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
    guard let call = expression?.as(FunctionCallExprSyntax.self) else { return nil }
    let name =
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
      ?? call.calledExpression.as(MemberAccessExprSyntax.self).flatMap { member in
        member.base?.trimmedDescription == "self" ? member.declName.baseName.text : nil
      }
    return name.flatMap { methods.contains($0) ? $0 : nil }
  }

  /// Whether `reference`, the name of one of `methods`, is called as a whole statement of a
  /// test method's body, where the test can `try await` it.
  static func isAwaitable(_ reference: DeclReferenceExprSyntax, methods: Set<String>) -> Bool {
    var node = Syntax(reference)
    while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) { node = parent }
    guard let item = node.parent?.as(CodeBlockItemSyntax.self),
      calledMethod(item, in: methods) != nil,
      let function = item.parent?.parent?.parent?.as(FunctionDeclSyntax.self)
    else { return false }
    return XCTestRewriter.isTestMethod(function)
  }

  /// Whether `reference`, a name of one of `adapters`, is called where its closure's
  /// statements can take its place (see ``endsATest(_:adapters:)``).
  static func isInlined(_ reference: DeclReferenceExprSyntax, adapters: Set<String>) -> Bool {
    var node = Syntax(reference)
    while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) {
      if parent.is(ClosureExprSyntax.self) || parent.is(CodeBlockSyntax.self) { return false }
      node = parent
    }
    guard let item = node.parent?.as(CodeBlockItemSyntax.self) else { return false }
    return endsATest(item, adapters: adapters)
  }

  /// The statements of `closure` (converted), to stand where the call `item` stood: one
  /// indentation level out.
  static func statements(of closure: ClosureExprSyntax, replacing item: CodeBlockItemSyntax)
    -> [CodeBlockItemSyntax]
  {
    let outer = XCTestRewriter.indentation(of: item)
    let inner = closure.statements.first.map(XCTestRewriter.indentation(of:)) ?? outer
    let unit =
      inner.hasPrefix(outer) && inner.count > outer.count
      ? String(inner.dropFirst(outer.count)) : ""
    let text = closure.statements.description.split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map { line in line.hasPrefix(outer + unit) ? String(line.dropFirst(unit.count)) : String(line)
    }
    .joined(separator: "\n")
    let parsed = Array(Parser.parse(source: text).statements)
    guard let first = parsed.first else { return [] }
    // The first statement keeps the call's place: its blank lines and comments before.
    let leading = Trivia(
      pieces: item.leadingTrivia.pieces + first.leadingTrivia.pieces.drop { $0.isWhitespace })
    return [first.with(\.leadingTrivia, leading)] + parsed.dropFirst()
  }
}
