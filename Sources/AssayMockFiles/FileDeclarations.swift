import SwiftSyntax

/// The declarations `assay mock` reads in a file, found in one walk: protocols (also inside
/// types and extensions), type aliases outside protocols, and extensions.
final class FileDeclarations: SyntaxVisitor {
  /// What the walk found, to hand from the thread that walked to the one that writes mocks.
  struct Found: Sendable {
    let protocols: [ProtocolDeclSyntax]
    let typeAliases: [TypeAliasDeclSyntax]
    /// The file's imports, each with its module, as the mocks' file writes them (unless the
    /// module is imported with `@testable`).
    let imports: [(module: String, line: String)]
    /// The file's top-level `#if` blocks that hold imports, each with its imports only, as the
    /// mocks' file writes them, and the modules they import.
    let importBlocks: [(block: IfConfigDeclSyntax, text: String, modules: Set<String>)]

    init(_ tree: SourceFileSyntax) {
      let walk = FileDeclarations(tree)
      protocols = walk.protocols
      typeAliases = walk.typeAliases
      // Written here, on the thread that parsed the file, as if no module were imported
      // with `@testable`; the few that are are left out later.
      var imports: [(module: String, line: String)] = []
      var importBlocks: [(block: IfConfigDeclSyntax, text: String, modules: Set<String>)] = []
      for item in tree.statements {
        if let declaration = item.item.as(ImportDeclSyntax.self) {
          if let line = MockFile.importLine(declaration, testableImports: []) {
            imports.append((declaration.path.trimmedText, line))
          }
        } else if let block = item.item.as(IfConfigDeclSyntax.self),
          let text = MockFile.importsOnly(of: block, testableImports: [])
        {
          importBlocks.append((block, text, MockFile.importedModules(in: block)))
        }
      }
      self.imports = imports
      self.importBlocks = importBlocks
    }
  }

  private(set) var protocols: [ProtocolDeclSyntax] = []
  private(set) var typeAliases: [TypeAliasDeclSyntax] = []
  private(set) var extensions: [ExtensionDeclSyntax] = []

  convenience init(_ tree: SourceFileSyntax) {
    self.init(viewMode: .sourceAccurate)
    walk(tree)
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    protocols.append(node)
    return .skipChildren  // Its body's type aliases are the generator's to read.
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    typeAliases.append(node)
    return .skipChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    extensions.append(node)
    return .visitChildren  // An extension may declare a nested protocol.
  }

  // Members, bodies and values declare nothing the walk collects (protocols cannot be declared
  // in functions, and type aliases in them are local): skipping them is most of the walk.
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
