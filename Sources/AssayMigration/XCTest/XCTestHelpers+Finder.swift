import SwiftParser
import SwiftSyntax

extension XCTestHelpers {
  /// Reads a file for ``XCTestHelpers``: the functions outside test classes that assert with
  /// XCTest, what each calls, and the methods of `extension XCTestCase` that could move out.
  final class Finder: SyntaxVisitor {
    var found: [String: (names: Set<String>, convertible: Bool)] = [:]
    var signatures: [String: [HelperSignature]] = [:]
    var listed: Set<String> = []
    var liftable: Set<String> = []
    /// The static computed properties of `extension XCTestCase` that could move.
    var properties: Set<String> = []
    var fixed: Set<String> = []
    var methodSignatures: [String: [HelperSignature]] = [:]
    /// The methods of `extension XCTestCase` that are (and that are not) async test adapters.
    var adapters: Set<String> = []
    var notAdapters: Set<String> = []
    /// The functions and properties that extensions of `XCTestCase` declare.
    var members: Set<String> = []
    /// The types that extensions of `XCTestCase` declare, with the type each extends.
    var nestedTypes: [String: String] = [:]
    /// The names each method of `extension XCTestCase` that could move uses bare (not after
    /// a period), by the method's name.
    var bareNames: [String: Set<String>] = [:]
    /// The methods each method of `extension XCTestCase` that could move calls through
    /// `self.` or `Self.`, by the method's name.
    var calledThroughSelf: [String: Set<String>] = [:]

    /// What a method of `extension XCTestCase` may not name to move out of it: `self`, and
    /// the test case's members that code calls without `self.`.
    static let testCaseNames: Set<String> = XCTestBlockers.testCaseMembers
      .union(XCTestBlockers.unsupportedMembers.keys)
      .union(["name", "run", "invokeTest", "setUp", "tearDown", "record", "add", "testRun"])

    /// Modifiers that only a method can take: a function written with one would not compile.
    /// (`static` goes when the method moves: its callers name it `Self.name`, then `name`.)
    static let methodOnly: Set<String> = [
      "class", "override", "open", "final", "dynamic", "required", "convenience",
      "nonisolated", "mutating",
    ]

    init() { super.init(viewMode: .sourceAccurate) }

