import SwiftSyntax

/// Helper base classes and the test classes that inherit from them (swift-openapi-runtime's
/// `Test_Runtime: XCTestCase`, with fixtures and a setUp, and its thirty-odd `final class
/// Test_X: Test_Runtime`). Swift Testing has no inheritance of suites, but a suite may be a
/// class with a superclass: the base becomes a plain class (its setUp its `init`, its tearDown
/// its `deinit`), each subclass a suite that inherits it. Such a family is converted whole or
/// not at all: a subclass left as XCTest needs a base that is still an `XCTestCase`.
///
/// Read from every file of the run (after its helpers), before any file is converted; a
/// family whose base or a subclass stays XCTest in its file after all (a clash of names, a
/// suite the build put back) is left whole by ``XCTestMigration/migrate(_:options:)``.
struct ClassFamilies: Sendable {
  typealias Class = SplitSuites.Class

  /// What one class of the run holds, as a family needs to know it.
  struct Member: Sendable {
    var path: String
    var name: String
    var line: Int
    var parent: String
    var hasTests: Bool
    /// Why it cannot be part of a converted family, first found first.
    var reasons: [String]
    /// The members it overrides, but its setUp and tearDown.
    var overrides: [String]
    /// Whether it has a setUp or a tearDown of its own (an instance method).
    var hasHooks: Bool
    /// The names of its members.
    var memberNames: Set<String>
    /// Whether its setUp sets `continueAfterFailure = false` (see ``StopOnFailure``).
    var stopsOnFailure = false
    /// Its settings of `continueAfterFailure` elsewhere, which hold only when its tests stop
    /// on failure (see ``XCTestBlockers/settle(stopsOnFailure:)``).
    var settingRoles: Set<StopOnFailure.Role> = []
  }

  /// The classes of the run, by name (a name declared twice is no family's).
  private var classes: [String: [Member]] = [:]
  /// The families that convert: each base, with its subclasses.
  private(set) var converting: [Class: [Class]] = [:]
  /// Why a base with subclasses stays XCTest with them, by base.
  private(set) var refused: [Class: String] = [:]

  /// None.
  init() {}

  /// Whether `name`, declared in `path`, is the base of a family that converts.
  func convertsBase(_ name: String, in path: String) -> Bool {
    converting[Class(path: path, name: name)] != nil
  }

  /// The base of the family that `name` (declared in `path`) belongs to as a subclass, when
  /// that family converts.
  func convertingBase(ofSubclass name: String, in path: String) -> Class? {
    let member = Class(path: path, name: name)
    return converting.first { $0.value.contains(member) }?.key
  }

  /// Whether the setUp of `base` sets `continueAfterFailure = false`.
  func stopsOnFailure(_ base: Class) -> Bool {
    classes[base.name]?.first { $0.path == base.path }?.stopsOnFailure ?? false
  }

  /// The subclasses of a base whose family converts.
  func subclasses(of base: Class) -> [Class] { converting[base] ?? [] }

  /// The line that declares `member`.
  func line(of member: Class) -> Int? {
    classes[member.name]?.first { $0.path == member.path }?.line
  }

  /// Why the family of the base `name` (declared in `path`) stays XCTest, when it does.
  func whyRefused(base name: String, in path: String) -> String? {
    refused[Class(path: path, name: name)]
  }

  /// Reads the classes of `tree` (a file of the run, which `path` names).
  mutating func read(
    _ tree: SourceFileSyntax, path: String, helpers: XCTestHelpers, usesAssay: Bool
  ) {
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    let declarations = XCTestMigration.Declarations()
    declarations.walk(tree)
    for node in declarations.classes {
      let name = node.name.text
      let ownExtensions = declarations.extensions.filter {
        $0.extendedType.trimmedDescription == name
      }
      let tests =
        XCTestRewriter.testMethods(in: node.memberBlock)
        + ownExtensions.flatMap { XCTestRewriter.testMethods(in: $0.memberBlock) }
      var member = Member(
        path: path, name: name, line: node.startLocation(converter: converter).line,
        parent: node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription ?? "",
        hasTests: !tests.isEmpty || !helpers.testsInExtensions(of: name, declaredIn: path).isEmpty,
        reasons: [], overrides: [], hasHooks: false, memberNames: [])
      member.reasons = Self.reasons(
        node, extensions: ownExtensions, helpers: helpers, usesAssay: usesAssay,
        settingRoles: &member.settingRoles)
      for declaration in XCTestRewriter.declarations(in: node.memberBlock.members) {
        let function = declaration.as(FunctionDeclSyntax.self)
        let variable = declaration.as(VariableDeclSyntax.self)
        guard
          let name = function?.name.text ?? variable?.bindings.first?.pattern.trimmedDescription,
          let modifiers = function?.modifiers ?? variable?.modifiers
        else { continue }
        member.memberNames.insert(name)
        let isStatic = modifiers.contains { ["static", "class"].contains($0.name.text) }
        if Self.hooks.contains(name), function != nil, !isStatic {
          member.hasHooks = true
        } else if modifiers.contains(where: { $0.name.text == "override" }) {
          member.overrides.append(name)
        }
      }
      member.stopsOnFailure = StopOnFailure.isSet(in: node)
      classes[name, default: []].append(member)
    }
  }

