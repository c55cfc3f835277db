import SwiftSyntax

/// The imports after a migration: `import Testing` beside (or instead of) `import XCTest`, and
/// `import Assay` when the converted code uses it.
enum Imports {
  static func adjust(_ file: SourceFileSyntax, plan: XCTestMigration.Plan, needsAssay: Bool)
    -> String
  {
    guard !plan.converted.isEmpty || needsAssay else { return file.description }
    let imports = file.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
    let names = Set(imports.map { $0.path.trimmedDescription })
    // XCTest stays while anything of it is left: a class, or an XCT name outside the suites.
    let keepsXCTest = !plan.left.isEmpty || usesXCTest(file)
    var text = ""
    for item in file.statements {
      guard let declaration = item.item.as(ImportDeclSyntax.self),
        declaration.path.trimmedDescription == "XCTest", declaration.attributes.isEmpty
      else {
        text += item.description
        continue
      }
      let leading = item.leadingTrivia.description
      let trailing = item.trailingTrivia.description
      var lines: [String] = []
      if needsAssay && !names.contains("Assay") { lines.append("import Assay") }
      if !names.contains("Testing"), !plan.converted.isEmpty { lines.append("import Testing") }
      if keepsXCTest {
        lines.append("import XCTest")
      } else if !names.contains("Foundation") {
        // XCTest brought Foundation along; code of the file may use it (Data, URL, Date).
        lines.append("import Foundation")
      }
      lines.sort()
      text += leading + lines.joined(separator: "\n") + trailing
    }
    return text + file.endOfFileToken.description
  }

  /// Whether the file still names XCTest's API outside `import XCTest`.
  private static func usesXCTest(_ file: SourceFileSyntax) -> Bool {
    file.tokens(viewMode: .sourceAccurate).contains { token in
      guard case .identifier(let name) = token.tokenKind else { return false }
      return name.hasPrefix("XCT") && name != "XCTest"
    }
  }
}
