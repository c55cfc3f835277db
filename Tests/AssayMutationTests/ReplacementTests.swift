import SwiftOperators
import SwiftParser
import SwiftSyntax
import Testing

@testable import AssayMutation

/// A report's replacement, put at its place in the original file, must read as the mutant that
/// ran: Swift must parse it as one expression covering exactly the replacement (otherwise a
/// user who tries it runs another mutant).
@Suite struct ReplacementTests {
  static let source = """
    func f(a: Int, b: Int, c: Int, d: Int, e: Int, g: Int, p: Bool, q: Bool, r: Bool) -> Bool {
      let x = a + b * c - d / e % g
      let y = a < b && c <= d || e > g && p
      let z = !p || q && r
      let w = p ? a : b
      let v = p && q || r && !(a == b || c != d)
      return a == b && c == d && e == g && (x > 0 || y) && z && w > v
    }
    """

  /// The source with `mutant`'s replacement at its place, and the replacement's offset in it.
  private func applied(_ mutant: Mutant) -> (String, Int) {
    let tree = Parser.parse(source: Self.source)
    let converter = SourceLocationConverter(fileName: "F.swift", tree: tree)
    let start = converter.position(ofLine: mutant.start.line, column: mutant.start.column)
    let end = converter.position(ofLine: mutant.end.line, column: mutant.end.column)
    var bytes = Array(Self.source.utf8)
    bytes.replaceSubrange(start.utf8Offset..<end.utf8Offset, with: Array(mutant.replacement.utf8))
    return (String(decoding: bytes, as: UTF8.self), start.utf8Offset)
  }

  /// Whether the folded tree of `text` has an expression that starts at `offset` and is exactly
  /// `replacement`.
  private func readsAsOneExpression(_ text: String, at offset: Int, _ replacement: String) -> Bool {
    let folded = OperatorTable.standardOperators.foldAll(Parser.parse(source: text)) { _ in }
    final class Finder: SyntaxAnyVisitor {
      let offset: Int
      let text: String
      var found = false
      init(offset: Int, text: String) {
        self.offset = offset
        self.text = text
        super.init(viewMode: .sourceAccurate)
      }
      override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if node.is(ExprSyntax.self), node.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
          node.trimmedDescription == text
        {
          found = true
        }
        return .visitChildren
      }
    }
    let finder = Finder(offset: offset, text: replacement)
    finder.walk(folded)
    return finder.found
  }

  @Test func everyReplacementAtItsPlaceReadsAsTheMutantThatRan() {
    let mutants = SchemataRewriter(source: Self.source, path: "F.swift", firstID: 1).mutants
      .filter { $0.mutationOperator != .removeCall }
    #expect(mutants.count > 20)
    let misread = mutants.filter { mutant in
      let (text, offset) = applied(mutant)
      return !readsAsOneExpression(text, at: offset, mutant.replacement)
    }
    #expect(misread.map(\.change) == [])
  }

  /// The mutant the real-world harness found reported as another.
  @Test func aLogicalMutantInsideAChainIsReportedInParentheses() {
    let mutants = SchemataRewriter(
      source: "let t = a == b && c == d && e == f", path: "F.swift", firstID: 1,
      operators: [.logical]
    ).mutants
    #expect(
      mutants.map(\.change) == [
        "a == b && c == d → (a == b || c == d)",
        "a == b && c == d && e == f → a == b && c == d || e == f",
      ])
  }
}
