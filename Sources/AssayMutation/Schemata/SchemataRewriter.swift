import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Rewrites one source file into its mutant schema: every mutant of the file in the code at
/// once, each behind a call that asks whether its id is the active one.
///
/// Ids are given in a fixed order from `firstID`, whatever `excluded` holds, so a file
/// rewritten again without its unviable mutants keeps the ids of the others.
public struct SchemataRewriter {
  /// The mutants found, with their places in the original file.
  public private(set) var mutants: [Mutant] = []
  /// The file's text with the mutants in it.
  public let text: String
  /// The id after the last one this file used.
  public let nextID: Int
  /// The mutants in `#if` clauses that say, when the build compiles them, that it does
  /// (``IfConfigMarkers``).
  public let inMarkedClauses: Set<Int>

  /// Rewrites `source` (the file at `path`, relative to the package).
  ///
  /// - Parameters:
  ///   - firstID: The id of the file's first mutant.
  ///   - excluded: Mutants to leave out (unviable ones): their places stay as written.
  ///   - operators: The operators to apply.
  ///   - markingClauses: Whether the `#if` clauses that hold mutants say when they are
  ///     compiled (``IfConfigMarkers``).
  public init(
    source: String, path: String, firstID: Int, excluded: Set<Int> = [],
    operators: Set<MutationOperator> = Set(MutationOperator.allCases),
    markingClauses: Bool = true
  ) {
    let parsed = Parser.parse(source: source)
    let folded =
      OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
    let rewriter = Rewriter(
      converter: SourceLocationConverter(fileName: path, tree: folded), path: path,
      firstID: firstID, excluded: excluded, operators: operators,
      disabledLines: Self.disabledLines(in: source), markingClauses: markingClauses)
    let rewritten = rewriter.rewrite(folded)
    inMarkedClauses = rewriter.inMarkedClauses
    // A last line, after every mutant's: whether the build compiled the file at all.
    text =
      rewritten.description
      + (inMarkedClauses.isEmpty ? "" : "\n" + IfConfigMarkers.compiledMarker + "\n")
    mutants = rewriter.mutants
    nextID = rewriter.nextID
  }

  /// Lines after a `// assay:disable-mutation` comment: no mutant starts on them. A comment on
  /// its own line disables the next line; at the end of a line, that line.
  static func disabledLines(in source: String) -> Set<Int> {
    var lines: Set<Int> = []
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    where line.contains("assay:disable-mutation") {
      let isAlone = line.trimmingPrefix(while: { $0 == " " || $0 == "\t" }).hasPrefix("//")
      lines.insert(isAlone ? index + 2 : index + 1)
    }
    return lines
  }
}

private final class Rewriter: SyntaxRewriter {
  let converter: SourceLocationConverter
  let path: String
  let excluded: Set<Int>
  let operators: Set<MutationOperator>
  let disabledLines: Set<Int>
  var nextID: Int
  var mutants: [Mutant] = []
  /// The declared return type of each enclosing function; `nil` for a closure.
  private var returnTypes: [String?] = []
  /// The outermost declaration being rewritten, by the id its first mutant takes.
  private var declaration: Int?
  let markingClauses: Bool
  /// The mutants of each `#if` clause being rewritten, innermost last, with those of the
  /// clauses inside it that could not be marked.
  private var clauses: [[Int]] = []
  /// The mutants listed in a clause's marker.
  private(set) var inMarkedClauses: Set<Int> = []

  init(
    converter: SourceLocationConverter, path: String, firstID: Int, excluded: Set<Int>,
    operators: Set<MutationOperator>, disabledLines: Set<Int>, markingClauses: Bool
  ) {
    self.converter = converter
    self.path = path
    self.excluded = excluded
    self.operators = operators
    self.disabledLines = disabledLines
    self.markingClauses = markingClauses
    self.nextID = firstID
    super.init(viewMode: .sourceAccurate)
  }

