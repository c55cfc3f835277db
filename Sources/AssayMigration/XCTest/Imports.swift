import SwiftParser
import SwiftSyntax

/// The imports after a migration: `import Testing` beside (or instead of) `import XCTest`,
/// `import Assay` when the converted code uses it, and `import Foundation` where XCTest brought
/// it along. Imports inside `#if` blocks are adjusted where they stand.
enum Imports {
  static func adjust(_ file: SourceFileSyntax, plan: XCTestMigration.Plan, needsAssay: Bool)
    -> String
  {
    guard plan.convertsAnything || needsAssay else { return file.description }
    let names = Set(
      file.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
        guard token.tokenKind == .keyword(.import),
          let declaration = token.parent?.as(ImportDeclSyntax.self)
        else { return nil }
        return declaration.path.trimmedDescription
      })
    var lines: [String] = []
    if needsAssay && !names.contains("Assay") { lines.append("import Assay") }
    if !names.contains("Testing"), plan.convertsAnything { lines.append("import Testing") }
    // XCTest stays while anything of it is left: a class, or an XCT name outside the suites.
    if !plan.left.isEmpty || usesXCTest(file) {
      lines.append("import XCTest")
    } else if !importsFoundationEverywhere(file) {
      // XCTest brought Foundation along; code of the file may use it (Data, URL, Date), or name
      // it (`Foundation.Date` where `FoundationEssentials` is imported where it can be).
      lines.append("import Foundation")
    }
    lines.sort()
    return Replacer(lines: lines).rewrite(file).description
  }

  /// Puts `lines` in the place of each `import XCTest`, at its access level.
  private final class Replacer: SyntaxRewriter {
    let lines: [String]
    static let accessLevels: Set<String> = [
      "public", "package", "internal", "fileprivate", "private",
    ]

    init(lines: [String]) {
      self.lines = lines
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
      let visited = super.visit(node)
      // Where the block imports Foundation itself (beside `import XCTest`), once is enough.
      let importsFoundation = visited.contains {
        $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription == "Foundation"
      }
      let lines = importsFoundation ? self.lines.filter { $0 != "import Foundation" } : self.lines
      var items: [CodeBlockItemSyntax] = []
      for item in visited {
        guard let declaration = item.item.as(ImportDeclSyntax.self),
          declaration.path.trimmedDescription == "XCTest", declaration.attributes.isEmpty
        else {
          items.append(item)
          continue
        }
        // `package import XCTest` (a module built with `InternalImportsByDefault`): what
        // replaces it is imported at its level, which helpers declared `package` need.
        let level = declaration.modifiers.first { Self.accessLevels.contains($0.name.text) }
        let levelled = lines.map { line in level.map { "\($0.name.text) \(line)" } ?? line }
        let indentation = XCTestRewriter.indentation(of: item)
        let text = levelled.joined(separator: "\n" + indentation)
        let parsed = Parser.parse(source: text).statements
        for (index, replacement) in parsed.enumerated() {
          var new = replacement
          if index == 0 { new = new.with(\.leadingTrivia, item.leadingTrivia) }
          if index == parsed.count - 1 { new = new.with(\.trailingTrivia, item.trailingTrivia) }
          items.append(new)
        }
      }
      return CodeBlockItemListSyntax(items)
    }
  }

  /// Whether the file imports Foundation outside any `#if` (XCTest imported it so).
  private static func importsFoundationEverywhere(_ file: SourceFileSyntax) -> Bool {
    file.statements.contains {
      $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription == "Foundation"
    }
  }

  /// Whether the file still names XCTest's API outside `import XCTest`.
  private static func usesXCTest(_ file: SourceFileSyntax) -> Bool {
    file.tokens(viewMode: .sourceAccurate).contains { token in
      guard case .identifier(let name) = token.tokenKind else { return false }
      return name.hasPrefix("XCT") && name != "XCTest"
    }
  }
}
