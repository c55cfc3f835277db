import AssayRunning
import AssayToolSupport
import Foundation
import SwiftParser
import SwiftSyntax

/// Every mutant of a run, in the source files of the mutated targets: the text each file has
/// in the copy, and the ids of the mutants left out because they do not compile.
public struct MutantSchemata {
  /// One mutated file.
  struct File {
    /// The path relative to the package's root.
    let path: String
    /// The folder of its target, relative to the package's root.
    let targetFolder: String
    let original: String
    let firstID: Int
    var excluded: Set<Int> = []
    var rewritten: SchemataRewriter

    var text: String { rewritten.text }
  }

  private(set) var files: [File] = []
  private let operators: Set<MutationOperator>
  /// Whether `#if` clauses that hold mutants say when they are compiled (``IfConfigMarkers``).
  private(set) var markingClauses = true

  /// Each file with marked `#if` clauses, and the mutants in them.
  var markedClauses: [(path: String, marked: Set<Int>)] {
    files.filter { !$0.rewritten.inMarkedClauses.isEmpty }.map {
      ($0.path, $0.rewritten.inMarkedClauses)
    }
  }

  /// Writes the files from now on without markers in their `#if` clauses: a build that treats
  /// warnings as errors fails on them.
  mutating func stopMarkingClauses() {
    markingClauses = false
    for index in files.indices where !files[index].rewritten.inMarkedClauses.isEmpty {
      files[index].rewritten = rewrite(files[index], excluded: files[index].excluded)
    }
  }

  private func rewrite(_ file: File, excluded: Set<Int>) -> SchemataRewriter {
    SchemataRewriter(
      source: file.original, path: file.path, firstID: file.firstID, excluded: excluded,
      operators: operators, markingClauses: markingClauses)
  }

  /// The mutants of every file, in order of their ids.
  public var mutants: [Mutant] { files.flatMap(\.rewritten.mutants) }

  /// The files mutated, relative to the package's root.
  public var paths: [String] { files.map(\.path) }

  /// The highest id given (unviable mutants included).
  public var highestID: Int { (files.last?.rewritten.nextID ?? 1) - 1 }

  /// Finds the mutants of `sources` (paths relative to the package's root, with their
  /// target's folder).
  ///
  /// - Throws: ``RunError`` naming a file that cannot be read or does not parse.
  public init(
    root: String, sources: [(path: String, targetFolder: String)],
    operators: Set<MutationOperator>
  ) throws(RunError) {
    self.operators = operators
    var nextID = 1
    for source in sources {
      guard let original = try? String(contentsOfFile: "\(root)/\(source.path)", encoding: .utf8)
      else { throw RunError("\(source.path): cannot read this file") }
      let tree = Parser.parse(source: original)
      // An `#if` clause that does not parse (a newer compiler's syntax behind
      // `#if compiler(>=6.4)`, which this one skips) is left as written, with no mutant in it.
      if tree.hasError, ErrorsOutsideClauses(tree).found {
        let converter = SourceLocationConverter(fileName: source.path, tree: tree)
        let error = Self.firstError(in: tree)
        let line = error.map { $0.startLocation(converter: converter).line } ?? 1
        throw RunError("\(source.path):\(line): error: this file does not parse; fix it first")
      }
      let rewritten = SchemataRewriter(
        source: original, path: source.path, firstID: nextID, operators: operators)
      files.append(
        File(
          path: source.path, targetFolder: source.targetFolder, original: original,
          firstID: nextID, rewritten: rewritten))
      nextID = rewritten.nextID
    }
  }

  /// Whether a tree has an error outside every `#if` clause that has one.
  private final class ErrorsOutsideClauses: SyntaxVisitor {
    private(set) var found = false

    init(_ tree: SourceFileSyntax) {
      super.init(viewMode: .all)
      walk(tree)
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
      node.hasError ? .skipChildren : .visitChildren
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
      found = true
      return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
      if token.hasError || token.presence == .missing { found = true }
      return .skipChildren
    }
  }

  private static func firstError(in tree: SourceFileSyntax) -> Syntax? {
    tree.tokens(viewMode: .all).first { $0.hasError || $0.presence == .missing }.map(Syntax.init)
  }

