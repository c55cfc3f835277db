import SwiftParser
import SwiftSyntax

/// A class marked `@available`: Swift Testing's `@Suite` cannot take the attribute, so it moves
/// onto the suite's members, each in the form it can take.
extension XCTestRewriter {
  /// The class's `@available` attributes, which its suite cannot keep: Swift Testing's `@Suite`
  /// refuses them (it cannot resolve availability when it expands), while `@Test` turns a
  /// function's into a condition. They move onto each member.
  static func availability(of node: ClassDeclSyntax) -> [AttributeSyntax] {
    availability(in: node.attributes)
  }

  /// The `@available` attributes of `attributes` (a class's or an extension's).
  static func availability(in attributes: AttributeListSyntax) -> [AttributeSyntax] {
    attributes.compactMap { element in
      guard let attribute = element.as(AttributeSyntax.self),
        attribute.attributeName.trimmedDescription == "available"
      else { return nil }
      return attribute
    }
  }

  /// Whether each of `attributes` only deprecates (`@available(*, deprecated, message: …)`,
  /// swift-case-paths' `DeprecatedTests`, which call deprecated API without warnings): every
  /// member can take it, stored properties and `deinit` included, and none becomes
  /// unavailable.
  static func onlyDeprecates(_ attributes: [AttributeSyntax]) -> Bool {
    attributes.allSatisfy { attribute in
      guard case .availability(let arguments)? = attribute.arguments,
        arguments.first?.argument.trimmedDescription == "*"
      else { return false }
      return arguments.dropFirst().allSatisfy { element in
        switch element.argument {
        case .token(let token): return token.text == "deprecated"
        case .availabilityLabeledArgument(let labeled):
          return ["message", "renamed"].contains(labeled.label.text)
        default: return false
        }
      }
    }
  }

  /// Why the class's `@available` cannot move onto its members, or `nil`. A stored property
  /// cannot be marked available from a version: one whose type may need the version keeps its
  /// value in storage of no version (see ``erasable(_:in:)``), or the class stays. A `deinit`
  /// (a `tearDown`) cannot either: its body runs under `if #available(…)`, which only
  /// platform versions can make. A class-wide hook is run by a function outside the suite. A
  /// deprecation alone moves onto every member.
  static func availabilityBlocker(of node: ClassDeclSyntax) -> String? {
    let attributes = availability(of: node)
    guard !attributes.isEmpty, !onlyDeprecates(attributes) else { return nil }
    let members = declarations(in: node.memberBlock.members)
    let condition = availabilityCondition(attributes)
    for declaration in members {
      if let variable = declaration.as(VariableDeclSyntax.self), isStored(variable),
        !isStatic(variable), !needsNoVersion(variable), !erasable(variable, in: members)
      {
        return "it is marked @available and has stored properties, which a suite cannot carry "
          + "(@Suite does not take @available, and a stored property cannot take it alone)"
      }
      if let function = declaration.as(FunctionDeclSyntax.self),
        function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
          ? ["setUp", "tearDown"].contains(function.name.text)
          : function.name.text.hasPrefix("tearDown") && condition == nil
      {
        return "it is marked @available and has a \(function.name.text), which would run outside "
          + "the members that can take @available (@Suite does not take it)"
      }
      if declaration.is(DeinitializerDeclSyntax.self), condition == nil {
        return "it is marked @available and has a deinit, which cannot take it (@Suite does not)"
      }
    }
    return nil
  }

  /// The `#available(…)` condition that `attributes` (a class's `@available`s) make: their
  /// platform versions, `*` last. `nil` when one says more than versions (`introduced:`,
  /// `deprecated`), which a condition cannot.
  static func availabilityCondition(_ attributes: [AttributeSyntax]) -> String? {
    var versions: [String] = []
    for attribute in attributes {
      guard case .availability(let arguments)? = attribute.arguments else { return nil }
      for element in arguments {
        switch element.argument {
        case .availabilityVersionRestriction(let version):
          versions.append(version.trimmedDescription)
        case .token(let token) where token.text == "*": continue
        default: return nil
        }
      }
    }
    return versions.isEmpty ? nil : "#available(\((versions + ["*"]).joined(separator: ", ")))"
  }

