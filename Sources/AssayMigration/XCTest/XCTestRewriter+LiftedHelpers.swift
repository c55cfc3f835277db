import SwiftParser
import SwiftSyntax

/// Helpers declared as methods of `extension XCTestCase` that move out of it (see
/// `XCTestHelpers.lifted`): each becomes a function of the file, with Assay's assertions, so
/// that suites and the classes left as XCTest can both call it.
extension XCTestRewriter {
  /// The methods of `extension XCTestCase` (or `XCTest`) in `tree` that move out.
  static func liftedHelpers(in tree: SourceFileSyntax, helpers: XCTestHelpers) -> [String] {
    guard !helpers.lifted.isEmpty else { return [] }
    let declarations = XCTestMigration.Declarations()
    declarations.walk(tree)
    return declarations.extensions
      .filter { XCTestHelpers.isXCTestClass($0.extendedType.trimmedDescription) }
      .flatMap { functions(in: $0.memberBlock.members).map(\.name.text) + properties(in: $0) }
      .filter(helpers.lifted.contains)
  }

  /// The names of the static properties that `extension` declares, one a declaration.
  private static func properties(in extension: ExtensionDeclSyntax) -> [String] {
    `extension`.memberBlock.members.compactMap {
      $0.decl.as(VariableDeclSyntax.self).flatMap(propertyName)
    }
  }

  /// The name of the one property `variable` declares; `nil` when it declares several.
  private static func propertyName(_ variable: VariableDeclSyntax) -> String? {
    guard variable.bindings.count == 1 else { return nil }
    return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
  }

  /// Whether `tree` calls a lifted helper as `self.name(…)` (or `Self.name(…)`, a static one),
  /// which becomes `name(…)` wherever it is, in a class left as XCTest too (ZIPFoundation's
  /// `self.XCTAssertPOSIXError`).
  static func callsLiftedHelpersThroughSelf(_ tree: SourceFileSyntax, helpers: XCTestHelpers)
    -> Bool
  {
    guard !helpers.lifted.isEmpty else { return false }
    return tree.tokens(viewMode: .sourceAccurate).contains { token in
      guard case .identifier(let name) = token.tokenKind, helpers.lifted.contains(name),
        let period = token.previousToken(viewMode: .sourceAccurate), period.tokenKind == .period
      else { return false }
      let base = period.previousToken(viewMode: .sourceAccurate)?.tokenKind
      return base == .keyword(.self) || base == .keyword(.Self)
    }
  }

  /// `items` with the lifted helpers of each `extension XCTestCase` written after it, as
  /// functions; an extension left with no member goes.
  func liftingHelpers(_ items: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
    var result: [CodeBlockItemSyntax] = []
    for item in items {
      guard let extensionDecl = item.item.as(ExtensionDeclSyntax.self),
        XCTestHelpers.isXCTestClass(extensionDecl.extendedType.trimmedDescription)
      else {
        result.append(item)
        continue
      }
      var kept: [MemberBlockItemSyntax] = []
      var moved: [DeclSyntax] = []
      for member in extensionDecl.memberBlock.members {
        if let function = member.decl.as(FunctionDeclSyntax.self),
          plan.helpers.lifted.contains(function.name.text)
        {
          moved.append(
            Self.naming(plan.helpers.nestedTypes, in: DeclSyntax(Self.withoutStatic(function))))
        } else if let variable = member.decl.as(VariableDeclSyntax.self),
          let name = Self.propertyName(variable), plan.helpers.liftedProperties.contains(name)
        {
          moved.append(
            Self.naming(plan.helpers.nestedTypes, in: DeclSyntax(Self.withoutStatic(variable))))
        } else if kept.isEmpty, !moved.isEmpty {
          // The first member left takes the place of those moved: one line break before it.
          let pieces = member.leadingTrivia.drop {
            if case .newlines = $0 { return true }
            return false
          }
          kept.append(member.with(\.leadingTrivia, .newline + Trivia(pieces: pieces)))
        } else {
          kept.append(member)
        }
      }
      guard !moved.isEmpty else {
        result.append(item)
        continue
      }
      let remaining = kept.contains { !$0.decl.is(MissingDeclSyntax.self) }
      if remaining {
        let block = extensionDecl.memberBlock.with(\.members, MemberBlockItemListSyntax(kept))
        result.append(
          item.with(\.item, .decl(DeclSyntax(extensionDecl.with(\.memberBlock, block)))))
      }
      // Each as it was written, doc comment included, one indentation less.
      let indentation = Self.indentation(of: moved[0])
      for (index, function) in moved.enumerated() {
        let text = function.description.drop { $0.isNewline || $0 == " " || $0 == "\t" }
          .split(separator: "\n", omittingEmptySubsequences: false)
          .map { $0.hasPrefix(indentation) ? $0.dropFirst(indentation.count) : $0 }
          .joined(separator: "\n")
        for statement in Parser.parse(source: text).statements {
          let lead: Trivia = index == 0 && !remaining ? item.leadingTrivia : .newlines(2)
          result.append(statement.with(\.leadingTrivia, lead + statement.leadingTrivia))
        }
      }
    }
    return CodeBlockItemListSyntax(result)
  }

