import SwiftParser
import SwiftSyntax

/// The suite that a converted class becomes, and its members.
extension XCTestRewriter {
  /// The converted class as a suite: a struct, or a final class (see `needsClass(_:)`), with
  /// its traits and its members converted.
  func suiteDeclaration(from node: ClassDeclSyntax) -> DeclSyntax {
    let tearDownAsBlock = plan.tearDownAsBlock.contains(node.name.text)
    let needsClass =
      Self.needsClass(node) || tearDownAsBlock || plan.subclasses[node.name.text] != nil
    var modifiers = node.modifiers.filter { !["final", "open"].contains($0.name.text) }
      .map(\.trimmedDescription)
    if node.modifiers.contains(where: { $0.name.text == "open" }) {
      modifiers.insert("public", at: 0)
    }
    if needsClass { modifiers.append("final") }
    var inherited = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
    // A subclass of a converted base keeps it (or takes its copy); XCTestCase goes.
    if let superclass = plan.subclasses[node.name.text], !inherited.isEmpty {
      inherited[0] = superclass
    } else {
      inherited.removeFirst()
    }
    let availability = Self.availability(of: node)
    var attributes = node.attributes.filter { element in
      !availability.contains { Syntax($0) == Syntax(element) }
    }.trimmedDescription
    var traits: [String] = []
    if plan.tearsDown.contains(node.name.text) {
      // Assay's `addTeardownBlock` runs its blocks when the test ends, under this trait.
      traits.append(".tearsDown")
    }
    if Self.waitsForWorkItStarts(node) {
      // XCTest runs one test at a time in the process; these count on it (which includes
      // running their own suite's tests one at a time).
      traits.append(".oneAtATime")
    } else if options.serialized || Self.sharedState(of: node) != nil {
      // XCTest runs a class's tests one at a time; these may not be safe side by side.
      traits.append(".serialized")
    }
    if Self.blocksItsThread(node) {
      // XCTest runs each test on a thread it may block; Swift Testing on shared ones.
      traits.append(".onItsOwnThread")
    }
    if let aroundSuite = Self.aroundSuite(of: node) {
      traits.append(aroundSuite.trait)
      hookFunctions[node.name.text] = aroundSuite.functions
    }
    if !traits.isEmpty {
      attributes =
        (attributes.isEmpty ? "" : attributes + " ") + "@Suite(\(traits.joined(separator: ", ")))"
      needsAssay = needsAssay || traits != [".serialized"]
    }
    var head = attributes.isEmpty ? "" : attributes + "\n" + Self.indentation(of: node)
    head += (modifiers + [needsClass ? "class" : "struct", node.name.text]).joined(separator: " ")
    head += node.genericParameterClause?.trimmedDescription ?? ""
    if !inherited.isEmpty { head += ": " + inherited.joined(separator: ", ") }
    if let clause = node.genericWhereClause { head += " " + clause.trimmedDescription }
    let functions = Self.functions(in: node.memberBlock.members)
    let tearDownBlock =
      tearDownAsBlock
      ? functions.first {
        $0.name.text.hasPrefix("tearDown")
          && !$0.modifiers.contains { ["static", "class"].contains($0.name.text) }
      }.map(Self.teardownRegistration)
      : nil
    let hasSetUp = functions.contains { ["setUp", "setUpWithError"].contains($0.name.text) }
    var converted = members(
      node.memberBlock.members, isClass: needsClass,
      tearDown: tearDownBlock.map { (registration: $0, needsInit: !hasSetUp) })
    if !availability.isEmpty {
      converted = Self.marked(
        converted, availability: availability.map(\.trimmedDescription).joined(separator: " "),
        condition: Self.availabilityCondition(availability),
        storedPropertiesToo: Self.onlyDeprecates(availability))
    }
    let body = node.memberBlock.with(\.members, converted)
    let text = head + " " + body.trimmedDescription
    let declaration = Parser.parse(source: text).statements.first?.item.as(DeclSyntax.self)
    return (declaration ?? DeclSyntax(node)).with(\.leadingTrivia, node.leadingTrivia)
      .with(\.trailingTrivia, node.trailingTrivia)
  }

