import SwiftParser
import SwiftSyntax

/// How the build tells which `#if` clauses it compiles, so that the mutants of a clause it does
/// not (another platform's code, a flag the package does not set) are not run and not called
/// "not covered". A clause that holds mutants ends with `#warning("assay-mutate: 3 4 5")`,
/// which the compiler prints only for a clause it compiles, and a file with such a clause ends
/// with `#warning("assay-mutate: compiled")`: in a file that was compiled, a clause whose
/// warning is missing was not.
///
/// A marker stands on the line of the clause's last statement or declaration, so lines stay as
/// written, and only where a `#warning` always may: among declarations (a file's, a type's) and
/// among the statements of a function, initializer or accessor without a custom attribute,
/// outside closures (a result builder's body may take no declaration), not after a nested
/// clause's `#endif`, and not alone beside an expression that may be an implicit return.
/// Elsewhere the clause's mutants go with the clause around it, and are run as before when
/// there is none.
enum IfConfigMarkers {
  /// What every marker's message starts with.
  static let prefix = "assay-mutate: "

  /// The status reason of a mutant whose clause the build does not compile.
  static let notCompiledReason = "in an #if clause that this build does not compile"

  /// The last line of a file with marked clauses.
  static let compiledMarker = "#warning(\"\(prefix)compiled\")"

  /// `clause` (as rewritten, `original` as written) ending with the marker of `ids`, on the
  /// line of its last statement or declaration (a directive ends its line); `nil` where no
  /// marker may stand.
  static func marking(
    _ clause: IfConfigClauseSyntax, original: IfConfigClauseSyntax, ids: [Int]
  ) -> IfConfigClauseSyntax? {
    let marker = "#warning(\"\(prefix)\(ids.map(String.init).joined(separator: " "))\")"
    switch clause.elements {
    case .statements(let statements)?:
      // Whether the clause's code was an expression alone, as written: a `return`'s choice
      // is an `if` statement.
      guard let last = statements.last, mayDeclare(in: original), !endsWithADirective(last),
        case .statements(let written)? = original.elements, let writtenLast = written.last,
        statements.count > 1 || !isExpression(writtenLast.item) || !isAlone(original),
        let item = Parser.parse(source: marker).statements.first
      else { return nil }
      let ended = last.with(\.trailingTrivia, [])
        .with(\.semicolon, .semicolonToken(trailingTrivia: .space))
      let items =
        statements.dropLast() + [
          ended, item.with(\.leadingTrivia, []).with(\.trailingTrivia, last.trailingTrivia),
        ]
      return clause.with(\.elements, .statements(CodeBlockItemListSyntax(items)))
    case .decls(let members)?:
      guard let last = members.last, !endsWithADirective(last),
        let item = Parser.parse(source: "struct S {\n\(marker)\n}").statements.first?.item
          .as(StructDeclSyntax.self)?.memberBlock.members.first
      else { return nil }
      let ended = last.with(\.trailingTrivia, [])
        .with(\.semicolon, .semicolonToken(trailingTrivia: .space))
      let items =
        members.dropLast() + [
          ended, item.with(\.leadingTrivia, []).with(\.trailingTrivia, last.trailingTrivia),
        ]
      return clause.with(\.elements, .decls(MemberBlockItemListSyntax(items)))
    default:
      return nil
    }
  }

  /// The mutants that the build's lines (`path:line:column: warning: assay-mutate: ...`) say
  /// are in clauses it did not compile, of the files it compiled; a file whose last marker is
  /// missing says nothing.
  ///
  /// - Parameters:
  ///   - lines: What the builds printed.
  ///   - files: Each file with marked clauses (its path as the compiler prints it), and the
  ///     mutants in them.
  static func notCompiled(
    in lines: [String], files: [(path: String, marked: Set<Int>)]
  ) -> Set<Int> {
    var compiledFiles: Set<String> = []
    var compiled: Set<Int> = []
    for line in lines {
      guard let range = line.range(of: ": warning: \(prefix)") else { continue }
      let message = line[range.upperBound...]
      if message == "compiled" {
        let place = line[..<range.lowerBound]
        if let file = files.first(where: { place.hasPrefix($0.path + ":") }) {
          compiledFiles.insert(file.path)
        }
      } else {
        compiled.formUnion(message.split(separator: " ").compactMap { Int($0) })
      }
    }
    return files.filter { compiledFiles.contains($0.path) }
      .reduce(into: Set<Int>()) { $0.formUnion($1.marked.subtracting(compiled)) }
  }

