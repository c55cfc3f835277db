import SwiftSyntax

/// Helper base classes and the test classes that inherit from them (swift-openapi-runtime's
/// `Test_Runtime: XCTestCase`, with fixtures and a setUp, and its thirty-odd `final class
/// Test_X: Test_Runtime`). Swift Testing has no inheritance of suites, but a suite may be a
/// class with a superclass: the base becomes a plain class (its setUp its `init`, its tearDown
/// its `deinit`), each subclass a suite that inherits it.
///
/// A subclass left as XCTest needs a base that is still an `XCTestCase`, and so do the base's
/// extensions in other files that stay XCTest (GRDB's `GRDBTestCase`, with 213 subclasses, is
/// extended with helpers that wait on XCTest's expectations). Then the family splits: the base
/// stays as it is for them, and a Swift Testing copy of it, written after it, is what the
/// subclasses that convert inherit. When none converts, or the copy would lack what the base
/// uses, the family stays XCTest whole.
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
    /// Its setUp (an instance method), when it has one.
    var setUp: SetUp?
    /// How many setUps it has (`setUp`, `setUpWithError`, an async `setUp`).
    var setUps = 0
    /// Its tearDown (an instance method), when it has one.
    var tearDown: TearDown?
    /// The names of its members.
    var memberNames: Set<String>
    /// The names of the members of its extensions in its own file.
    var extensionMemberNames: Set<String> = []
    /// The identifiers its body writes.
    var bodyNames: Set<String> = []
    /// The identifiers its body and its extensions in its own file write.
    var usedNames: Set<String> = []
    /// Whether its setUp sets `continueAfterFailure = false` (see ``StopOnFailure``).
    var stopsOnFailure = false
    /// Its settings of `continueAfterFailure` elsewhere, which hold only when its tests stop
    /// on failure (see ``XCTestBlockers/settle(stopsOnFailure:)``).
    var settingRoles: Set<StopOnFailure.Role> = []
  }

  /// A setUp: a base's becomes its `init`, a subclass's an `override init()` that calls the
  /// base's first (XCTest's order, when the setUp begins with `super.setUp()`).
  struct SetUp: Sendable, Equatable {
    /// `setUp` or `setUpWithError`.
    var name: String
    var isAsync: Bool
    var isThrowing: Bool
    /// Whether its first statement calls the superclass's setUp of the same name.
    var callsSuperFirst: Bool
  }

  /// A subclass's tearDown: its `deinit`, which Swift runs before the base's, when it ends
  /// with the base's (XCTest's order).
  struct TearDown: Sendable, Equatable {
    /// Whether a `deinit` can be it: `tearDown`, neither asynchronous nor throwing.
    var canBeDeinit: Bool
    /// Whether its last statement calls `super.tearDown()`.
    var callsSuperLast: Bool
  }

  /// The classes of the run, by name (a name declared twice is no family's).
  private var classes: [String: [Member]] = [:]
  /// The families that convert: each base, with its subclasses.
  private(set) var converting: [Class: [Class]] = [:]
  /// Why a base with subclasses stays XCTest with them, by base.
  private(set) var refused: [Class: String] = [:]
  /// The bases of the families that split, each with the name of its Swift Testing copy.
  private(set) var copies: [Class: String] = [:]
  /// The subclasses of the families that split that stay XCTest, each with why.
  private(set) var staying: [Class: String] = [:]
  /// The files whose extensions of a split family's base stay XCTest, by base.
  private var keptExtensions: [Class: Set<String>] = [:]

  /// None.
  init() {}

  /// Whether `name`, declared in `path`, is the base of a family that converts.
  func convertsBase(_ name: String, in path: String) -> Bool {
    converting[Class(path: path, name: name)] != nil
  }

  /// The name of the Swift Testing copy of the base `name` (declared in `path`), when its
  /// family splits.
  func copy(ofBase name: String, in path: String) -> String? {
    copies[Class(path: path, name: name)]
  }

  /// The name that a converting subclass of `base` inherits: its copy's, when it has one.
  func superclass(for base: Class) -> String { copies[base] ?? base.name }

  /// Why the subclass `name` (declared in `path`) of a family that splits stays XCTest.
  func whyStaying(_ name: String, in path: String) -> String? {
    staying[Class(path: path, name: name)]
  }

  /// Why the base of a family that splits stays XCTest, beside its copy.
  func whyBaseStays(_ base: Class) -> String? {
    guard let copy = copies[base] else { return nil }
    let names = subclasses(ofBase: base).filter { staying[$0] != nil }.map(\.name).sorted()
    var users: [String] = []
    if !names.isEmpty {
      users.append(
        (names.count == 1 ? "the subclass that stays" : "the \(names.count) subclasses that stay")
          + " XCTest ("
          + names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", ..." : "") + ")")
    }
    if let files = keptExtensions[base] {
      users.append("its extensions in " + files.sorted().joined(separator: ", "))
    }
    let count = converting[base]?.count ?? 0
    return "kept as XCTest for " + users.joined(separator: " and ") + "; the \(count) "
      + (count == 1 ? "subclass that converts inherits" : "subclasses that convert inherit")
      + " its Swift Testing copy, \(copy), written after it: delete this class once nothing "
      + "inherits it"
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
        reasons: [], overrides: [], setUp: nil, tearDown: nil, memberNames: [])
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
        if Self.hooks.contains(name), let function, !isStatic {
          if name.hasPrefix("setUp") {
            member.setUps += 1
            if member.setUp == nil { member.setUp = Self.setUp(function) }
          } else {
            member.tearDown = TearDown(
              canBeDeinit: XCTestRewriter.canBeDeinit(function),
              callsSuperLast: function.body?.statements.last?.item.trimmedDescription
                == "super.tearDown()")
          }
        } else if modifiers.contains(where: { $0.name.text == "override" }) {
          member.overrides.append(name)
        }
      }
      member.stopsOnFailure = StopOnFailure.isSet(in: node)
      member.extensionMemberNames = Set(
        ownExtensions.flatMap { XCTestRewriter.declarations(in: $0.memberBlock.members) }
          .compactMap(Self.declaredName))
      member.bodyNames = Self.identifiers(in: Syntax(node.memberBlock))
      member.usedNames = ownExtensions.reduce(into: member.bodyNames) {
        $0.formUnion(Self.identifiers(in: Syntax($1.memberBlock)))
      }
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

  /// What `function`, a setUp, is.
  private static func setUp(_ function: FunctionDeclSyntax) -> SetUp {
    let effects = function.signature.effectSpecifiers
    let first = function.body?.statements.first?.item.trimmedDescription ?? ""
    let call = first.replacingOccurrences(of: "try ", with: "")
      .replacingOccurrences(of: "await ", with: "")
    return SetUp(
      name: function.name.text, isAsync: effects?.asyncSpecifier != nil,
      isThrowing: effects?.throwsClause != nil,
      callsSuperFirst: call == "super.\(function.name.text)()")
  }

  /// How the `override init()` of a converting subclass of `base` calls the base's `init`:
  /// `try await super.init()`, and the effects its own signature needs for that.
  func superInit(for base: Class) -> (call: String, isAsync: Bool, isThrowing: Bool) {
    let setUp = classes[base.name]?.first { $0.path == base.path }?.setUp
    let isAsync = setUp?.isAsync ?? false
    let isThrowing = setUp?.isThrowing ?? false
    return (
      (isThrowing ? "try " : "") + (isAsync ? "await " : "") + "super.init()", isAsync,
      isThrowing
    )
  }

  /// The name a member declares (a function's, or a variable's first).
  static func declaredName(_ declaration: DeclSyntax) -> String? {
    declaration.as(FunctionDeclSyntax.self)?.name.text
      ?? declaration.as(VariableDeclSyntax.self)?.bindings.first?.pattern.trimmedDescription
  }

  /// The identifiers written in `node`.
  private static func identifiers(in node: Syntax) -> Set<String> {
    Set(
      node.tokens(viewMode: .sourceAccurate).compactMap { token in
        if case .identifier(let name) = token.tokenKind { return name }
        return nil
      })
  }

  /// The name of the Swift Testing copy of the base `name`: `GRDBTestCase` → `GRDBTestSuite`,
  /// `Test_Runtime` → `Test_RuntimeSuite`.
  static func copyName(of name: String) -> String {
    name.hasSuffix("TestCase") ? name.dropLast("Case".count) + "Suite" : name + "Suite"
  }

  /// XCTest's hooks that become the base's `init` and `deinit`.
  static let hooks: Set<String> = ["setUp", "setUpWithError", "tearDown", "tearDownWithError"]

  /// Decides which families convert, once every file is read; `split` tells which classes
  /// have extensions in other files, and `taken` holds the names of the package's types (a
  /// copy takes none of them).
  mutating func resolve(split: SplitSuites, taken: Set<String>) {
    (converting, refused, copies, staying, keptExtensions) = ([:], [:], [:], [:], [:])
    let all = classes.values.flatMap { $0 }
    for base in all where ["XCTestCase", "XCTest.XCTestCase"].contains(base.parent) {
      let subclasses = all.filter { $0.parent == base.name }
      guard !subclasses.isEmpty else { continue }
      let key = Class(path: base.path, name: base.name)
      if let why = refusal(base: base) {
        refused[key] = why
        continue
      }
      // Extensions elsewhere that can convert are converted with it (see `SplitSuites`).
      let extensionReasons = split.extended[key] == nil ? nil : split.reasons[key]
      var stays: [(member: Member, why: String)] = []
      var goes: [Member] = []
      for subclass in subclasses {
        if let why = refusal(subclass: subclass, base: base, all: all, split: split) {
          stays.append((subclass, why))
        } else {
          goes.append(subclass)
        }
      }
      if stays.isEmpty, extensionReasons == nil {
        converting[key] = goes.map { Class(path: $0.path, name: $0.name) }
        continue
      }
      let whole =
        extensionReasons.map {
          "its extensions in other files stay XCTest: " + $0.prefix(2).joined(separator: "; ")
        }
        ?? "its subclass \(stays[0].member.name) (\(stays[0].member.path):\(stays[0].member.line)): "
        + stays[0].why
      // What the copy lacks: the members of the base's extensions, which stay with it.
      let lacking = base.extensionMemberNames.union(split.memberNames[key] ?? [])
      let copy = Self.copyName(of: base.name)
      guard !taken.contains(copy), classes[copy] == nil, base.bodyNames.isDisjoint(with: lacking)
      else {
        refused[key] = whole
        continue
      }
      goes.removeAll { subclass in
        let uses = subclass.usedNames.intersection(lacking)
        guard !uses.isEmpty else { return false }
        stays.append(
          (
            subclass,
            "it calls \(uses.sorted().prefix(3).joined(separator: ", ")), which an extension of "
              + "\(base.name) declares, and its Swift Testing copy lacks"
          ))
        return true
      }
      guard !goes.isEmpty else {
        refused[key] = whole
        continue
      }
      converting[key] = goes.map { Class(path: $0.path, name: $0.name) }
      copies[key] = copy
      for (member, why) in stays { staying[Class(path: member.path, name: member.name)] = why }
      if extensionReasons != nil { keptExtensions[key] = split.extended[key] }
    }
  }

  /// What keeps a base from being converted, or copied, whatever its subclasses.
  private func refusal(base: Member) -> String? {
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
    return nil
  }

  /// What keeps `subclass` of `base` XCTest.
  private func refusal(subclass: Member, base: Member, all: [Member], split: SplitSuites)
    -> String?
  {
    // One written without `final` is a final class once converted (a suite of the family
    // always is), unless a class of the run inherits from it.
    if all.contains(where: { $0.parent == subclass.name }) {
      return "other classes inherit from it"
    } else if !subclass.hasTests {
      return "it has no tests"
    } else if split.extended[Class(path: subclass.path, name: subclass.name)] != nil {
      return "it is extended in other files"
    } else if subclass.setUps > 1 {
      return "it has \(subclass.setUps) setUp methods, which XCTest runs in an order of its own"
    } else if let tearDown = subclass.tearDown, tearDown.canBeDeinit, !tearDown.callsSuperLast {
      return "its tearDown does not end with super.tearDown(), as the deinit it becomes must "
        + "(the base's deinit runs after it)"
    } else if let setUp = subclass.setUp, !setUp.callsSuperFirst {
      return "its \(setUp.name) does not begin with super.\(setUp.name)(), as the initializer it "
        + "becomes must"
    } else if let setUp = subclass.setUp, let own = base.setUp, own.name != setUp.name {
      return "its \(setUp.name) and its base's \(own.name) run in another order than "
        + "initializers do"
    } else if let name = subclass.overrides.first(where: { !base.memberNames.contains($0) }) {
      return "it overrides XCTestCase's \(name)"
    }
    return subclass.reasons.first
      ?? XCTestBlockers.settingReason(
        subclass.settingRoles, stopsOnFailure: base.stopsOnFailure || subclass.stopsOnFailure)
  }

  /// Leaves the family of `base` as XCTest, with why (its base or a subclass stayed XCTest in
  /// its file).
  mutating func leave(_ base: Class, because why: String) {
    for subclass in subclasses(ofBase: base) { staying[subclass] = nil }
    converting[base] = nil
    copies[base] = nil
    keptExtensions[base] = nil
    refused[base] = why
  }

  /// Leaves `subclass` of the family of `base`, which splits, as XCTest, with why (it stayed
  /// XCTest in its file after all); the family stays XCTest whole when no subclass is left
  /// that converts.
  mutating func drop(_ subclass: Class, of base: Class, because why: String) {
    converting[base]?.removeAll { $0 == subclass }
    guard converting[base]?.isEmpty == false else {
      leave(base, because: "its subclass \(subclass.name) (\(subclass.path)) stays XCTest: \(why)")
      return
    }
    staying[subclass] = why
  }

  /// The classes of the run whose superclass is `base`.
  private func subclasses(ofBase base: Class) -> [Class] {
    classes.values.flatMap { $0 }.filter { $0.parent == base.name }.map {
      Class(path: $0.path, name: $0.name)
    }
  }
}