  /// A helper base class kept as XCTest for what of its family stays XCTest, marked with
  /// `why`, and its Swift Testing copy named `copy`, converted as a base is and written after
  /// it, for the subclasses that convert (see ``ClassFamilies``).
  func copying(_ node: ClassDeclSyntax, as copy: String, because why: String) -> DeclSyntax {
    let (wasConverting, wasSuite) = (converting, suite)
    (converting, suite) = (true, copy)
    defer { (converting, suite) = (wasConverting, wasSuite) }
    guard let visited = super.visit(node).as(ClassDeclSyntax.self) else { return DeclSyntax(node) }
    let renamed = visited.with(\.name, .identifier(copy)).with(\.leadingTrivia, [])
    let indentation = Self.indentation(of: node)
    let comment =
      "/// \(node.name.text) for Swift Testing (`assay migrate`): the suites of its subclasses\n"
      + "\(indentation)/// that converted inherit this class.\n\(indentation)"
    hookFunctions[node.name.text, default: []].append(
      comment + baseDeclaration(from: renamed).trimmedDescription)
    copied.insert(node.name.text)
    return DeclSyntax(Self.marked(node, with: why))
  }

  /// A helper base class converted with its family (see ``ClassFamilies``): a plain class,
  /// without `XCTestCase`, whose setUp is its `init` and whose tearDown its `deinit`, for the
  /// suites of its subclasses to inherit.
  func baseDeclaration(from node: ClassDeclSyntax) -> DeclSyntax {
    var inherited = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
    inherited.removeFirst()
    let attributes = node.attributes.trimmedDescription
    var head = attributes.isEmpty ? "" : attributes + "\n" + Self.indentation(of: node)
    head += (node.modifiers.map(\.trimmedDescription) + ["class", node.name.text])
      .joined(separator: " ")
    if !inherited.isEmpty { head += ": " + inherited.joined(separator: ", ") }
    let body = node.memberBlock.with(\.members, members(node.memberBlock.members, isClass: true))
    let text = head + " " + body.trimmedDescription
    let declaration = Parser.parse(source: text).statements.first?.item.as(DeclSyntax.self)
    return (declaration ?? DeclSyntax(node)).with(\.leadingTrivia, node.leadingTrivia)
      .with(\.trailingTrivia, node.trailingTrivia)
  }

