import Foundation
import SwiftParser
import SwiftSyntax

/// `#require` of a call to a function that throws.
///
/// XCTest's `try XCTUnwrap(AppConfiguration.find(db))` covers with its `try` the call its
/// autoclosure makes. Swift Testing's `try #require(AppConfiguration.find(db))` does not
/// compile: the macro calls the function in a closure of its expansion, where the `try`
/// outside does not reach ("call can throw, but it is not marked with 'try' and the error is
/// not handled"; `#expect` of the same call compiles). GRDB's `SingletonRecordTest` fell back to
/// Assay's assertions for it. A `try` inside the macro, `try #require(try
/// AppConfiguration.find(db))`, compiles; before a call that does not throw it draws a warning,
/// so it goes only before a call of a name that some function of the package or of its
/// dependencies' checkouts declares `throws`.
enum ThrowingRequire {
  /// The names of the functions of `source` declared `throws` (typed or not, but not
  /// `throws(Never)`), not `rethrows`. Read from the text, as ``ContextTypedCalls`` reads its
  /// declarations.
  static func names(in source: String) -> Set<String> {
    guard source.contains("throws") else { return [] }
    let text = source as NSString
    var names: Set<String> = []
    for match in declaration.matches(in: source, range: NSRange(location: 0, length: text.length))
    where match.range(at: 2).location == NSNotFound {
      names.insert(text.substring(with: match.range(at: 1)))
    }
    return names
  }

  /// `func name<T>(params) async throws`, where `throws` closes the parameters (one in a
  /// closure's type among them does not count): the name, and `(Never)` when it is there.
  private static let declaration = try! NSRegularExpression(
    pattern: "\\bfunc\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*(?:<[^<>{}]*>)?\\s*"
      + "\\((?:[^()]|\\((?:[^()]|\\([^()]*\\))*\\))*\\)\\s*(?:async\\s*)?throws\\b"
      + "(\\s*\\(\\s*Never\\s*\\))?")

  /// The names that the checks which may become `#require` call in `source` (`find` in
  /// `XCTUnwrap(AppConfiguration.find(db))`; `XCTAssert`, `XCTAssertTrue` and `XCTAssertFalse`
  /// become one in a class that stops at its first failure): every name written before `(` or
  /// `<` in the 300 characters after each. Only the files that declare a function of one of
  /// these names are read for ``names(in:)``.
  static func calledInChecks(_ source: String) -> Set<String> {
    var names: Set<String> = []
    var rest = source[...]
    while let check = rest.firstRange(of: /XCT(?:Unwrap|Assert|AssertTrue|AssertFalse)\(/) {
      let window = source[check.upperBound...].prefix(300)
      for match in window.matches(of: /([A-Za-z_][A-Za-z0-9_]*)\s*[(<]/) {
        names.insert(String(match.output.1))
      }
      rest = source[check.upperBound...]
    }
    return names
  }

  /// `text`, a converted check, with `try` before the first argument of its `#require` when
  /// that argument is a call of one of `throwing` not tried already; `text` as it was
  /// otherwise.
  static func tried(_ text: String, throwing: Set<String>) -> String {
    guard !throwing.isEmpty, text.contains("#require(") else { return text }
    let tree = Parser.parse(source: text)
    let rewriter = Rewriter(throwing: throwing)
    let rewritten = rewriter.rewrite(tree)
    return rewriter.changed ? rewritten.description : text
  }

  /// Puts `try` before the first argument of each `#require` that calls a throwing function.
  private final class Rewriter: SyntaxRewriter {
    let throwing: Set<String>
    var changed = false

    init(throwing: Set<String>) {
      self.throwing = throwing
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> ExprSyntax {
      guard node.macroName.text == "require", let first = node.arguments.first,
        first.label == nil, let call = first.expression.as(FunctionCallExprSyntax.self),
        let name = ThrowingRequire.calledName(call), throwing.contains(name)
      else { return super.visit(node) }
      changed = true
      let tried = TryExprSyntax(
        tryKeyword: .keyword(.try, leadingTrivia: call.leadingTrivia, trailingTrivia: .space),
        expression: call.with(\.leadingTrivia, []))
      var arguments = node.arguments
      arguments[arguments.startIndex] = first.with(\.expression, ExprSyntax(tried))
      return ExprSyntax(node.with(\.arguments, arguments))
    }
  }

  /// The name that `call` calls: `find` in `AppConfiguration.find(db)`, `make<T>()`'s `make`.
  static func calledName(_ call: FunctionCallExprSyntax) -> String? {
    var called = call.calledExpression
    if let specialized = called.as(GenericSpecializationExprSyntax.self) {
      called = specialized.expression
    }
    if let member = called.as(MemberAccessExprSyntax.self) {
      return member.declName.baseName.text
    }
    return called.as(DeclReferenceExprSyntax.self)?.baseName.text
  }
}
