import AssayToolSupport
import SwiftParser
import SwiftSyntax

/// Converts one file's Quick specs to Assay specs, and Nimble's expectations to Assay's
/// assertions.
///
/// A `QuickSpec` (or `AsyncSpec`) subclass becomes a `@Suite struct` conforming to `Spec`, its
/// `spec()` a `static func spec()`, and it gains the test that runs its examples under
/// `swift test` (Quick's are not run there on Linux). `describe`, `context`, `it`, the hooks,
/// focus (`fit`, ...) and pending (`xit`, ...) read the same in Assay; `beforeSuite` and
/// `afterSuite` become `beforeAll` and `afterAll`, `pending(...) { }` becomes `xit`.
///
/// Shared examples by name and behaviours become Assay's `SharedExamples` values. A spec with
/// what Assay has no safe form for (shared examples no configuration of the run declares,
/// hooks that read the example's metadata, instance members) stays as it is, marked with one
/// `// assay-migrate:` comment. An expectation Assay has no assertion for stays Nimble's, and
/// the file keeps `import Nimble`; both are listed in the notes.
public enum QuickMigration {
  /// Converts `source`; `path` names it in errors.
  ///
  /// - Throws: ``RunError`` when the file does not parse.
  ///
  /// - Parameters:
  ///   - source: The file's text.
  ///   - path: The file's path, as notes and errors name it.
  ///   - shared: The shared examples that the run's `QuickConfiguration`s declare, by name.
  public static func migrate(
    _ source: String, path: String, shared: QuickSharedExamples = QuickSharedExamples()
  ) throws(RunError) -> MigrationResult {
    let tree = Parser.parse(source: source)
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    if tree.hasError {
      let line =
        tree.tokens(viewMode: .all).first { $0.hasError || $0.presence == .missing }
        .map { $0.startLocation(converter: converter).line } ?? 1
      throw RunError("\(path):\(line): error: this file does not parse; it was left as it is")
    }
    let rewriter = QuickRewriter(converter: converter, shared: shared)
    let rewritten = rewriter.rewrite(tree).as(SourceFileSyntax.self) ?? tree
    let converted = rewriter.specs > 0 || rewriter.expectations > 0
    guard converted || !rewriter.notes.isEmpty else { return MigrationResult(text: source) }
    var result = MigrationResult(
      text: converted ? QuickImports.adjust(rewritten) : rewritten.description)
    result.suites = rewriter.specs
    result.tests = rewriter.examples
    result.assertions = rewriter.expectations
    result.notes = rewriter.notes
    return result
  }
}

/// The imports after a Quick migration: `Assay` and `Testing` in, `Quick` out once no spec of
/// the file is left, and `Nimble` out once nothing of it is left.
enum QuickImports {
  static func adjust(_ file: SourceFileSyntax) -> String {
    let identifiers = Set(
      file.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
        guard case .identifier(let name) = token.tokenKind,
          token.ancestorOrSelf(mapping: { $0.as(ImportDeclSyntax.self) }) == nil
        else { return nil }
        return name
      })
    let keepsQuick =
      identifiers.contains("QuickSpec") || identifiers.contains("AsyncSpec")
      || identifiers.contains("QuickConfiguration") || identifiers.contains("Behavior")
    let nimble: Set<String> = [
      "expect", "waitUntil", "Nimble", "Predicate", "Matcher", "AsyncMatcher", "require",
    ]
    let keepsNimble = !identifiers.isDisjoint(with: nimble)
    return ImportEditor(keepsQuick: keepsQuick, keepsNimble: keepsNimble).rewrite(file)
      .description
  }

  private final class ImportEditor: SyntaxRewriter {
    let keepsQuick: Bool
    let keepsNimble: Bool
    private var added = false

    init(keepsQuick: Bool, keepsNimble: Bool) {
      self.keepsQuick = keepsQuick
      self.keepsNimble = keepsNimble
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: SourceFileSyntax) -> SourceFileSyntax {
      let names = Set(
        node.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription })
      var items: [CodeBlockItemSyntax] = []
      for item in node.statements {
        guard let declaration = item.item.as(ImportDeclSyntax.self) else {
          items.append(item)
          continue
        }
        let module = declaration.path.trimmedDescription
        let removed = (module == "Quick" && !keepsQuick) || (module == "Nimble" && !keepsNimble)
        if (module == "Quick" || module == "Nimble") && !added {
          // The new imports take the place of the first of Quick's and Nimble's.
          added = true
          let lines = ["Assay", "Testing"].filter { !names.contains($0) }.map { "import \($0)" }
          for (index, line) in lines.enumerated() {
            var new = Parser.parse(source: line).statements.first!
            new = new.with(
              \.leadingTrivia, index == 0 ? item.leadingTrivia : .newline)
            items.append(new)
          }
          if removed { continue }
          items.append(lines.isEmpty ? item : item.with(\.leadingTrivia, .newline))
          continue
        }
        if !removed { items.append(item) }
      }
      return node.with(\.statements, CodeBlockItemListSyntax(items))
    }
  }
}