    /// Whether `members` declare `allTests` or `__allTests…`.
    private static func listsTests(_ members: MemberBlockSyntax) -> Bool {
      members.members.contains { member in
        member.decl.as(VariableDeclSyntax.self)?.bindings.contains { binding in
          XCTestHelpers.isTestList(binding.pattern.trimmedDescription)
        } == true
      }
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      // A test class's own methods convert with it.
      let parent = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
      let isTestCase = parent == "XCTestCase" || parent == "XCTest.XCTestCase"
      if isTestCase, Self.listsTests(node.memberBlock) { listed.insert(node.name.text) }
      return isTestCase ? .skipChildren : .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      if Self.listsTests(node.memberBlock) { listed.insert(node.extendedType.trimmedDescription) }
      if XCTestHelpers.isXCTestClass(node.extendedType.trimmedDescription) {
        for member in node.memberBlock.members {
          let decl = member.decl
          if let function = decl.as(FunctionDeclSyntax.self) {
            members.insert(function.name.text)
          } else if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
              members.formUnion(
                binding.pattern.tokens(viewMode: .sourceAccurate).compactMap { token in
                  if case .identifier(let name) = token.tokenKind { return name }
                  return nil
                })
            }
          } else if let name = decl.asProtocol(NamedDeclSyntax.self)?.name.text {
            nestedTypes[name] = node.extendedType.trimmedDescription
          }
        }
      }
      return .visitChildren
    }

    /// A static computed property of `extension XCTestCase`, read only, that names nothing of
    /// the test case can be a property of the file instead.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      let extended = node.parent?.parent?.parent?.parent?.as(ExtensionDeclSyntax.self)?
        .extendedType.trimmedDescription
      guard extended.map(XCTestHelpers.isXCTestClass) == true,
        node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
        node.bindings.count == 1, let binding = node.bindings.first,
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        binding.initializer == nil, let accessors = binding.accessorBlock
      else { return .visitChildren }
      let readOnly: Bool
      switch accessors.accessors {
      case .getter: readOnly = true
      case .accessors(let list):
        readOnly = list.allSatisfy { $0.accessorSpecifier.tokenKind == .keyword(.get) }
      }
      guard readOnly,
        let selfCalls = Self.movableCalls(
          modifiers: node.modifiers, attributes: node.attributes, body: accessors)
      else {
        fixed.insert(name)
        return .visitChildren
      }
      liftable.insert(name)
      properties.insert(name)
      calledThroughSelf[name, default: []].formUnion(selfCalls)
      for token in accessors.tokens(viewMode: .sourceAccurate) {
        guard case .identifier(let used) = token.tokenKind,
          token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period
        else { continue }
        bareNames[name, default: []].insert(used)
      }
      return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      guard let body = node.body else { return .skipChildren }
      // A method of `extension XCTestCase` (or of its superclass, `extension XCTest`) cannot be
      // called once a class is not one.
      // (The member's item, the list, the member block, the extension.)
      let extended = node.parent?.parent?.parent?.parent?.as(ExtensionDeclSyntax.self)?
        .extendedType.trimmedDescription
      let inTestCaseExtension = extended.map(XCTestHelpers.isXCTestClass) ?? false
      if inTestCaseExtension, XCTestHelpers.isStandIn(node) { return .skipChildren }
      // One that names nothing of the test case can be a function instead; every method of
      // its name is looked at, those that assert nothing too, since all move together.
      let selfCalls = inTestCaseExtension ? Self.movableCalls(node, body: body) : nil
      let movable = selfCalls != nil
      let overrides = node.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
      if inTestCaseExtension, !overrides, !XCTestHelpers.lifecycle.contains(node.name.text) {
        if AsyncTestAdapter.isAdapter(node) {
          adapters.insert(node.name.text)
        } else {
          notAdapters.insert(node.name.text)
        }
        if !movable { fixed.insert(node.name.text) }
        methodSignatures[node.name.text, default: []].append(HelperSignature(node))
        if let selfCalls {
          liftable.insert(node.name.text)
          calledThroughSelf[node.name.text, default: []].formUnion(selfCalls)
          for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind,
              token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period
            else { continue }
            bareNames[node.name.text, default: []].insert(name)
          }
        }
      }
      var names: Set<String> = []
      for token in body.tokens(viewMode: .sourceAccurate) {
        if case .identifier(let name) = token.tokenKind, name.hasPrefix("XCT") {
          names.insert(name)
        }
      }
      // A helper named like XCTest's own (`XCTAssertLazySequence`) is the run's, not XCTest's.
      guard !names.isEmpty || node.name.text.hasPrefix("XCT") else { return .skipChildren }
      let calls = Calls()
      calls.walk(body)
      // Overloads of one name: what any of them uses, and convertible only if all are.
      let known = found[node.name.text]
      found[node.name.text] = (
        (known?.names ?? []).union(names),
        (known?.convertible ?? true) && (!inTestCaseExtension || movable) && calls.convertible
      )
      signatures[node.name.text, default: []].append(HelperSignature(node))
      return .skipChildren
    }

    /// Whether a method of `extension XCTestCase` would compile as a function: it takes no
    /// modifier only a method can, and its body names nothing of the test case (`self`, but
    /// not a type's `IOData.self`; `super`; the test case's members), but to call methods
    /// through `self.` (or `Self.`): those it returns, which must move too (swift-nio-http2's
    /// `assertDoHandshake` calls `self.interactInMemory(…)`); `nil` when it cannot move.
    static func movableCalls(_ node: FunctionDeclSyntax, body: CodeBlockSyntax) -> Set<String>? {
      movableCalls(modifiers: node.modifiers, attributes: node.attributes, body: body)
    }

    /// ``movableCalls(_:body:)`` of a declaration with `modifiers` and `attributes`, whose code
    /// is `body` (a method's, or a property's accessors).
    static func movableCalls(
      modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax, body: some SyntaxProtocol
    ) -> Set<String>? {
      guard !modifiers.contains(where: { methodOnly.contains($0.name.text) }),
        !attributes.contains(where: { $0.trimmedDescription.hasPrefix("@objc") })
      else { return nil }
      var calls: Set<String> = []
      for token in body.tokens(viewMode: .sourceAccurate) {
        let afterPeriod = token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
        switch token.tokenKind {
        case .keyword(.self), .keyword(.Self):
          if afterPeriod { continue }
          guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
            member.base?.firstToken(viewMode: .sourceAccurate)?.id == token.id,
            let call = member.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == member.id
          else { return nil }
          calls.insert(member.declName.baseName.text)
        case .keyword(.super): return nil
        case .identifier(let name) where testCaseNames.contains(name) && !afterPeriod:
          return nil
        default: continue
        }
      }
      return calls.subtracting(testCaseNames).count == calls.count ? calls : nil
    }
  }

  /// Whether every XCTest call of a body has Assay's form.
  fileprivate final class Calls: SyntaxVisitor {
    var convertible = true

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      let name = node.calledExpression.trimmedDescription
      if XCTestAssertion.assayNames[name] != nil, !XCTestAssertion.hasAssayForm(node) {
        convertible = false
      }
      return .visitChildren
    }
  }
}