  /// `function` with the types that extensions of `XCTestCase` declare named through the type
  /// they extend (`XCTestCase.OptionalUnwrappingError`, swift-crypto's): out of the extension,
  /// their bare names name nothing.
  static func naming(_ nestedTypes: [String: String], in declaration: DeclSyntax) -> DeclSyntax {
    final class Qualifier: SyntaxRewriter {
      let nestedTypes: [String: String]
      init(_ nestedTypes: [String: String]) {
        self.nestedTypes = nestedTypes
        super.init(viewMode: .sourceAccurate)
      }
      override func visit(_ token: TokenSyntax) -> TokenSyntax {
        guard case .identifier(let name) = token.tokenKind, let owner = nestedTypes[name],
          token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period
        else { return token }
        return token.with(\.tokenKind, .identifier("\(owner).\(name)"))
      }
    }
    guard !nestedTypes.isEmpty else { return declaration }
    return Qualifier(nestedTypes).rewrite(declaration).as(DeclSyntax.self) ?? declaration
  }

  /// `function` without `static`, which a function at file scope cannot take; the modifier's
  /// leading trivia (doc comment, indentation) stays.
  static func withoutStatic(_ function: FunctionDeclSyntax) -> FunctionDeclSyntax {
    let (modifiers, lead) = withoutStatic(function.modifiers, attributes: function.attributes)
    var result = function.with(\.modifiers, modifiers)
    if let lead { result.funcKeyword.leadingTrivia = lead }
    return result
  }

  /// `variable` without `static`, as ``withoutStatic(_:)-(FunctionDeclSyntax)`` for a property.
  static func withoutStatic(_ variable: VariableDeclSyntax) -> VariableDeclSyntax {
    let (modifiers, lead) = withoutStatic(variable.modifiers, attributes: variable.attributes)
    var result = variable.with(\.modifiers, modifiers)
    if let lead { result.bindingSpecifier.leadingTrivia = lead }
    return result
  }

  /// `modifiers` without `static`, its leading trivia given to the next modifier; when it was
  /// the only one, that trivia is returned, for the declaration's keyword (`func`, `var`).
  private static func withoutStatic(
    _ modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax
  ) -> (DeclModifierListSyntax, keywordTrivia: Trivia?) {
    var list = Array(modifiers)
    guard let index = list.firstIndex(where: { $0.name.tokenKind == .keyword(.static) })
    else { return (modifiers, nil) }
    let removed = list.remove(at: index)
    guard index == 0, attributes.isEmpty else { return (DeclModifierListSyntax(list), nil) }
    if list.isEmpty { return (DeclModifierListSyntax(list), removed.leadingTrivia) }
    list[0].leadingTrivia = removed.leadingTrivia
    return (DeclModifierListSyntax(list), nil)
  }

  /// `self.check` (or `Self.check`, a static one) as `check` when `check` is a lifted helper,
  /// now a function, and `node` is what a call calls, or a lifted property, now the file's;
  /// `nil` otherwise.
  func liftedCall(_ node: MemberAccessExprSyntax) -> ExprSyntax? {
    let name = node.declName.baseName.text
    guard plan.helpers.lifted.contains(name),
      ["self", "Self"].contains(node.base?.trimmedDescription),
      plan.helpers.liftedProperties.contains(name)
        || node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
    else { return nil }
    if let module = plan.helpers.module(calling: node.declName) {
      return ExprSyntax(
        MemberAccessExprSyntax(
          base: DeclReferenceExprSyntax(baseName: .identifier(module)),
          declName: node.declName.trimmed
        ).with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia))
    }
    return ExprSyntax(
      DeclReferenceExprSyntax(baseName: node.declName.baseName)
        .with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia))
  }

  /// `check(…)` as `Module.check(…)` when `check` is a helper that moved and a member of the
  /// same name would hide it where it is called (see `XCTestHelpers.module(calling:)`); `nil`
  /// otherwise.
  func hiddenLiftedCall(_ node: DeclReferenceExprSyntax) -> ExprSyntax? {
    guard let call = node.parent?.as(FunctionCallExprSyntax.self),
      call.calledExpression.id == node.id, let module = plan.helpers.module(calling: node)
    else { return nil }
    return ExprSyntax(
      MemberAccessExprSyntax(
        base: DeclReferenceExprSyntax(baseName: .identifier(module)), declName: node.trimmed
      ).with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia))
  }
}