  /// Leaves `ids` out: their files are rewritten without them.
  public mutating func exclude(_ ids: Set<Int>) {
    for index in files.indices {
      let mine = ids.filter { $0 >= files[index].firstID && $0 < files[index].rewritten.nextID }
      guard !mine.isEmpty else { continue }
      files[index].excluded.formUnion(mine)
      files[index].rewritten = rewrite(files[index], excluded: files[index].excluded)
    }
  }

  /// Leaves out exactly `ids` (and nothing else): files whose set changes are rewritten.
  public mutating func setExcluded(_ ids: Set<Int>) {
    for index in files.indices {
      let range = files[index].firstID..<files[index].rewritten.nextID
      let mine = ids.filter { range.contains($0) }
      guard mine != files[index].excluded else { continue }
      files[index].excluded = mine
      files[index].rewritten = rewrite(files[index], excluded: mine)
    }
  }

  /// The ids left out so far.
  public var excluded: Set<Int> { files.reduce(into: []) { $0.formUnion($1.excluded) } }

  /// Writes every mutated file, and the switch of each mutated target, into the copy.
  public func write(into workspace: MutationWorkspace) throws(RunError) {
    for folder in Set(files.map(\.targetFolder)) {
      let module = files.filter { $0.targetFolder == folder }.map(\.original)
      let switchText = Data(MutantSwitch.source(highestID: highestID, besides: module).utf8)
      try workspace.write(switchText, to: "\(folder)/\(MutantSwitch.fileName)")
    }
    for file in files {
      try workspace.write(Data(file.text.utf8), to: file.path)
    }
  }

  /// The mutant (or the two of a condition) whose code holds `line` and `column` of the
  /// mutated `path`: the innermost one, where the compiler's error is.
  public func mutants(atLine line: Int, column: Int, of path: String) -> [Int] {
    guard let file = files.first(where: { $0.path == path }) else { return [] }
    let tree = Parser.parse(source: file.text)
    let finder = SwitchFinder(converter: SourceLocationConverter(fileName: path, tree: tree))
    finder.walk(tree)
    let position = (line, column)
    let holding = finder.found.filter { $0.start <= position && position <= $0.end }
    // The innermost starts last (and, among those, ends first).
    if let innermost = holding.max(by: { a, b in
      a.start != b.start ? a.start < b.start : b.end < a.end
    }) {
      // A returned value's choice is type-checked as one expression, and an error in it may
      // land anywhere in it: at the default even when a mutant of the value is to blame
      // (jpsim/Yams: `return if __assayMutant(2) { nil } else { a / b }`, generic). The
      // value's mutants are named with it, for builds to prove which does not compile.
      guard innermost.isReturnChoice else { return innermost.ids }
      let inside = finder.found.filter { innermost.start <= $0.start && $0.end <= innermost.end }
      return Self.once(innermost.ids + inside.flatMap(\.ids))
    }
    // An error at an operator (`base += (__assayMutant(3) ? …)`) names the operand after it: the
    // outermost mutant that starts next on the line.
    let after = finder.found.filter { $0.start.0 == line && $0.start.1 > column }
    if let next = after.min(by: { a, b in a.start != b.start ? a.start < b.start : b.end < a.end })
    {
      return next.ids
    }
    // An error at no mutant, about the flow of a function ("missing return" after a call to a
    // `Never` function was removed): the removed calls of the function around it, else all
    // of its mutants.
    guard let function = Self.enclosingBody(of: position, in: tree, converter: finder.converter)
    else { return [] }
    let inside = finder.found.filter { function.start <= $0.start && $0.end <= function.end }
    let removals = inside.filter(\.isRemoval)
    return Self.once((removals.isEmpty ? inside : removals).flatMap(\.ids))
  }

  /// The span of the innermost function body, accessor or closure around `position`.
  private static func enclosingBody(
    of position: (Int, Int), in tree: SourceFileSyntax, converter: SourceLocationConverter
  ) -> (start: (Int, Int), end: (Int, Int))? {
    // The last token that starts at or before the position, then its ancestors.
    var token: TokenSyntax?
    for candidate in tree.tokens(viewMode: .sourceAccurate) {
      let start = candidate.startLocation(converter: converter)
      guard (start.line, start.column) <= position else { break }
      token = candidate
    }
    var ancestor = token?.parent
    while let current = ancestor {
      if current.is(CodeBlockSyntax.self) || current.is(AccessorBlockSyntax.self)
        || current.is(ClosureExprSyntax.self)
      {
        let from = current.startLocation(converter: converter)
        let to = current.endLocation(converter: converter)
        return ((from.line, from.column), (to.line, to.column))
      }
      ancestor = current.parent
    }
    return nil
  }

