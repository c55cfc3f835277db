import Foundation
import SwiftSyntax

/// Calls whose result type only the context gives: a generic function that returns its own
/// generic parameter (`func readInbound<T>(as type: T.Type = T.self) throws -> T?`), called
/// without the argument that names the type.
///
/// XCTest's `XCTAssertNil` and `XCTAssertNotNil` take `Any?`, which makes such a call return
/// `Any`; `#expect(try channel.readInbound() != nil)` gives it no such context, the compiler
/// picks another type, and swift-nio's `EmbeddedChannel` throws that the value is not of it.
/// The converted check keeps XCTest's context: `#expect((try channel.readInbound()) as Any? !=
/// nil)`.
enum ContextTypedCalls {
  /// The names of the generic functions of `source` that return their generic parameter
  /// (optional or not), where no parameter gives that type but a defaulted `T.Type = T.self`.
  /// Read from the text: the files are the whole package's and its dependencies' checkouts,
  /// most of which are never parsed.
  static func names(in source: String) -> Set<String> {
    guard source.contains("func ") else { return [] }
    let text = source as NSString
    var names: Set<String> = []
    for match in declaration.matches(in: source, range: NSRange(location: 0, length: text.length)) {
      let name = text.substring(with: match.range(at: 1))
      let generics = text.substring(with: match.range(at: 2))
      let parameters = text.substring(with: match.range(at: 3))
      let result = text.substring(with: match.range(at: 4))
        .trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
      guard
        let parameter = generics.split(separator: ",").map({
          $0.split(separator: ":").first?.trimmingCharacters(in: .whitespaces) ?? ""
        }).first(where: { $0 == result })
      else { continue }
      let defaulted = "\(parameter).Type = \(parameter).self"
      let rest = parameters.replacingOccurrences(of: defaulted, with: "")
      if rest.range(of: "\\b\(parameter)\\b", options: .regularExpression) == nil {
        names.insert(name)
      }
    }
    return names
  }

  /// The names that `XCTAssertNil` and `XCTAssertNotNil` may call in `source` (`readInbound`
  /// in `XCTAssertNil(try channel.readInbound())`): every name written before `(` or `<` in
  /// the 300 characters after each. Only a function of one of these names can matter, so only
  /// the files that declare one are read for ``names(in:)``.
  static func calledInNilChecks(_ source: String) -> Set<String> {
    var names: Set<String> = []
    var rest = source[...]
    while let check = rest.firstRange(of: /XCTAssert(?:Not)?Nil\(/) {
      let window = source[check.upperBound...].prefix(300)
      for match in window.matches(of: /([A-Za-z_][A-Za-z0-9_]*)\s*[(<]/) {
        names.insert(String(match.output.1))
      }
      rest = source[check.upperBound...]
    }
    return names
  }

  /// `func name<T, U: P>(params) async throws -> T?`: the name, the generic clause, the
  /// parameters (one level of nested parentheses, as in `T.Type = T.self` or a closure's type)
  /// and a result that is a single name, optional or not.
  private static let declaration = try! NSRegularExpression(
    pattern:
      "\\bfunc\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*<([^<>{}]*)>\\s*\\(((?:[^()]|\\([^()]*\\))*)\\)"
      + "\\s*(?:async\\s*)?(?:(?:re)?throws(?:\\([^)]*\\))?\\s*)?->\\s*([A-Za-z_][A-Za-z0-9_]*[?!]?)"
      + "\\s*(?:\\{|where\\b|$)",
    options: [.anchorsMatchLines])

  /// Whether `expression`, what `XCTAssertNil` or `XCTAssertNotNil` checks, is a call of one of
  /// `names` (after `try` and `await`) that passes no type: it takes its type from XCTest's
  /// `Any?`.
  static func takesItsTypeFromXCTest(_ expression: ExprSyntax?, names: Set<String>) -> Bool {
    guard !names.isEmpty, var expression else { return false }
    while true {
      if let tried = expression.as(TryExprSyntax.self) {
        expression = tried.expression
      } else if let awaited = expression.as(AwaitExprSyntax.self) {
        expression = awaited.expression
      } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
        let only = tuple.elements.first, only.label == nil
      {
        expression = only.expression
      } else {
        break
      }
    }
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
    let name =
      call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    guard let name, names.contains(name) else { return false }
    return !call.arguments.contains { $0.expression.trimmedDescription.hasSuffix(".self") }
  }
}
