import SwiftParser
import SwiftSyntax

/// XCTest's expected failures as Swift Testing's known issues.
enum KnownIssue {
  /// `XCTExpectFailure("why") { ... }` as `withKnownIssue("why") { ... }`; `strict: false`
  /// (a failure that may not happen) as `isIntermittent: true`. `nil` for the form without a
  /// block (see ``restOfTheTest(_:)``) and for `options:`.
  static func converted(_ call: FunctionCallExprSyntax) -> String? {
    guard let body = call.trailingClosure, call.additionalTrailingClosures.isEmpty,
      let head = head(of: call)
    else { return nil }
    return "\(head) \(body.trimmedDescription)"
  }

  /// `withKnownIssue` with the arguments of `call`, an `XCTExpectFailure`: its message and
  /// whether it is strict. `nil` for `options:` and any other argument.
  static func head(of call: FunctionCallExprSyntax) -> String? {
    var parts: [String] = []
    for argument in call.arguments {
      switch argument.label?.text {
      case nil: parts.append(XCTestAssertion.comment(argument.expression))
      case "strict":
        switch argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind {
        case .keyword(.true): break
        case .keyword(.false): parts.append("isIntermittent: true")
        default: parts.append("isIntermittent: !\(XCTestAssertion.operand(argument.expression))")
        }
      default: return nil
      }
    }
    return "withKnownIssue" + (parts.isEmpty ? "" : "(\(parts.joined(separator: ", ")))")
  }

  /// The head of the known issue that `call`, `XCTExpectFailure("why")` without a block, makes
  /// of the rest of the test: XCTest expects a failure from there to the end of the test. Only
  /// where the rest of the test is the rest of the statements the call stands among: a
  /// statement of a test method's body, or of an `#if` clause that ends it (swift-certificates'
  /// `CSRTests`: `#if canImport(Darwin)` / `XCTExpectFailure("…")` / the failing assertion).
  /// `nil` anywhere else.
  static func restOfTheTest(_ call: FunctionCallExprSyntax) -> String? {
    guard call.trailingClosure == nil, let head = head(of: call),
      let item = call.parent?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self), endsATest(list)
    else { return nil }
    return head
  }

  /// Whether the statements `list` run to the end of a test method: its body, or an `#if`
  /// clause whose block is the last statement of such statements.
  private static func endsATest(_ list: CodeBlockItemListSyntax) -> Bool {
    if let body = list.parent?.as(CodeBlockSyntax.self),
      let function = body.parent?.as(FunctionDeclSyntax.self)
    {
      return XCTestRewriter.isTestMethod(function)
    }
    guard let clause = list.parent?.as(IfConfigClauseSyntax.self),
      let conditional = clause.parent?.parent?.as(IfConfigDeclSyntax.self),
      let item = conditional.parent?.as(CodeBlockItemSyntax.self),
      let outer = item.parent?.as(CodeBlockItemListSyntax.self), outer.last?.id == item.id
    else { return false }
    return endsATest(outer)
  }
}

extension XCTestRewriter {
  /// `visited`, the statements `original` converted, with an `XCTExpectFailure("why")` without
  /// a block and the statements after it as `withKnownIssue("why") { … }` around them (see
  /// ``KnownIssue/restOfTheTest(_:)``), `await`ed when they do.
  func knownIssueToTheEnd(_ visited: CodeBlockItemListSyntax, original: CodeBlockItemListSyntax)
    -> [CodeBlockItemSyntax]
  {
    let items = Array(visited)
    guard items.count == original.count,
      let index = original.firstIndex(where: { item in
        Self.call(in: item).map { XCTestBlockers.calledName($0) == "XCTExpectFailure" } ?? false
      }),
      let call = Self.call(in: original[index]),
      let head = KnownIssue.restOfTheTest(call)
    else { return items }
    let position = original.distance(from: original.startIndex, to: index)
    let expectation = items[position]
    let indentation = Self.indentation(of: expectation)
    var function = Syntax(original).parent
    while let current = function, !current.is(FunctionDeclSyntax.self) { function = current.parent }
    let outer = function.map(Self.indentation(of:)) ?? ""
    let unit =
      indentation.hasPrefix(outer) && indentation.count > outer.count
      ? String(indentation.dropFirst(outer.count)) : Self.indentationUnit(indentation)
    let rest = items[(position + 1)...].map(\.description).joined()
    let awaits = items[(position + 1)...].contains { item in
      item.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.await) }
    }
    let text =
      (awaits ? "await " : "") + head + " {"
      + rest.replacingOccurrences(of: "\n", with: "\n" + unit)
      .trimmingCharacters(in: .whitespaces)
      + "\n" + indentation + "}"
    guard let statement = Parser.parse(source: text).statements.first else { return items }
    assertions += 1
    return Array(items[..<position])
      + [statement.with(\.leadingTrivia, expectation.leadingTrivia).with(\.trailingTrivia, [])]
  }

  /// The call that `item` is, as a statement.
  private static func call(in item: CodeBlockItemSyntax) -> FunctionCallExprSyntax? {
    item.item.as(FunctionCallExprSyntax.self)
      ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
  }
}