  /// The members converted, those inside `#if` blocks included: setUp as `init`, tearDown as
  /// `deinit` (or as a teardown block that `init` adds, with `tearDown`), tests marked `@Test`.
  func members(
    _ list: MemberBlockItemListSyntax, isClass: Bool,
    tearDown: (registration: String, needsInit: Bool)? = nil
  ) -> MemberBlockItemListSyntax {
    // XCTest's lists of tests, which nothing uses any more (see `XCTestHelpers.allTestsUsed`).
    let list = list.filter { member in
      !(member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
        XCTestHelpers.isTestList($0.pattern.trimmedDescription)
      } ?? false)
        && !(member.decl.as(FunctionDeclSyntax.self).map(XCTestHelpers.isListCheck) ?? false)
    }
    // A tearDown beside the class's own deinit stays a method that the deinit calls first.
    let keepsDeinit =
      isClass && tearDown == nil
      && list.contains { $0.decl.is(DeinitializerDeclSyntax.self) }
      && list.contains { member in
        member.decl.as(FunctionDeclSyntax.self).map {
          $0.name.text == "tearDown"
            && !$0.modifiers.contains { ["static", "class"].contains($0.name.text) }
        } ?? false
      }
    let items = list.flatMap { member -> [MemberBlockItemSyntax] in
      if keepsDeinit, let deinitializer = member.decl.as(DeinitializerDeclSyntax.self),
        let body = deinitializer.body
      {
        let first = body.statements.first?.leadingTrivia ?? .newline
        let call = CodeBlockItemSyntax(
          leadingTrivia: first,
          item: .expr(
            ExprSyntax(
              FunctionCallExprSyntax(
                calledExpression: DeclReferenceExprSyntax(baseName: .identifier("tearDown")),
                leftParen: .leftParenToken(), arguments: [], rightParen: .rightParenToken()))))
        return [
          member.with(
            \.decl,
            DeclSyntax(
              deinitializer.with(
                \.body, body.with(\.statements, [call] + Array(body.statements)))))
        ]
      }
      if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
        let clauses = conditional.clauses.map { clause -> IfConfigClauseSyntax in
          guard case .decls(let inner)? = clause.elements else { return clause }
          return clause.with(
            \.elements, .decls(members(inner, isClass: isClass, tearDown: tearDown)))
        }
        return [
          member.with(
            \.decl, DeclSyntax(conditional.with(\.clauses, IfConfigClauseListSyntax(clauses))))
        ]
      }
      guard let function = member.decl.as(FunctionDeclSyntax.self) else { return [member] }
      if function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) {
        guard ["setUp", "tearDown"].contains(function.name.text) else { return [member] }
        // A class-wide hook: a static method that the suite's `.aroundSuite` trait calls.
        let modifiers = function.modifiers.filter { $0.name.text != "override" }.map {
          $0.name.text == "class"
            ? $0.with(
              \.name,
              .keyword(
                .static, leadingTrivia: $0.name.leadingTrivia,
                trailingTrivia: $0.name.trailingTrivia))
            : $0
        }
        let method = function.with(\.modifiers, DeclModifierListSyntax(modifiers))
          .trimmedDescription
        return [Self.replacing(member, of: function, with: method) ?? member]
      }
      let name = function.name.text
      var body = function.body?.trimmedDescription ?? "{}"
      let attributes = function.attributes.trimmedDescription
      let prefix = attributes.isEmpty ? "" : attributes + " "
      let indentation = Self.indentation(of: function)
      var text: String
      if ["setUp", "setUpWithError"].contains(name) {
        var effects = function.signature.effectSpecifiers?.trimmedDescription ?? ""
        if let tearDown {
          body = Self.appending(tearDown.registration, to: body, indentation: indentation)
        }
        var head = "init()"
        if let superInit = plan.superInits[suite] {
          // A subclass of a converted base: its setUp began with the base's, as this begins
          // with the base's `init`.
          head = "override init()"
          let specifiers = function.signature.effectSpecifiers
          effects = [
            superInit.isAsync || specifiers?.asyncSpecifier != nil ? "async" : nil,
            superInit.isThrowing || specifiers?.throwsClause != nil ? "throws" : nil,
          ].compactMap { $0 }.joined(separator: " ")
          body = Self.prepending(superInit.call, to: body, indentation: indentation)
        }
        text = prefix + head + (effects.isEmpty ? "" : " " + effects) + " " + body
      } else if name.hasPrefix("tearDown"), let tearDown {
        // A method like any other, which the teardown block calls.
        let method = function.with(
          \.modifiers, function.modifiers.filter { $0.name.text != "override" }
        ).trimmedDescription
        guard tearDown.needsInit else {
          return [Self.replacing(member, of: function, with: method)].compactMap { $0 }
        }
        let initializer =
          "init() " + Self.appending(tearDown.registration, to: "{}", indentation: indentation)
        return [
          Self.replacing(member, of: function, with: initializer),
          Self.replacing(member, of: function, with: method)?.with(
            \.leadingTrivia, .newlines(2) + .spaces(indentation.count)),
        ].compactMap { $0 }
      } else if name == "tearDown", keepsDeinit {
        text =
          function.with(
            \.modifiers, function.modifiers.filter { $0.name.text != "override" }
          ).trimmedDescription
      } else if name == "tearDown", isClass {
        text = prefix + "deinit " + body
      } else if Self.isTestMethod(function) {
        tests += 1
        let display = options.displayNames ? "(\(Self.displayName(name)))" : ""
        let indentation = Self.indentation(of: function)
        let declaration = Self.withEffects(
          function, async: awaitingTests.contains("\(suite)/\(name)"),
          throws: throwingTests.contains("\(suite)/\(name)"))
        // XCTest runs a test on the main thread: one that assumes the main actor keeps it.
        let isolation = Self.assumesTheMainActor(function) ? "@MainActor\n\(indentation)" : ""
        text = "@\(plan.testType)\(display)\n\(indentation)\(isolation)" + declaration
      } else if asyncMethods.contains("\(suite)/\(name)") {
        text = Self.withEffects(function, async: true, throws: true)
      } else {
        return [member]
      }
      return [Self.replacing(member, of: function, with: text) ?? member]
    }
    return MemberBlockItemListSyntax(items)
  }
}