  /// Whether a build failed on a marker (warnings treated as errors): then the files are
  /// written without markers.
  static func failedOnAMarker(_ errors: [String]) -> Bool {
    errors.contains { $0.contains(": error: \(prefix)") }
  }

  /// Whether a `#warning` may stand among the statements around `clause`: at the top of a
  /// file, or in a function, initializer or accessor without a custom attribute (a result
  /// builder's), outside closures.
  private static func mayDeclare(in clause: IfConfigClauseSyntax) -> Bool {
    var current = clause.parent
    while let node = current {
      if node.is(ClosureExprSyntax.self) { return false }
      if node.is(SourceFileSyntax.self) { return true }
      if let function = node.as(FunctionDeclSyntax.self) {
        return !hasCustomAttribute(function.attributes)
      }
      if let initializer = node.as(InitializerDeclSyntax.self) {
        return !hasCustomAttribute(initializer.attributes)
      }
      if node.is(DeinitializerDeclSyntax.self) { return true }
      if let accessor = node.as(AccessorDeclSyntax.self), hasCustomAttribute(accessor.attributes) {
        return false
      }
      if let variable = node.as(VariableDeclSyntax.self) {
        return !hasCustomAttribute(variable.attributes)
      }
      if let subscriptDecl = node.as(SubscriptDeclSyntax.self) {
        return !hasCustomAttribute(subscriptDecl.attributes)
      }
      current = node.parent
    }
    return false
  }

  /// Whether `attributes` hold one named by a type (a result builder's, or a global actor's
  /// other than the main actor's): the language's own are lowercase.
  private static func hasCustomAttribute(_ attributes: AttributeListSyntax) -> Bool {
    attributes.contains { element in
      guard case .attribute(let attribute) = element else { return true }
      let name = attribute.attributeName.trimmedDescription
      return name != "MainActor" && name.first?.isUppercase == true
    }
  }

  /// Whether `node` ends with a directive (a nested clause's `#endif`), after which nothing may
  /// stand on its line.
  private static func endsWithADirective(_ node: some SyntaxProtocol) -> Bool {
    guard let token = node.lastToken(viewMode: .sourceAccurate) else { return true }
    return token.tokenKind == .poundEndif || token.text.hasPrefix("#")
  }

  /// Whether the `#if` of `clause` is alone among its statements, in a body that returns a
  /// value: an expression alone in one of its clauses may then be its implicit return. A
  /// function without a return type, an initializer or a deinitializer returns none.
  private static func isAlone(_ clause: IfConfigClauseSyntax) -> Bool {
    guard let item = clause.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self)
    else { return true }
    guard list.count == 1, let body = list.parent?.as(CodeBlockSyntax.self) else {
      return list.count == 1
    }
    if let function = body.parent?.as(FunctionDeclSyntax.self) {
      let returned = function.signature.returnClause?.type.trimmedDescription
      return returned != nil && returned != "Void" && returned != "()"
    }
    return
      !(body.parent?.is(InitializerDeclSyntax.self) == true
      || body.parent?.is(DeinitializerDeclSyntax.self) == true)
  }

  /// Whether `item` is an expression (alone in a clause, it may be an implicit return).
  private static func isExpression(_ item: CodeBlockItemSyntax.Item) -> Bool {
    item.is(ExprSyntax.self) || item.is(ExpressionStmtSyntax.self)
  }
}
