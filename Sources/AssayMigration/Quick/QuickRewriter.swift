import SwiftParser
import SwiftSyntax

/// Rewrites a file's Quick specs as Assay specs and Nimble's expectations as Assay's
/// assertions; counts what it converted and notes what it left.
final class QuickRewriter: SyntaxRewriter {
  private let converter: SourceLocationConverter
  private(set) var specs = 0
  private(set) var examples = 0
  private(set) var expectations = 0
  private(set) var notes: [MigrationResult.Note] = []
  /// Whether the rewriter is inside a spec it converts (hooks are renamed only there).
  private var inSpec = false

  /// The run's shared examples, by name.
  private let shared: QuickSharedExamples

  init(converter: SourceLocationConverter, shared: QuickSharedExamples = QuickSharedExamples()) {
    self.converter = converter
    self.shared = shared
    super.init(viewMode: .sourceAccurate)
  }

  private func line(of node: some SyntaxProtocol) -> Int {
    node.startLocation(converter: converter).line
  }

  // MARK: Specs

  override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
    let parents = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
    if parents.contains("QuickConfiguration"),
      let properties = shared.configurations[node.name.text]
    {
      inSpec = true
      defer { inSpec = false }
      guard let visited = super.visit(node).as(ClassDeclSyntax.self),
        let converted = Self.sharedExamplesHolder(from: visited, properties: properties)
      else { return DeclSyntax(node) }
      specs += 1
      return converted
    }
    if shared.behaviors.contains(node.name.text) {
      inSpec = true
      defer { inSpec = false }
      guard let visited = super.visit(node).as(ClassDeclSyntax.self),
        let converted = Self.behaviorHolder(from: visited)
      else { return DeclSyntax(node) }
      specs += 1
      return converted
    }
    guard parents.contains("QuickSpec") || parents.contains("AsyncSpec") else {
      return super.visit(node)
    }
    if let blocker = Self.blocker(in: node, shared: shared) {
      notes.append(MigrationResult.Note(line: line(of: node), message: blocker))
      return DeclSyntax(XCTestRewriter.marked(node, with: blocker))
    }
    inSpec = true
    defer { inSpec = false }
    let visited = super.visit(node)
    guard let converted = visited.as(ClassDeclSyntax.self) else { return visited }
    specs += 1
    return DeclSyntax(Self.spec(from: converted))
  }

  /// Why `node` cannot become an Assay spec safely, or `nil`.
  static func blocker(in node: ClassDeclSyntax, shared: QuickSharedExamples) -> String? {
    for member in node.memberBlock.members {
      let decl = member.decl
      if let function = decl.as(FunctionDeclSyntax.self), function.name.text == "spec" {
        continue
      }
      let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers.map(\.name.text) ?? []
      if !modifiers.contains("static") && !modifiers.contains("class")
        && !decl.is(TypeAliasDeclSyntax.self) && !decl.is(StructDeclSyntax.self)
        && !decl.is(EnumDeclSyntax.self) && !decl.is(ClassDeclSyntax.self)
      {
        return "the spec has instance members, which an Assay spec's static spec() cannot "
          + "reach; make them static (or local to spec()) and run again"
      }
    }
    for token in node.tokens(viewMode: .sourceAccurate) {
      guard case .identifier(let name) = token.tokenKind else {
        if token.tokenKind == .keyword(.self),
          token.parent?.parent?.is(MemberAccessExprSyntax.self) == true,
          token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .period
        {
          return "spec() uses `self`, the spec instance; an Assay spec's spec() is static"
        }
        continue
      }
      switch name {
      case "itBehavesLike", "fitBehavesLike", "xitBehavesLike":
        let call = token.parent?.parent?.as(FunctionCallExprSyntax.self)
        if let behavior = Self.behaviorName(in: call), shared.behaviors.contains(behavior),
          call?.trailingClosure != nil
        {
          continue
        }
        guard let examples = QuickSharedExamples.literal(call?.arguments.first?.expression),
          shared.reference(to: examples) != nil, call?.arguments.count == 1
        else {
          return "\(name) names shared examples that no QuickConfiguration of the files "
            + "read declares alone in its configure (by a literal name): pass its file too, or "
            + "write them as SharedExamples and run again"
        }
      case "sharedExamples":
        return "`\(name)` in a spec has no direct form in Assay: declare shared examples in a "
          + "QuickConfiguration (or as SharedExamples) and run again"
      case "Behavior", "QuickConfiguration", "currentSpec":
        return "`\(name)` has no counterpart in Assay specs"
      default: break
      }
    }
    // Hooks and examples that read the example's metadata (`beforeEach { metadata in }`).
    for call in node.tokens(viewMode: .sourceAccurate).compactMap({
      $0.parent?.parent?.as(FunctionCallExprSyntax.self)
    }) {
      let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
      let hooks = ["beforeEach", "afterEach", "justBeforeEach", "it", "fit", "xit"]
      let parameters = call.trailingClosure.map(parameterNames) ?? []
      if (hooks.contains(name) && !parameters.isEmpty)
        || (name == "aroundEach" && parameters.count > 1)
      {
        return "`\(name)` reads the example's metadata, which Assay's hooks do not pass"
      }
    }
    return nil
  }

  /// The names of a closure's parameters: `run` in `{ run in ... }` or `{ (run) in ... }`.
  static func parameterNames(of closure: ClosureExprSyntax) -> [String] {
    switch closure.signature?.parameterClause {
    case .simpleInput(let names): return names.map(\.name.text)
    case .parameterClause(let clause): return clause.parameters.map(\.firstName.text)
    case nil: return []
    }
  }

  /// `run()` as `try await run()`, inside an `aroundEach` hook.
  private final class AwaitingRun: SyntaxRewriter {
    let name: String

    init(name: String) {
      self.name = name
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
      guard node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
        node.arguments.isEmpty, !(node.parent?.is(AwaitExprSyntax.self) ?? false)
      else { return super.visit(node) }
      return node.replacement("try await \(node.trimmedDescription)") ?? ExprSyntax(node)
    }
  }

  /// `final class NameSpec: QuickSpec { override class func spec() ... }` as
  /// `@Suite struct NameSpec: Spec { static func spec() ... }` with its host test.
  static func spec(from node: ClassDeclSyntax) -> DeclSyntax {
    let indentation = XCTestRewriter.indentation(of: node)
    let memberIndentation =
      node.memberBlock.members.first.map { XCTestRewriter.indentation(of: $0) }
      ?? indentation + "  "
    var members: [MemberBlockItemSyntax] = []
    var usesAfterAll = false
    for member in node.memberBlock.members {
      var decl = member.decl
      if decl.description.contains("afterSuite") || decl.description.contains("afterAll") {
        usesAfterAll = true
      }
      if let function = decl.as(FunctionDeclSyntax.self) {
        decl = DeclSyntax(
          function.with(\.modifiers, staticModifiers(function.modifiers)))
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        decl = DeclSyntax(variable.with(\.modifiers, staticModifiers(variable.modifiers)))
      }
      members.append(member.with(\.decl, decl))
    }
    let trait = usesAfterAll ? ".finishesSpec, " : ""
    let host = """
      \(memberIndentation)@Test(\(trait)arguments: examples) func example(_ example: SpecExample) async throws {
      \(memberIndentation)  try await example.run()
      \(memberIndentation)}
      """
    let hostDecl = Parser.parse(source: host).statements.first?.item.as(DeclSyntax.self)
    if let hostDecl {
      members.append(
        MemberBlockItemSyntax(
          decl: hostDecl.with(
            \.leadingTrivia, Trivia(pieces: [.newlines(2), .spaces(memberIndentation.count)]))
        ))
    }
    let parents = node.inheritanceClause?.inheritedTypes.map { inherited -> InheritedTypeSyntax in
      let name = inherited.type.trimmedDescription
      guard name == "QuickSpec" || name == "AsyncSpec" else { return inherited }
      return inherited.with(
        \.type,
        TypeSyntax(IdentifierTypeSyntax(name: .identifier("Spec")))
          .with(\.leadingTrivia, inherited.type.leadingTrivia)
          .with(\.trailingTrivia, inherited.type.trailingTrivia))
    }
    var modifiers = node.modifiers.filter { !["final", "open"].contains($0.name.text) }
    if let first = modifiers.first {
      modifiers = DeclModifierListSyntax(
        [first.with(\.leadingTrivia, [])] + Array(modifiers.dropFirst()))
    }
    let attribute = AttributeListSyntax.Element(
      AttributeSyntax(
        attributeName: IdentifierTypeSyntax(name: .identifier("Suite")),
        trailingTrivia: .space))
    let structDecl = StructDeclSyntax(
      leadingTrivia: node.leadingTrivia,
      attributes: node.attributes.with(\.leadingTrivia, []) + [attribute],
      modifiers: modifiers,
      structKeyword: .keyword(.struct, trailingTrivia: .space),
      name: node.name,
      genericParameterClause: node.genericParameterClause,
      inheritanceClause: node.inheritanceClause?.with(
        \.inheritedTypes, InheritedTypeListSyntax(parents ?? [])),
      genericWhereClause: node.genericWhereClause,
      memberBlock: node.memberBlock.with(\.members, MemberBlockItemListSyntax(members)),
      trailingTrivia: node.trailingTrivia)
    return DeclSyntax(structDecl)
  }

  /// A `QuickConfiguration` that only declares shared examples, as an enum holding them:
  ///
  /// ```swift
  /// enum EdibleConfiguration: Spec {
  ///   static func spec() {}
  ///
  ///   static let somethingEdible = SharedExamples<[String: Any]>("something edible") {
  ///     sharedExampleContext in
  ///     it("makes dolphins happy") { ... }
  ///   }
  /// }
  /// ```
  ///
  /// It conforms to `Spec` for the DSL (`it`, `describe`) its examples use; with no examples of
  /// its own and no test to run them, it runs nothing by itself.
  static func sharedExamplesHolder(
    from node: ClassDeclSyntax, properties: [(name: String, property: String)]
  ) -> DeclSyntax? {
    guard let calls = QuickSharedExamples.sharedExamples(of: node), calls.count == properties.count
    else { return nil }
    let indentation = XCTestRewriter.indentation(of: node)
    let inner = indentation + "  "
    var members = ["\(inner)static func spec() {}"]
    for ((_, call), (_, property)) in zip(calls, properties) {
      guard let closure = call.trailingClosure else { return nil }
      let parameter = parameterNames(of: closure).first ?? "_"
      let statements = Self.statements(closure.statements, indentedBy: inner + "  ")
      // The name as the file wrote it: a literal, checked by `sharedExamples(of:)`.
      let literal = call.arguments.first?.expression.trimmedDescription ?? "\"\""
      let comment = "\(inner)/// Quick's shared examples \(literal).\n"
      let head = "\(inner)static let \(property) = SharedExamples<[String: Any]>(\(literal)) {"
      let body = "\n\(inner)  \(parameter) in\n\(inner)  \(statements)\n\(inner)}"
      members.append(comment + head + body)
    }
    let modifiers = node.modifiers.filter { !["final", "open"].contains($0.name.text) }
      .map { $0.trimmedDescription + " " }.joined()
    let text =
      "\(modifiers)enum \(node.name.text): Spec {\n" + members.joined(separator: "\n\n")
      + "\n\(indentation)}"
    guard let declaration = Parser.parse(source: text).statements.first?.item.as(DeclSyntax.self)
    else { return nil }
    return declaration.with(\.leadingTrivia, node.leadingTrivia)
      .with(\.trailingTrivia, node.trailingTrivia)
  }

  /// `statements` as text, moved to `indentation` wherever they stood (the body of a
  /// `static let` that holds shared examples).
  static func statements(_ statements: CodeBlockItemListSyntax, indentedBy indentation: String)
    -> String
  {
    let current =
      statements.first.map { XCTestRewriter.indentation(of: $0) } ?? indentation
    return statements.trimmedDescription
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        line.hasPrefix(current) ? indentation + line.dropFirst(current.count) : String(line)
      }
      .joined(separator: "\n")
  }

  /// `Edible` in `itBehavesLike(Edible.self)`, or `nil`.
  static func behaviorName(in call: FunctionCallExprSyntax?) -> String? {
    guard let call, call.arguments.count == 1,
      let member = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.tokenKind == .keyword(.self),
      let base = member.base?.as(DeclReferenceExprSyntax.self)
    else { return nil }
    return base.baseName.text
  }

  /// A `Behavior<Context>` as an enum holding its examples, typed:
  ///
  /// ```swift
  /// enum EdibleBehavior: Spec {
  ///   static func spec() {}
  ///
  ///   static let behavior = SharedExamples<Edible>("EdibleBehavior") {
  ///     context in
  ///     it("makes dolphins happy") { ... }
  ///   }
  /// }
  /// ```
  static func behaviorHolder(from node: ClassDeclSyntax) -> DeclSyntax? {
    guard let (context, parameter, spec, others) = QuickSharedExamples.behavior(of: node),
      let body = spec.body
    else { return nil }
    // The class's other members, static in the enum, where they stood.
    let members = others.map { member -> String in
      var decl = member.decl
      if let function = decl.as(FunctionDeclSyntax.self) {
        decl = DeclSyntax(function.with(\.modifiers, staticModifiers(function.modifiers)))
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        decl = DeclSyntax(variable.with(\.modifiers, staticModifiers(variable.modifiers)))
      }
      var text = String(decl.description.drop { $0.isNewline })
      while text.last?.isWhitespace == true { text.removeLast() }
      return "\n\n" + text
    }.joined()
    let indentation = XCTestRewriter.indentation(of: node)
    let inner = indentation + "  "
    let statements = Self.statements(body.statements, indentedBy: inner + "  ")
    let name = node.name.text
    let modifiers = node.modifiers.filter { !["final", "open"].contains($0.name.text) }
      .map { $0.trimmedDescription + " " }.joined()
    let text = """
      \(modifiers)enum \(name): Spec {
      \(inner)static func spec() {}

      \(inner)/// Quick's behaviour `\(name)`, as shared examples.
      \(inner)static let behavior = SharedExamples<\(context)>("\(name)") {
      \(inner)  \(parameter) in
      \(inner)  \(statements)
      \(inner)}\(members)
      \(indentation)}
      """
    guard let declaration = Parser.parse(source: text).statements.first?.item.as(DeclSyntax.self)
    else { return nil }
    return declaration.with(\.leadingTrivia, node.leadingTrivia)
      .with(\.trailingTrivia, node.trailingTrivia)
  }

  /// `override class func` → `static func`; `class var` → `static var`; `override func spec()`
  /// → `static func spec()`.
  private static func staticModifiers(_ modifiers: DeclModifierListSyntax)
    -> DeclModifierListSyntax
  {
    let leading = modifiers.first?.leadingTrivia ?? []
    var kept = modifiers.filter {
      !["override", "class", "final", "static"].contains($0.name.text)
    }
    .map { $0.with(\.leadingTrivia, []) }
    kept.append(DeclModifierSyntax(name: .keyword(.static, trailingTrivia: .space)))
    kept[0] = kept[0].with(\.leadingTrivia, leading)
    return DeclModifierListSyntax(kept)
  }

  // MARK: The DSL and expectations

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    if let conversion = NimbleExpectation.convert(node) {
      return apply(conversion, to: ExprSyntax(node))
    }
    let visited = super.visit(node)
    guard inSpec, let call = visited.as(FunctionCallExprSyntax.self),
      let reference = call.calledExpression.as(DeclReferenceExprSyntax.self)
    else { return visited }
    let name = reference.baseName.text
    if ["it", "fit", "xit"].contains(name) { examples += 1 }
    let behavesLike = ["itBehavesLike", "fitBehavesLike", "xitBehavesLike"].contains(name)
    if behavesLike, let behavior = Self.behaviorName(in: call),
      shared.behaviors.contains(behavior), let context = call.trailingClosure
    {
      return call.replacement(
        "\(name)(\(behavior).behavior) \(context.trimmedDescription)") ?? visited
    }
    if behavesLike,
      let examples = QuickSharedExamples.literal(call.arguments.first?.expression),
      let reference = shared.reference(to: examples)
    {
      // Assay's shared examples are a value; their context stays Quick's dictionary.
      let context = call.trailingClosure.map { " " + $0.trimmedDescription } ?? " { [:] }"
      return call.replacement("\(name)(\(reference))" + context) ?? visited
    }
    if name == "aroundEach", let closure = call.trailingClosure,
      let run = Self.parameterNames(of: closure).first
    {
      // Quick's `runExample()` is synchronous; Assay's `run` is awaited.
      return ExprSyntax(
        call.with(
          \.trailingClosure, AwaitingRun(name: run).rewrite(closure).as(ClosureExprSyntax.self)))
    }
    let renamed =
      ["beforeSuite": "beforeAll", "afterSuite": "afterAll"][name]
      ?? (name == "pending" && call.trailingClosure != nil ? "xit" : nil)
    if name == "pending" { examples += 1 }
    guard let renamed else { return visited }
    return ExprSyntax(
      call.with(
        \.calledExpression,
        ExprSyntax(
          reference.with(
            \.baseName,
            .identifier(
              renamed, leadingTrivia: reference.baseName.leadingTrivia,
              trailingTrivia: reference.baseName.trailingTrivia)))))
  }

  /// `await expect(x).to(...)` (Nimble's asynchronous expectations, in an `AsyncSpec`): Assay's
  /// assertion of a value that does not await needs no `await` (and `eventually` brings its own).
  override func visit(_ node: AwaitExprSyntax) -> ExprSyntax {
    guard let call = node.expression.as(FunctionCallExprSyntax.self),
      case .assertion(let code) = NimbleExpectation.convert(call)
    else { return super.visit(node) }
    return apply(.assertion(code), to: ExprSyntax(call)).with(\.leadingTrivia, node.leadingTrivia)
  }

  override func visit(_ node: SequenceExprSyntax) -> ExprSyntax {
    guard let conversion = NimbleExpectation.convert(node) else { return super.visit(node) }
    return apply(conversion, to: ExprSyntax(node))
  }

  private func apply(_ conversion: NimbleExpectation.Conversion, to node: ExprSyntax)
    -> ExprSyntax
  {
    switch conversion {
    case .left(let why):
      notes.append(
        MigrationResult.Note(line: line(of: node), message: "left as Nimble's: \(why)"))
      return node
    case .assertion(let code):
      expectations += 1
      return node.replacement(code) ?? node
    }
  }
}