  /// Whether the stored property `variable`, whose type may need the class's version, can
  /// keep its value in storage of no version (`private var _name: Any?`) behind a computed
  /// property that takes the class's `@available` (swift-nio's
  /// `private var writer: NIOAsyncWriter<String, MockAsyncWriterDelegate>!`, set in `setUp`):
  /// one `var` with a written type and no initial value (which would call what needs the
  /// version), no attribute or observer, not `lazy`, `weak`, `unowned` or `nonisolated`, and
  /// no other member of `members` named `_name`.
  static func erasable(_ variable: VariableDeclSyntax, in members: [DeclSyntax]) -> Bool {
    guard variable.bindingSpecifier.tokenKind == .keyword(.var), variable.attributes.isEmpty,
      !variable.modifiers.contains(where: {
        ["lazy", "weak", "unowned", "nonisolated"].contains($0.name.text)
      }),
      variable.bindings.count == 1, let binding = variable.bindings.first,
      binding.typeAnnotation != nil, binding.initializer == nil, binding.accessorBlock == nil,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return false }
    return !members.contains { declaration in
      declaration.as(VariableDeclSyntax.self)?.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "_" + name
      } == true
        || declaration.as(FunctionDeclSyntax.self)?.name.text == "_" + name
    }
  }

  /// `variable` (see ``erasable(_:in:)``) as its storage of no version and a computed property
  /// marked with `availability` that reads and writes it as its type.
  static func erased(_ variable: VariableDeclSyntax, availability: String) -> String {
    guard let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let type = binding.typeAnnotation?.type
    else { return variable.trimmedDescription }
    let indentation = indentation(of: variable)
    let wrapped =
      type.as(OptionalTypeSyntax.self)?.wrappedType
      ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
    let read =
      wrapped.map { "_\(name) as? \($0.trimmedDescription)" }
      ?? "_\(name) as! \(type.trimmedDescription)"
    let modifiers = variable.modifiers.map(\.trimmedDescription).joined(separator: " ")
    let unit = indentationUnit(indentation)
    return """
      // `\(name)`'s storage: a stored property cannot take @available.
      \(indentation)private var _\(name): Any?
      \(indentation)\(availability)
      \(indentation)\(modifiers.isEmpty ? "" : modifiers + " ")var \(name): \(type.trimmedDescription) {
      \(indentation)\(unit)get { \(read) }
      \(indentation)\(unit)set { _\(name) = newValue }
      \(indentation)}
      """
  }

  /// One level of indentation in a file whose members are indented by `indentation`: a tab,
  /// four spaces, or two.
  static func indentationUnit(_ indentation: String) -> String {
    if indentation.hasPrefix("\t") { return "\t" }
    return indentation.count >= 4 && indentation.count.isMultiple(of: 4) ? "    " : "  "
  }

  /// Whether `variable` is a type's own (`static`, `class`), which takes `@available` as a
  /// function does, where an instance's stored property cannot.
  static func isStatic(_ variable: VariableDeclSyntax) -> Bool {
    variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
  }

  /// Whether every binding of the stored property `variable` has a type that no platform
  /// version restricts, so it needs no `@available` of its own: a type written only with the
  /// standard library's names (`[Int: String?]`), or none written and a literal's
  /// (`let text = """…"""`). Any other type may be one available from a version (the
  /// package's, or the platform's `ContinuousClock`) that the migration cannot see.
  static func needsNoVersion(_ variable: VariableDeclSyntax) -> Bool {
    variable.bindings.allSatisfy { binding in
      if let type = binding.typeAnnotation?.type {
        return type.tokens(viewMode: .sourceAccurate).allSatisfy { token in
          guard case .identifier(let name) = token.tokenKind else { return true }
          return unversionedTypes.contains(name)
        }
      }
      return binding.initializer.map { isLiteral($0.value) } ?? false
    }
  }

  /// The standard library's and Foundation's types that every platform version has.
  static let unversionedTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "Bool", "String", "Character", "Substring", "Array", "Dictionary", "Set",
    "Optional", "Void", "Data", "Date", "URL", "UUID",
  ]

  /// Whether `expression` is a literal whose type no platform version restricts: a string, a
  /// number, a Boolean, or an array or dictionary of them.
  static func isLiteral(_ expression: ExprSyntax) -> Bool {
    if expression.is(StringLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
      || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
    {
      return true
    }
    if let array = expression.as(ArrayExprSyntax.self) {
      return !array.elements.isEmpty && array.elements.allSatisfy { isLiteral($0.expression) }
    }
    if let dictionary = expression.as(DictionaryExprSyntax.self),
      case .elements(let elements) = dictionary.content
    {
      return elements.allSatisfy { isLiteral($0.key) && isLiteral($0.value) }
    }
    return false
  }

  /// The members, each marked with `availability` (the class's `@available` attributes),
  /// those inside `#if` blocks included, but an instance's stored property, which cannot take
  /// a version: one that needs none stays bare, another keeps its value in storage of no
  /// version (``availabilityBlocker(of:)`` lets only those through), unless
  /// `storedPropertiesToo` (a deprecation, which it can take); and a `deinit`, whose body runs
  /// under `condition` (the same versions, `if #available(…)`).
  static func marked(
    _ list: MemberBlockItemListSyntax, availability: String, condition: String? = nil,
    storedPropertiesToo: Bool = false
  ) -> MemberBlockItemListSyntax {
    let members = declarations(in: list)
    return MemberBlockItemListSyntax(
      list.flatMap { member -> [MemberBlockItemSyntax] in
        if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
          let clauses = conditional.clauses.map { clause -> IfConfigClauseSyntax in
            guard case .decls(let inner)? = clause.elements else { return clause }
            return clause.with(
              \.elements,
              .decls(
                marked(
                  inner, availability: availability, condition: condition,
                  storedPropertiesToo: storedPropertiesToo))
            )
          }
          return [
            member.with(
              \.decl, DeclSyntax(conditional.with(\.clauses, IfConfigClauseListSyntax(clauses))))
          ]
        }
        let indentation = indentation(of: member.decl)
        var text = availability + "\n" + indentation + member.decl.trimmedDescription
        if !storedPropertiesToo, let variable = member.decl.as(VariableDeclSyntax.self),
          isStored(variable), !isStatic(variable)
        {
          guard !needsNoVersion(variable), erasable(variable, in: members) else { return [member] }
          text = erased(variable, availability: availability)
        } else if !storedPropertiesToo,
          let deinitializer = member.decl.as(DeinitializerDeclSyntax.self), let condition,
          let body = deinitializer.body
        {
          // A `deinit` cannot take `@available`: its body runs where the versions are.
          let unit = indentationUnit(indentation)
          text =
            "deinit {\n\(indentation)\(unit)if \(condition) "
            + body.trimmedDescription.replacingOccurrences(of: "\n", with: "\n" + unit)
            + "\n\(indentation)}"
        }
        let declarations = Parser.parse(source: text).statements.compactMap {
          $0.item.as(DeclSyntax.self)
        }
        guard let first = declarations.first else { return [member] }
        return declarations.enumerated().map { index, declaration in
          var declaration = declaration
          if index == 0 {
            declaration.leadingTrivia = member.decl.leadingTrivia + first.leadingTrivia
          }
          if index == declarations.count - 1 {
            declaration.trailingTrivia = member.decl.trailingTrivia
          }
          return MemberBlockItemSyntax(decl: declaration)
        }
      })
  }
}
