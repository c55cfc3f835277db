import SwiftParser
import SwiftSyntax

/// Test classes extended in other files of the run, their tests declared there
/// (ZIPFoundation: one class, its tests in seventeen other files). Such a class and all its
/// extensions are converted together or not at all: a suite whose tests elsewhere stayed plain
/// methods would never run them.
///
/// Read from every file of the run (after its helpers), before any file is converted.
struct SplitSuites: Sendable {
  /// Why the extensions in other files keep a class XCTest, by class: each reason names the
  /// file (`Tests/A+B.swift: it calls waitForExpectations`).
  private(set) var reasons: [String: [String]] = [:]
  /// The files that extend a type declared in another file, by type. Every such extension
  /// of a converted class is converted: its tests must be the suite's, and its helpers' XCTest
  /// assertions would lose their failures in a Swift Testing test.
  private(set) var extended: [String: Set<String>] = [:]
  /// The classes whose extensions add teardown blocks: the suite takes `.tearsDown`.
  private(set) var addsTeardownBlocks: Set<String> = []
  /// The classes converted in the file that declares them: their extensions in the other files
  /// are converted too (set by ``XCTestMigration/migrate(_:options:)`` between its two passes).
  var converted: Set<String> = []

  /// None.
  init() {}

  /// Reads the extensions in `tree` (a file of the run, which `path` names) of types declared
  /// elsewhere, with the run's `helpers`; `usesAssay` as the migration's.
  mutating func read(
    _ tree: SourceFileSyntax, path: String, helpers: XCTestHelpers, usesAssay: Bool
  ) {
    let declarations = XCTestMigration.Declarations()
    declarations.walk(tree)
    let declared = Set(declarations.classes.map(\.name.text))
    for item in declarations.extensions {
      let name = item.extendedType.trimmedDescription
      guard !declared.contains(name) else { continue }
      extended[name, default: []].insert(path)
      let blockers = XCTestBlockers(helpers: helpers, usesAssay: usesAssay)
      blockers.walk(item)
      for reason in blockers.reasons {
        let named = "\(path): \(reason)"
        if !reasons[name, default: []].contains(named) { reasons[name, default: []].append(named) }
      }
      let addsBlocks = item.tokens(viewMode: .sourceAccurate).contains {
        $0.tokenKind == .identifier("addTeardownBlock")
      }
      if addsBlocks { addsTeardownBlocks.insert(name) }
    }
  }
}
