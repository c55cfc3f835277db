import SwiftParser
import SwiftSyntax

/// XCTest's lists of tests for Linux (`allTests`, `__allTests…`), which the migration removes
/// with the checks that only compare them with the tests XCTest finds.
extension XCTestHelpers {
  /// Whether `name` is one of XCTest's lists of tests for `LinuxMain.swift`.
  static func isTestList(_ name: String) -> Bool {
    name == "allTests" || name.hasPrefix("__allTests")
  }

  /// Whether `function` only compares XCTest's lists for Linux with the tests XCTest finds
  /// (`allTests.count` against `defaultTestSuite.testCaseCount`): it is no use of the lists,
  /// and goes with them.
  static func isListCheck(_ function: FunctionDeclSyntax) -> Bool {
    guard let body = function.body else { return false }
    let names = Set(
      body.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
        guard case .identifier(let name) = token.tokenKind else { return nil }
        return name
      })
    return names.contains("defaultTestSuite") && names.contains(where: isTestList)
  }

  /// The first list of tests in `tree` whose value is not written out (`static var allTests =
  /// makeTests(...)`): the tests it makes exist only in it.
  static func generatedList(in tree: SourceFileSyntax) -> (node: Syntax, expression: String)? {
    final class Finder: SyntaxVisitor {
      var found: (node: Syntax, expression: String)?
      override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil, XCTestHelpers.isTestList(node.pattern.trimmedDescription),
          let value = node.initializer?.value, !value.is(ArrayExprSyntax.self)
        else { return .visitChildren }
        found = (Syntax(node), value.trimmedDescription.onOneLine)
        return .skipChildren
      }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(tree)
    return finder.found
  }

  /// Whether `node` is in a function that only checks the lists (``isListCheck(_:)``).
  static func isInListCheck(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let syntax = current {
      if let function = syntax.as(FunctionDeclSyntax.self) { return isListCheck(function) }
      current = syntax.parent
    }
    return false
  }
}
