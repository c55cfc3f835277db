import SwiftParser
import SwiftSyntax

/// Test classes extended in other files of the run, their tests declared there
/// (ZIPFoundation: one class, its tests in seventeen other files). Such a class and all its
/// extensions are converted together or not at all: a suite whose tests elsewhere stayed plain
/// methods would never run them.
///
/// Read from every file of the run (after its helpers), before any file is converted.
struct SplitSuites: Sendable {
  /// A class: its name and the file that declares it (two test targets may each declare one of
  /// the same name).
  struct Class: Hashable, Sendable {
    /// The file that declares it.
    var path: String
    /// Its name.
    var name: String
  }

  /// Why the extensions in other files keep a class XCTest, by class: each reason names the
  /// file (`Tests/A+B.swift: it calls waitForExpectations`).
  private(set) var reasons: [Class: [String]] = [:]
  /// The files that extend a class declared in another file, by class. Every such extension
  /// of a converted class is converted: its tests must be the suite's, and its helpers' XCTest
  /// assertions would lose their failures in a Swift Testing test.
  private(set) var extended: [Class: Set<String>] = [:]
  /// The names that the extensions in other files declare, by class: what a copy of the class
  /// without them lacks (see ``ClassFamilies``).
  private(set) var memberNames: [Class: Set<String>] = [:]
  /// The classes whose extensions add teardown blocks: the suite takes `.tearsDown`.
  private(set) var addsTeardownBlocks: Set<Class> = []
  /// The classes converted in the file that declares them: their extensions in the other files
  /// are converted too (set by ``XCTestMigration/migrate(_:options:)`` between its two passes).
  var converted: Set<Class> = []
  /// The classes that each file's extensions extend, by file and name (see
  /// ``XCTestHelpers/owners(ofExtensionOf:in:)``).
  private(set) var owners: [String: [String: Set<Class>]] = [:]

  /// Whether the extensions of `name` in the file `path` extend a class converted in another
  /// file.
  func extendsAConvertedClass(_ name: String, in path: String) -> Bool {
    !owners[path, default: [:]][name, default: []].isDisjoint(with: converted)
  }

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
      let classes = Set(
        helpers.owners(ofExtensionOf: name, in: path).map { Class(path: $0, name: name) })
      owners[path, default: [:]][name, default: []].formUnion(classes)
      let blockers = XCTestBlockers(helpers: helpers, usesAssay: usesAssay)
      blockers.walk(item)
      // Whether the class's setUp stops its tests is not known here: `= false` set again stays.
      blockers.settle(stopsOnFailure: false)
      let addsBlocks = item.tokens(viewMode: .sourceAccurate).contains {
        $0.tokenKind == .identifier("addTeardownBlock")
      }
      let names = XCTestRewriter.declarations(in: item.memberBlock.members).compactMap(
        ClassFamilies.declaredName)
      for owner in classes {
        extended[owner, default: []].insert(path)
        memberNames[owner, default: []].formUnion(names)
        for reason in blockers.reasons {
          let named = "\(path): \(reason)"
          if !reasons[owner, default: []].contains(named) {
            reasons[owner, default: []].append(named)
          }
        }
        if addsBlocks { addsTeardownBlocks.insert(owner) }
      }
    }
  }
}