  /// What keeps `node` from being converted as part of a family: what keeps any class XCTest
  /// (see ``XCTestBlockers``), and what a base and its subclasses could not carry over.
  private static func reasons(
    _ node: ClassDeclSyntax, extensions: [ExtensionDeclSyntax], helpers: XCTestHelpers,
    usesAssay: Bool, settingRoles: inout Set<StopOnFailure.Role>
  ) -> [String] {
    var reasons: [String] = []
    if node.parent?.is(CodeBlockItemSyntax.self) != true {
      reasons.append("it is declared inside another type")
    }
    if node.genericParameterClause != nil { reasons.append("it is generic") }
    if let blocker = XCTestRewriter.availabilityBlocker(of: node) { reasons.append(blocker) }
    let tearDowns = XCTestRewriter.functions(in: node.memberBlock.members).filter {
      $0.name.text.hasPrefix("tearDown")
        && !$0.modifiers.contains { ["static", "class"].contains($0.name.text) }
    }
    let blockers = XCTestBlockers(
      helpers: helpers, usesAssay: usesAssay, tearDowns: tearDowns.count)
    blockers.walk(node)
    for item in extensions { blockers.walk(item) }
    reasons += blockers.reasons
    settingRoles = blockers.roles
    if !XCTestRewriter.classWideHooks(of: node).isEmpty {
      reasons.append("a class-wide setUp or tearDown")
    }
    if tearDowns.contains(where: { !XCTestRewriter.canBeDeinit($0) }) {
      reasons.append("an asynchronous or throwing tearDown, which a deinit cannot be")
    }
    let code = [Syntax(node)] + extensions.map(Syntax.init)
    if code.contains(where: {
      $0.tokens(viewMode: .sourceAccurate).contains {
        $0.tokenKind == .identifier("addTeardownBlock")
      }
    }) {
      reasons.append("it adds teardown blocks")
    }
    if XCTestRewriter.declarations(in: node.memberBlock.members).contains(where: {
      $0.is(InitializerDeclSyntax.self)
    }) {
      reasons.append("it declares an initializer")
    }
    return reasons
  }

  /// XCTest's hooks that become the base's `init` and `deinit`.
  static let hooks: Set<String> = ["setUp", "setUpWithError", "tearDown", "tearDownWithError"]

  /// Decides which families convert, once every file is read; `split` tells which classes
  /// have extensions in other files.
  mutating func resolve(split: SplitSuites) {
    converting = [:]
    refused = [:]
    let all = classes.values.flatMap { $0 }
    for base in all where ["XCTestCase", "XCTest.XCTestCase"].contains(base.parent) {
      let subclasses = all.filter { $0.parent == base.name }
      guard !subclasses.isEmpty else { continue }
      let key = Class(path: base.path, name: base.name)
      if let why = refusal(base: base, subclasses: subclasses, all: all, split: split) {
        refused[key] = why
      } else {
        converting[key] = subclasses.map { Class(path: $0.path, name: $0.name) }
      }
    }
  }

  private func refusal(base: Member, subclasses: [Member], all: [Member], split: SplitSuites)
    -> String?
  {
    if classes[base.name, default: []].count > 1 {
      return "\(base.name) is declared in several files"
    }
    if base.hasTests { return "it has tests of its own, which each subclass runs again" }
    if let reason = base.reasons.first
      ?? XCTestBlockers.settingReason(base.settingRoles, stopsOnFailure: base.stopsOnFailure)
    {
      return reason
    }
    if let name = base.overrides.first { return "it overrides XCTestCase's \(name)" }
    if split.extended[Class(path: base.path, name: base.name)] != nil {
      return "it is extended in other files"
    }
    for subclass in subclasses {
      // One written without `final` is a final class once converted (a suite of the family
      // always is), unless a class of the run inherits from it.
      let why: String? =
        if all.contains(where: { $0.parent == subclass.name }) {
          "other classes inherit from it"
        } else if !subclass.hasTests {
          "it has no tests"
        } else if split.extended[Class(path: subclass.path, name: subclass.name)] != nil {
          "it is extended in other files"
        } else if subclass.hasHooks {
          "it has a setUp or tearDown of its own"
        } else if let name = subclass.overrides.first(where: { !base.memberNames.contains($0) }) {
          "it overrides XCTestCase's \(name)"
        } else {
          subclass.reasons.first
            ?? XCTestBlockers.settingReason(
              subclass.settingRoles,
              stopsOnFailure: base.stopsOnFailure || subclass.stopsOnFailure)
        }
      if let why {
        return "its subclass \(subclass.name) (\(subclass.path):\(subclass.line)): \(why)"
      }
    }
    return nil
  }

  /// Leaves the family of `base` as XCTest, with why (its base or a subclass stayed XCTest in
  /// its file).
  mutating func leave(_ base: Class, because why: String) {
    converting[base] = nil
    refused[base] = why
  }
}