  /// Takes the next id for a mutant of `node`; `nil` when the mutant is left out.
  private func mutant(
    _ mutationOperator: MutationOperator, at node: some SyntaxProtocol, replacement: String
  ) -> Int? {
    guard operators.contains(mutationOperator), !isFrozen(node),
      !Self.takesAwayTheLastAnonymousArgument(of: node, replacement: replacement)
    else { return nil }
    let start = node.startLocation(converter: converter)
    guard !disabledLines.contains(start.line) else { return nil }
    let id = nextID
    nextID += 1
    guard !excluded.contains(id) else { return nil }
    let end = node.endLocation(converter: converter)
    mutants.append(
      Mutant(
        id: id, mutationOperator: mutationOperator, file: path,
        start: .init(line: start.line, column: start.column),
        end: .init(line: end.line, column: end.column), declaration: declaration,
        original: node.trimmedDescription, replacement: replacement))
    if !clauses.isEmpty { clauses[clauses.count - 1].append(id) }
    return id
  }

  /// `text` parsed as an expression, with `original`'s surrounding trivia.
  private func expression(_ text: String, replacing original: some SyntaxProtocol) -> ExprSyntax {
    let parsed = Parser.parse(source: text).statements.first?.item.as(ExprSyntax.self)
    return (parsed ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(text))))
      .with(\.leadingTrivia, original.leadingTrivia)
      .with(\.trailingTrivia, original.trailingTrivia)
  }

  /// The text of a call to the switch's `name` with `arguments`, marked with the `try` and
  /// `await` that the code it takes as autoclosures (`passing`, as rewritten) needs, in
  /// parentheses where a mark could not stand otherwise (`a + try f()`); `asyncName` is the
  /// form whose autoclosures may suspend, for code that awaits. (Arguments that are not
  /// autoclosures are evaluated before the call, covered by their own marks.)
  private func call(
    _ name: String, _ arguments: String, passing code: [any SyntaxProtocol],
    asyncName: String? = nil, at original: some SyntaxProtocol
  ) -> String {
    let effects = Effects(of: code)
    let text = "\(effects.awaiting ? asyncName ?? name : name)(\(arguments))"
    if effects.marks.isEmpty { return text }
    if original.parent?.is(CodeBlockItemSyntax.self) == true { return effects.marks + text }
    return "(\(effects.marks)\(text))"
  }

  // MARK: Code that stays as written

  /// Whether putting `replacement` in `node`'s place takes away every use of the highest
  /// anonymous argument (`$0`, `$1`) of the closure around it, which has no parameter list:
  /// the highest one used gives such a closure its number of arguments, and with fewer it no
  /// longer compiles ("contextual type for closure argument list expects 1 argument"),
  /// though the schema, which keeps the original beside the mutant, does. The report's
  /// replacement must give the program that ran, so the mutant is not made.
  static func takesAwayTheLastAnonymousArgument(
    of node: some SyntaxProtocol, replacement: String
  ) -> Bool {
    guard !replacement.contains("$"), let closure = closure(around: Syntax(node)),
      closure.signature == nil
    else { return false }
    let uses = closure.statements.tokens(viewMode: .sourceAccurate).compactMap {
      token -> (index: Int, position: AbsolutePosition)? in
      guard case .dollarIdentifier(let name) = token.tokenKind,
        Self.closure(around: Syntax(token))?.id == closure.id, let index = Int(name.dropFirst())
      else { return nil }
      return (index, token.position)
    }
    guard let highest = uses.map(\.index).max() else { return false }
    let taken = node.position..<node.endPosition
    return !uses.contains { $0.index == highest && !taken.contains($0.position) }
  }

  /// The innermost closure that holds `node`.
  private static func closure(around node: Syntax) -> ClosureExprSyntax? {
    var current = node.parent
    while let parent = current {
      if let closure = parent.as(ClosureExprSyntax.self) { return closure }
      current = parent.parent
    }
    return nil
  }

  /// Whether `node` is in code a mutant must not touch: attributes, macro arguments, `#if`
  /// conditions, patterns, enum raw values, generic arguments, parameters' declarations, and
  /// the messages of checks and logs (mutants no test should notice).
  private func isFrozen(_ node: some SyntaxProtocol) -> Bool {
    var child = Syntax(node)
    var current = node.parent
    while let parent = current {
      if parent.is(AttributeSyntax.self) || parent.is(MacroExpansionExprSyntax.self)
        || parent.is(MacroExpansionDeclSyntax.self) || parent.is(SwitchCaseLabelSyntax.self)
        || parent.is(EnumCaseElementSyntax.self) || parent.is(GenericArgumentClauseSyntax.self)
        || parent.is(MatchingPatternConditionSyntax.self)
        || parent.is(FunctionParameterSyntax.self) || parent.is(ExpressionPatternSyntax.self)
      {
        return true
      }
      if let clause = parent.as(IfConfigClauseSyntax.self), clause.condition?.id == child.id {
        return true
      }
      // `// assay:disable-mutation` before a declaration leaves all of it alone.
      if parent.is(DeclSyntax.self),
        parent.leadingTrivia.contains(where: { piece in
          if case .lineComment(let text) = piece { return text.contains("assay:disable-mutation") }
          return false
        })
      {
        return true
      }
      if let call = parent.as(FunctionCallExprSyntax.self),
        Self.messageCalls.contains(call.calledExpression.trimmedDescription),
        child.id != call.calledExpression.id
      {
        return true
      }
      child = parent
      current = parent.parent
    }
    return false
  }

  static let messageCalls: Set<String> = [
    "print", "debugPrint", "dump", "assert", "assertionFailure", "precondition",
    "preconditionFailure", "fatalError",
  ]

  // MARK: Functions, for returned values

  /// An `#if` clause that does not parse (a newer compiler's syntax, which this compiler
  /// skips) stays as written: no mutant in it.
  ///
  /// A clause that holds mutants says, when the build compiles it, which
  /// (``IfConfigMarkers``); where no marker can stand, its mutants go with the clause around it.
  override func visit(_ node: IfConfigClauseSyntax) -> IfConfigClauseSyntax {
    if node.hasError { return node }
    clauses.append([])
    let rewritten = super.visit(node)
    let ids = clauses.removeLast()
    guard !ids.isEmpty else { return rewritten }
    if markingClauses, let marked = IfConfigMarkers.marking(rewritten, original: node, ids: ids) {
      inMarkedClauses.formUnion(ids)
      return marked
    }
    if !clauses.isEmpty { clauses[clauses.count - 1] += ids }
    return rewritten
  }

  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
    returnTypes.append(node.signature.returnClause?.type.trimmedDescription ?? "")
    defer { returnTypes.removeLast() }
    var (result, probe) = declaring {
      var result = super.visit(node).cast(FunctionDeclSyntax.self)
      // A single expression is the function's implicit return.
      if let body = result.body, body.statements.count == 1,
        case .expr(let value) = body.statements.first!.item,
        !value.is(IfExprSyntax.self), !value.is(SwitchExprSyntax.self),
        let original = node.body?.statements.first,
        let replaced = returnDefault(value, original: original)
      {
        var statements = body.statements
        statements[statements.startIndex] = statements.first!.with(\.item, .expr(replaced))
        result = result.with(\.body, body.with(\.statements, statements))
      }
      return result
    }
    if let probe, let body = result.body {
      result = result.with(\.body, body.with(\.statements, probed(body.statements, probe)))
    }
    return DeclSyntax(result)
  }

  // MARK: Declarations, for the tests that enter them

  /// `rewrite` run as the outermost declaration, when no other holds it, and the id its first
  /// mutant took, when it has mutants: the probe to put first in its bodies.
  private func declaring<T>(_ rewrite: () -> T) -> (T, probe: Int?) {
    guard declaration == nil else { return (rewrite(), nil) }
    let first = nextID
    declaration = first
    defer { declaration = nil }
    let result = rewrite()
    return (result, nextID > first ? first : nil)
  }

  /// `statements` with a first one that records that the tests entered the declaration
  /// `probe`, on the line of the first (lines stay as written); left as they are when one
  /// expression alone may be the implicit return.
  private func probed(_ statements: CodeBlockItemListSyntax, _ probe: Int)
    -> CodeBlockItemListSyntax
  {
    guard let first = statements.first else { return statements }
    // `switch` and `if` alone are expressions too, written as statements; an `#if` alone may
    // hold one expression in a branch.
    if statements.count == 1, Self.mayBeImplicitReturn(first.item) { return statements }
    guard
      let reach = Parser.parse(source: "let _ = __assayReach(\(probe)); ").statements.first
    else { return statements }
    return CodeBlockItemListSyntax(
      [reach.with(\.leadingTrivia, first.leadingTrivia).with(\.trailingTrivia, .space)]
        + [first.with(\.leadingTrivia, [])] + statements.dropFirst())
  }

  /// Whether `item`, alone in a body, may be its implicit return: an expression, or an `#if`
  /// with one expression alone in a branch.
  private static func mayBeImplicitReturn(_ item: CodeBlockItemSyntax.Item) -> Bool {
    // A returned value's choice, `if __assayMutant(id) { return … } else { return … }`, is a
    // statement: its branches return.
    if let choice = item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self),
      choice.body.statements.first?.item.is(ReturnStmtSyntax.self) == true
    {
      return false
    }
    if item.is(ExprSyntax.self) || item.is(ExpressionStmtSyntax.self) { return true }
    guard let conditional = item.as(IfConfigDeclSyntax.self) else { return false }
    return conditional.clauses.contains { clause in
      guard case .statements(let statements) = clause.elements, statements.count == 1,
        let only = statements.first
      else { return false }
      return mayBeImplicitReturn(only.item)
    }
  }

  override func visit(_ node: InitializerDeclSyntax) -> DeclSyntax {
    let (rewritten, probe) = declaring { super.visit(node) }
    return probedBody(of: rewritten, as: InitializerDeclSyntax.self, probe)
  }

  override func visit(_ node: DeinitializerDeclSyntax) -> DeclSyntax {
    let (rewritten, probe) = declaring { super.visit(node) }
    return probedBody(of: rewritten, as: DeinitializerDeclSyntax.self, probe)
  }

  /// `declaration` (an initializer or a deinitializer) with `probe` first in its body.
  private func probedBody<Declaration: DeclSyntaxProtocol & WithOptionalCodeBlockSyntax>(
    of declaration: DeclSyntax, as type: Declaration.Type, _ probe: Int?
  ) -> DeclSyntax {
    guard let probe, var result = declaration.as(type), let body = result.body else {
      return declaration
    }
    result.body = body.with(\.statements, probed(body.statements, probe))
    return DeclSyntax(result)
  }

  override func visit(_ node: VariableDeclSyntax) -> DeclSyntax {
    let (rewritten, probe) = declaring { super.visit(node) }
    guard let probe, var result = rewritten.as(VariableDeclSyntax.self) else { return rewritten }
    result.bindings = PatternBindingListSyntax(
      result.bindings.map { binding in
        guard let block = binding.accessorBlock else { return binding }
        return binding.with(\.accessorBlock, probed(block, probe))
      })
    return DeclSyntax(result)
  }

  override func visit(_ node: SubscriptDeclSyntax) -> DeclSyntax {
    let (rewritten, probe) = declaring { super.visit(node) }
    guard let probe, var result = rewritten.as(SubscriptDeclSyntax.self),
      let block = result.accessorBlock
    else { return rewritten }
    result.accessorBlock = probed(block, probe)
    return DeclSyntax(result)
  }

  /// `block` (a getter's statements, or accessors) with the probe first in each body.
  private func probed(_ block: AccessorBlockSyntax, _ probe: Int) -> AccessorBlockSyntax {
    switch block.accessors {
    case .getter(let statements):
      return block.with(\.accessors, .getter(probed(statements, probe)))
    case .accessors(let accessors):
      return block.with(
        \.accessors,
        .accessors(
          AccessorDeclListSyntax(
            accessors.map { accessor in
              guard let body = accessor.body else { return accessor }
              return accessor.with(\.body, body.with(\.statements, probed(body.statements, probe)))
            })))
    }
  }

  override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
    returnTypes.append(nil)
    defer { returnTypes.removeLast() }
    return super.visit(node)
  }

  override func visit(_ node: AccessorBlockSyntax) -> AccessorBlockSyntax {
    returnTypes.append(nil)
    defer { returnTypes.removeLast() }
    return super.visit(node)
  }

  override func visit(_ node: ReturnStmtSyntax) -> StmtSyntax {
    let rewritten = super.visit(node).cast(ReturnStmtSyntax.self)
    guard let value = rewritten.expression, let original = node.expression,
      let (id, fallback) = defaultReturn(for: original)
    else { return StmtSyntax(rewritten) }
    // Two statements, each type-checked alone: an error in the value is found where it is,
    // never at the default (in one `if` expression, the type checker may place it at either).
    let text =
      "if __assayMutant(\(id)) { return \(fallback) } else { return \(value.trimmedDescription) }"
    let item = Parser.parse(source: text).statements.first?.item
    let choice =
      item?.as(StmtSyntax.self)
      ?? item?.as(ExprSyntax.self).map { StmtSyntax(ExpressionStmtSyntax(expression: $0)) }
    return (choice ?? StmtSyntax(rewritten))
      .with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
  }

  /// `value` behind a mutant that returns the default of the function's declared type: a
  /// function's one expression, its implicit return.
  private func returnDefault(_ value: ExprSyntax, original: some SyntaxProtocol) -> ExprSyntax? {
    guard let (id, fallback) = defaultReturn(for: original) else { return nil }
    // A choice, not a call: the value is evaluated where it was written, never captured by a
    // closure (which cannot consume a noncopyable value: swift-async-algorithms'
    // `return element.take()`), and its own `try` and `await` cover it. An `if` expression,
    // not `?:`, whose branches each take the result type: a call of type `Never`
    // (`fatalError()`) converts to it there, and not as an operand of `?:` (Graphiti).
    return expression(
      "if __assayMutant(\(id)) { \(fallback) } else { \(value.trimmedDescription) }",
      replacing: value)
  }

  /// The mutant that returns the default of the function's declared type instead of
  /// `original`, and that default; `nil` when there is none or `original` is it already.
  private func defaultReturn(for original: some SyntaxProtocol) -> (id: Int, fallback: String)? {
    guard let type = returnTypes.last ?? nil, let fallback = Self.defaultValue(of: type),
      !Self.isAlready(fallback, original.trimmedDescription),
      let id = mutant(.returnDefault, at: original, replacement: fallback)
    else { return nil }
    return (id, fallback)
  }

  /// Whether `code` is the default value `fallback` already, written another way (`.none`
  /// for `nil`, `0.0` for `0`, `[ ]` for `[]`): that mutant would be the same program.
  static func isAlready(_ fallback: String, _ code: String) -> Bool {
    let compact = code.filter { !$0.isWhitespace }
    switch fallback {
    case "nil": return ["nil", ".none", "Optional.none"].contains(compact)
    case "0":
      return compact == "0" || (Double(compact.replacingOccurrences(of: "_", with: "")) == 0)
    default: return compact == fallback
    }
  }

  static func defaultValue(of type: String) -> String? {
    let type = type.replacingOccurrences(of: " ", with: "")
    switch type {
    case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
      "Double", "Float", "CGFloat", "TimeInterval":
      return "0"
    case "Bool": return "false"
    case "String": return "\"\""
    default:
      // A type named inside another (`Array<Node>.Iterator`) is not that type.
      let generic = type.hasSuffix(">")
      if type.hasSuffix("?") || (generic && type.hasPrefix("Optional<")) { return "nil" }
      if type.hasPrefix("["), type.hasSuffix("]") { return type.contains(":") ? "[:]" : "[]" }
      if generic, type.hasPrefix("Array<") || type.hasPrefix("Set<") { return "[]" }
      if generic, type.hasPrefix("Dictionary<") { return "[:]" }
      return nil
    }
  }

  // MARK: Operators

  private static let swaps: [String: (String, MutationOperator)] = [
    "<": ("<=", .relationalBoundary), "<=": ("<", .relationalBoundary),
    ">": (">=", .relationalBoundary), ">=": (">", .relationalBoundary),
    "==": ("!=", .relationalNegation), "!=": ("==", .relationalNegation),
    "+": ("-", .arithmetic), "-": ("+", .arithmetic), "*": ("/", .arithmetic),
    "/": ("*", .arithmetic), "%": ("*", .arithmetic),
    "+=": ("-=", .compoundAssignment), "-=": ("+=", .compoundAssignment),
    "*=": ("/=", .compoundAssignment), "/=": ("*=", .compoundAssignment),
  ]

  override func visit(_ node: InfixOperatorExprSyntax) -> ExprSyntax {
    let rewritten = super.visit(node)
    guard let infix = rewritten.as(InfixOperatorExprSyntax.self),
      let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
    else { return rewritten }
    let lhs = infix.leftOperand.trimmedDescription
    let rhs = infix.rightOperand.trimmedDescription
    let originalLHS = node.leftOperand.trimmedDescription
    let originalRHS = node.rightOperand.trimmedDescription
    if op == "&&" || op == "||" {
      let other = op == "&&" ? "||" : "&&"
      // `&&` binds tighter than `||`: inside another operator's operand, the replacement put
      // at its place would read as another mutant (`a == b || c == d && e == f`), so it is
      // reported in the parentheses that the schema's call gives it.
      var replacement = "\(originalLHS) \(other) \(originalRHS)"
      if node.parent?.is(InfixOperatorExprSyntax.self) == true { replacement = "(\(replacement))" }
      guard let id = mutant(.logical, at: node, replacement: replacement) else { return rewritten }
      let helper = op == "&&" ? "__assayAnd" : "__assayOr"
      let text = call(helper, "\(id), \(lhs), \(rhs)", passing: [infix.rightOperand], at: node)
      return expression(text, replacing: rewritten)
    }
    guard let (mutated, kind) = Self.swaps[op], !Concatenation.cannotSwap(node, op: op),
      let id = mutant(kind, at: node, replacement: "\(originalLHS) \(mutated) \(originalRHS)")
    else { return rewritten }
    // A choice between two expressions as written, `(__assayMutant(id) ? (a - b) : (a + b))`,
    // each type-checked as the user's code is; only the branch taken is evaluated, so the
    // operands are evaluated once. The mutant's branch is the report's replacement itself,
    // with the operands as written: no other mutant is on when this one is, so theirs would
    // be off there, and with them each operator of a long sum would double the text of the
    // next. Not a call taking both operators as functions (`__assayBinary(id, a, b, +, -)`):
    // the type checker then tries every overload of one against every overload of the other,
    // and gave up on statements whose mutants each compile (jpsim/Yams: "unable to type-check
    // this expression in reasonable time" after 4.4 s, in every build), which were then built
    // apart one after another; and compiling the whole package took twice the processor time.
    return expression(
      "(__assayMutant(\(id)) ? (\(originalLHS) \(mutated) \(originalRHS)) : (\(lhs) \(op) \(rhs)))",
      replacing: rewritten)
  }

  override func visit(_ node: PrefixOperatorExprSyntax) -> ExprSyntax {
    let rewritten = super.visit(node)
    guard let prefix = rewritten.as(PrefixOperatorExprSyntax.self) else { return rewritten }
    let operand = prefix.expression.trimmedDescription
    switch prefix.operator.text {
    case "!":
      guard
        let id = mutant(
          .removeNot, at: node, replacement: node.expression.trimmedDescription)
      else { return rewritten }
      return expression("__assayNot(\(id), \(operand))", replacing: rewritten)
    case "-"
    where !node.expression.is(IntegerLiteralExprSyntax.self)
      && !node.expression.is(FloatLiteralExprSyntax.self):
      guard
        let id = mutant(
          .removeUnaryMinus, at: node, replacement: node.expression.trimmedDescription)
      else { return rewritten }
      return expression("__assayNegate(\(id), \(operand))", replacing: rewritten)
    default:
      return rewritten
    }
  }

  override func visit(_ node: TernaryExprSyntax) -> ExprSyntax {
    let rewritten = super.visit(node)
    guard let ternary = rewritten.as(TernaryExprSyntax.self),
      let id = mutant(
        .ternarySwap, at: node,
        replacement: "\(node.condition.trimmedDescription) ? "
          + "\(node.elseExpression.trimmedDescription) : \(node.thenExpression.trimmedDescription)")
    else { return rewritten }
    let condition = expression(
      "__assayFlip(\(id), \(ternary.condition.trimmedDescription))", replacing: ternary.condition)
    return ExprSyntax(ternary.with(\.condition, condition))
  }

  // MARK: Literals

  /// The code of a literal changed when mutant `id` is on: `(__assayMutant(id) ? mutated :
  /// original)`, both literals typed by the place, as written (a call generic over the value's
  /// type costs the type checker far more, for the same program).
  static func choice(_ id: Int, _ original: String, _ mutated: String) -> String {
    "(__assayMutant(\(id)) ? \(mutated) : \(original))"
  }

  override func visit(_ node: IntegerLiteralExprSyntax) -> ExprSyntax {
    guard let value = Self.integer(node.literal.text) else { return ExprSyntax(node) }
    let mutated = value == 0 ? 1 : (value == 1 ? 0 : value + 1)
    guard let id = mutant(.integerLiteral, at: node, replacement: "\(mutated)") else {
      return ExprSyntax(node)
    }
    return expression(Self.choice(id, node.trimmedDescription, "\(mutated)"), replacing: node)
  }

  static func integer(_ text: String) -> Int? {
    let digits = text.replacingOccurrences(of: "_", with: "")
    let value: Int?
    if digits.hasPrefix("0x") {
      value = Int(digits.dropFirst(2), radix: 16)
    } else if digits.hasPrefix("0b") {
      value = Int(digits.dropFirst(2), radix: 2)
    } else if digits.hasPrefix("0o") {
      value = Int(digits.dropFirst(2), radix: 8)
    } else {
      value = Int(digits)
    }
    guard let value, value < Int.max else { return nil }
    return value
  }

  override func visit(_ node: BooleanLiteralExprSyntax) -> ExprSyntax {
    let mutated = node.literal.tokenKind == .keyword(.true) ? "false" : "true"
    guard let id = mutant(.booleanLiteral, at: node, replacement: mutated) else {
      return ExprSyntax(node)
    }
    return expression(Self.choice(id, node.trimmedDescription, mutated), replacing: node)
  }

  /// The characters a string literal's text stands for (`\r\n` is one character).
  static func value(ofLiteral text: String) -> String {
    var value = ""
    var characters = text.makeIterator()
    while let character = characters.next() {
      guard character == "\\", let escaped = characters.next() else {
        value.append(character)
        continue
      }
      switch escaped {
      case "n": value.append("\n")
      case "r": value.append("\r")
      case "t": value.append("\t")
      case "0": value.append("\0")
      case "u":
        var hex = ""
        while let next = characters.next(), next != "}" {
          if next != "{" { hex.append(next) }
        }
        value.unicodeScalars.append(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "?")
      default: value.append(escaped)
      }
    }
    return value
  }

  override func visit(_ node: StringLiteralExprSyntax) -> ExprSyntax {
    // Only plain one-line strings: an interpolation's pieces are code. Not one character:
    // it may be a `Character` ("" cannot), and the schema would then change which overload
    // the code calls (`split(separator: ".")`) even with the mutant off.
    guard node.openingQuote.tokenKind == .stringQuote, node.openingPounds == nil,
      node.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }),
      Self.value(ofLiteral: node.segments.description).count > 1,
      let id = mutant(.stringLiteral, at: node, replacement: "\"\"")
    else { return ExprSyntax(node) }
    return expression(Self.choice(id, node.trimmedDescription, "\"\""), replacing: node)
  }

  // MARK: Conditions

  override func visit(_ node: ConditionElementSyntax) -> ConditionElementSyntax {
    let rewritten = super.visit(node)
    guard case .expression(let condition) = rewritten.condition,
      case .expression(let original) = node.condition
    else { return rewritten }
    // A literal (`while true`) made itself changes nothing, and made the other literal it is
    // the literal's own mutant: only that one, the condition's when the literal's is off.
    let literal = original.as(BooleanLiteralExprSyntax.self).map {
      $0.literal.tokenKind == .keyword(.true)
    }
    if literal != nil, operators.contains(.booleanLiteral) { return rewritten }
    // Both ids are taken even when one is left out, so that the ids after them stay put.
    let toTrue = literal == true ? nil : mutant(.condition, at: original, replacement: "true")
    let toFalse = literal == false ? nil : mutant(.condition, at: original, replacement: "false")
    guard toTrue != nil || toFalse != nil else { return rewritten }
    // 0 is no mutant: the other one of the pair was left out.
    let text = call(
      "__assayCondition", "\(toTrue ?? 0), \(toFalse ?? 0), \(condition.trimmedDescription)",
      passing: [condition], asyncName: "__assayConditionAsync", at: original)
    let replaced = expression(text, replacing: condition)
    return rewritten.with(\.condition, .expression(replaced))
  }

  // MARK: Calls whose result is discarded

  override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
    let rewritten = super.visit(node)
    // One statement alone may be an implicit return: never removed.
    guard node.count > 1 else { return rewritten }
    var items = Array(rewritten)
    for (index, original) in zip(items.indices, node) {
      guard case .expr(let expression) = original.item, Self.isDiscardedCall(expression),
        let id = mutant(.removeCall, at: original.item, replacement: "(removed)"),
        case .expr(let current) = items[index].item
      else { continue }
      let text = "if __assayKeep(\(id)) { \(current.trimmedDescription) }"
      if let statement = Parser.parse(source: text).statements.first {
        items[index] = items[index].with(
          \.item,
          statement.item.with(\.leadingTrivia, current.leadingTrivia)
            .with(\.trailingTrivia, current.trailingTrivia))
      }
    }
    return CodeBlockItemListSyntax(items)
  }

  /// A call used as a statement, except the ones that cannot go (`super.init`, traps, logs).
  static func isDiscardedCall(_ expression: ExprSyntax) -> Bool {
    var inner = expression
    if let tried = inner.as(TryExprSyntax.self) { inner = tried.expression }
    if let awaited = inner.as(AwaitExprSyntax.self) { inner = awaited.expression }
    guard let call = inner.as(FunctionCallExprSyntax.self) else { return false }
    let callee = call.calledExpression.trimmedDescription
    return !messageCalls.contains(callee) && !callee.hasSuffix("init")
      && !callee.hasPrefix("super.")
  }
}