  /// Every mutant of the innermost statement around `line` and `column` of the mutated `path`
  /// that holds any: for
  /// an expression the compiler gives up on ("unable to type-check this expression in
  /// reasonable time"), where no single mutant is to blame.
  public func mutants(inStatementAtLine line: Int, column: Int, of path: String) -> [Int] {
    guard let file = files.first(where: { $0.path == path }) else { return [] }
    let tree = Parser.parse(source: file.text)
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    let finder = SwitchFinder(converter: converter)
    finder.walk(tree)
    let position = (line, column)
    // The statements around the position, innermost first: a closure of several statements
    // is type-checked with the expression around it, so when the innermost statement holds
    // no mutant, the one around it is next.
    var statements: [(start: (Int, Int), end: (Int, Int))] = []
    for token in tree.tokens(viewMode: .sourceAccurate) {
      let start = token.startLocation(converter: converter)
      guard (start.line, start.column) <= position else { continue }
      let end = token.endLocation(converter: converter)
      guard position <= (end.line, end.column) else { continue }
      var ancestor = token.parent
      while let current = ancestor {
        if current.is(CodeBlockItemSyntax.self) {
          let from = current.startLocation(converter: converter)
          let to = current.endLocation(converter: converter)
          statements.append(((from.line, from.column), (to.line, to.column)))
        }
        ancestor = current.parent
      }
      break
    }
    for statement in statements {
      let ids = Self.once(
        finder.found.filter { statement.start <= $0.start && $0.end <= statement.end }
          .flatMap(\.ids))
      if !ids.isEmpty { return ids }
    }
    return []
  }

  /// `ids` in order, each once: a choice's own id is also among the mutants in its span.
  private static func once(_ ids: [Int]) -> [Int] {
    var seen: Set<Int> = []
    return ids.filter { seen.insert($0).inserted }
  }

  /// The calls to the switch's functions in a mutated file, with their ids and lines.
  private final class SwitchFinder: SyntaxVisitor {
    let converter: SourceLocationConverter
    var found:
      [(ids: [Int], start: (Int, Int), end: (Int, Int), isRemoval: Bool, isReturnChoice: Bool)] =
        []

    init(converter: SourceLocationConverter) {
      self.converter = converter
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      let name = node.calledExpression.trimmedDescription
      guard name.hasPrefix("__assay") else { return .visitChildren }
      let count = name.hasPrefix("__assayCondition") ? 2 : 1
      let ids = node.arguments.prefix(count).compactMap {
        Int($0.expression.trimmedDescription)
      }
      var span = Syntax(node)
      var isReturnChoice = false
      // A returned value is `if __assayMutant(id) { default } else { value }`: the whole
      // choice is the mutant's.
      if name == "__assayMutant",
        let choice = node.parent?.as(ConditionElementSyntax.self)?.parent?.parent?.as(
          IfExprSyntax.self)
      {
        span = Syntax(choice)
        isReturnChoice = true
      }
      // A swapped operator or a changed literal is `(__assayMutant(id) ? mutated : original)`
      // (unfolded: a sequence whose first element is the call): the whole choice is the
      // mutant's.
      if name == "__assayMutant", let list = node.parent?.as(ExprListSyntax.self),
        list.first?.id == node.id,
        list.dropFirst().first?.is(UnresolvedTernaryExprSyntax.self) == true,
        let choice = list.parent
      {
        span = choice
      }
      // A removed call is `if __assayKeep(id) { call }`: the whole statement is the mutant's.
      if name == "__assayKeep" {
        var ancestor = node.parent
        while let current = ancestor, !current.is(IfExprSyntax.self) { ancestor = current.parent }
        span = ancestor ?? span
      }
      let start = span.startLocation(converter: converter)
      let end = span.endLocation(converter: converter)
      found.append(
        (
          ids, (start.line, start.column), (end.line, end.column), name == "__assayKeep",
          isReturnChoice
        ))
      return .visitChildren
    }
  }
}
