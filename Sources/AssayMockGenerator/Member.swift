import SwiftSyntax

/// One requirement of a protocol, as the mock implements it.
struct Member {
  enum Kind {
    case function(FunctionDeclSyntax)
    case property(name: String, type: TypeSyntax, getter: Effects, isSettable: Bool)
    case `subscript`(SubscriptDeclSyntax, getter: Effects, isSettable: Bool)
    case initializer(InitializerDeclSyntax)
  }

  /// A parameter of a requirement.
  struct Parameter {
    /// The argument label, `_` for none.
    let label: String
    /// The name the mock gives the parameter inside its implementation.
    let name: String
    let type: TypeSyntax
    var isVariadic = false
    /// Whether the parameter is a subscript's, whose single name is no label.
    var isSubscript = false
    /// Whether the type names a typealias of a function type (`Handler`), non-escaping like a
    /// function type written out.
    var isClosureAlias = false

    /// Whether the mock may not keep the argument: a non-escaping closure.
    var isNonEscapingClosure: Bool {
      if Parameter.isNonEscapingClosure(type) { return true }
      guard isClosureAlias else { return false }
      return !((type.as(AttributedTypeSyntax.self)).map(Parameter.attributeNames) ?? [])
        .contains("escaping")
    }

    /// `label name: Type` as the mock declares it.
    func declared(_ types: TypeText) -> String {
      let names = isSubscript && label != "_" ? "\(label) \(name)" : labelled
      return "\(names): \(types.declared(type))\(isVariadic ? "..." : "")"
    }

    /// Words a parameter may be named but an expression must write in backticks.
    static let reservedWords: Set<String> = [
      "Any", "Self", "as", "associatedtype", "break", "case", "catch", "class", "continue",
      "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
      "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal",
      "is", "let", "nil", "operator", "private", "protocol", "public", "repeat", "rethrows",
      "return", "self", "static", "struct", "subscript", "super", "switch", "throw", "throws",
      "true", "try", "typealias", "var", "where", "while",
    ]

    /// `label name`, or `name` when they are the same.
    var labelled: String {
      label == name || "`\(label)`" == name ? name : "\(label) \(name)"
    }

    /// What the mock records for the argument: the value (a copy of a `borrowing` one, which
    /// the call log cannot take as it is), or a placeholder for a closure it may not keep.
    var recorded: String {
      if let copy = spanCopy { return copy.recorded }
      if let placeholder { return "\(placeholder)()" }
      return isBorrowed ? "copy \(name)" : name
    }

    /// Whether the argument is passed `borrowing`: "'title' is borrowed and cannot be
    /// consumed" where the mock hands it on as it is.
    var isBorrowed: Bool {
      var base = type
      while let attributed = base.as(AttributedTypeSyntax.self) {
        // Its specifiers' tokens, not the base type's: a closure's own parameters may borrow.
        if attributed.specifiers.tokens(viewMode: .sourceAccurate).contains(where: {
          $0.tokenKind == .keyword(.borrowing)
        }) {
          return true
        }
        base = attributed.baseType
      }
      return false
    }

    /// A span of the standard library (`RawSpan`, `Span<Int>`, their mutable kin), which is
    /// non-escapable: the mock records a copy of what it holds, `[UInt8]` or `[Element]`, which
    /// matchers check (swift-subprocess's `OutputProtocol.output(from: RawSpan)`).
    var spanCopy: (element: TypeSyntax?, recorded: String)? {
      var base = type
      while let attributed = base.as(AttributedTypeSyntax.self) { base = attributed.baseType }
      let identifier = base.as(IdentifierTypeSyntax.self)
      let member = base.as(MemberTypeSyntax.self)
      guard let name = (identifier?.name ?? member?.name)?.text,
        member == nil || member?.baseType.trimmedDescription == "Swift"
      else { return nil }
      switch name {
      case "RawSpan", "MutableRawSpan":
        return (nil, "\(self.name).withUnsafeBytes { Array($0) }")
      case "Span", "MutableSpan":
        let arguments =
          identifier?.genericArgumentClause?.arguments
          ?? member?.genericArgumentClause?.arguments
        // `Syntax(…)` reads the argument as swift-syntax 600 (a type) and 601 on (a choice) give it.
        guard let arguments, arguments.count == 1, let argument = arguments.first?.argument,
          let element = Syntax(argument).as(TypeSyntax.self)
        else { return nil }
        return (element, "\(self.name).withUnsafeBufferPointer { Array($0) }")
      default:
        return nil
      }
    }

    /// What the mock records instead of an argument it cannot keep: a non-escaping closure, or
    /// a value of the standard library's noncopyable types.
    var placeholder: String? {
      if isNonEscapingClosure { return "NonEscapingClosure" }
      var base = type
      while let attributed = base.as(AttributedTypeSyntax.self) { base = attributed.baseType }
      // The last name first, cheaper to read than the text.
      let name = base.as(IdentifierTypeSyntax.self)?.name ?? base.as(MemberTypeSyntax.self)?.name
      guard let name, name.text == "ExecutorJob" || name.text == "Job" else { return nil }
      return Self.noncopyable.contains(base.trimmedText) ? "NonCopyableArgument" : nil
    }

    /// The standard library's noncopyable types that a requirement may take.
    private static let noncopyable: Set<String> = [
      "ExecutorJob", "Job", "Swift.ExecutorJob", "Swift.Job", "_Concurrency.ExecutorJob",
      "_Concurrency.Job",
    ]

    /// The type an argument matcher checks: without `inout`, `@escaping` or `@autoclosure`,
    /// `some P` as `any P`, a variadic `T...` as `[T]`.
    func matched(_ types: TypeText) -> String {
      if let placeholder {
        return placeholder
      }
      if let copy = spanCopy {
        return "[\(copy.element.map { types.declared($0) } ?? "UInt8")]"
      }
      // Attributes that only say how the argument is passed go; `@Sendable` and such stay.
      var kept: [String] = []
      var base = type
      while let attributed = base.as(AttributedTypeSyntax.self) {
        for element in attributed.attributes {
          guard let attribute = element.as(AttributeSyntax.self) else {
            kept.append(types.declared(element))
            continue
          }
          let name = Parameter.name(of: attribute)
          if name != "escaping" && name != "autoclosure" {
            kept.append(types.declared(attribute))
          }
        }
        base = attributed.baseType
      }
      var text = types.argument(base)
      if let some = base.as(SomeOrAnyTypeSyntax.self), some.someOrAnySpecifier.text == "some" {
        text = "any " + types.declared(some.constraint)
      }
      text = (kept + [text]).joined(separator: " ")
      return isVariadic ? "[\(text)]" : text
    }
  }

  /// How a member is told apart from the others in the call log.
  struct Key {
    /// The name calls are recorded under: `fetch(sortedBy:)`; an overload's adds `#` and its
    /// type, which failure messages leave out.
    let recorded: String
    /// The name as people read it: `fetch(sortedBy:)`.
    let display: String
  }

  let decl: DeclSyntax
  let kind: Kind
  let parameters: [Parameter]

  var isStatic: Bool {
    modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
  }

  var isInitializer: Bool {
    if case .initializer = kind { return true }
    return false
  }

  private var modifiers: DeclModifierListSyntax {
    Self.modifiers(of: decl)
  }

  /// The modifiers of a protocol's requirement. A switch over the kinds a protocol can hold,
  /// where `asProtocol(WithModifiersSyntax.self)` searched the runtime's conformance tables (a
  /// tenth of the generator's time on real modules).
  static func modifiers(of decl: DeclSyntax) -> DeclModifierListSyntax {
    switch decl.kind {
    case .functionDecl: decl.cast(FunctionDeclSyntax.self).modifiers
    case .variableDecl: decl.cast(VariableDeclSyntax.self).modifiers
    case .subscriptDecl: decl.cast(SubscriptDeclSyntax.self).modifiers
    case .initializerDecl: decl.cast(InitializerDeclSyntax.self).modifiers
    case .associatedTypeDecl: decl.cast(AssociatedTypeDeclSyntax.self).modifiers
    case .typeAliasDecl: decl.cast(TypeAliasDeclSyntax.self).modifiers
    default: decl.asProtocol(WithModifiersSyntax.self)?.modifiers ?? []
    }
  }

  /// The attributes of a protocol's requirement (see ``modifiers(of:)``).
  static func attributes(of decl: DeclSyntax) -> AttributeListSyntax {
    switch decl.kind {
    case .functionDecl: decl.cast(FunctionDeclSyntax.self).attributes
    case .variableDecl: decl.cast(VariableDeclSyntax.self).attributes
    case .subscriptDecl: decl.cast(SubscriptDeclSyntax.self).attributes
    case .initializerDecl: decl.cast(InitializerDeclSyntax.self).attributes
    case .associatedTypeDecl: decl.cast(AssociatedTypeDeclSyntax.self).attributes
    case .typeAliasDecl: decl.cast(TypeAliasDeclSyntax.self).attributes
    default: decl.asProtocol(WithAttributesSyntax.self)?.attributes ?? []
    }
  }

  /// Attributes, access and modifiers as the mock declares the member, with a trailing space.
  func prefix(types: TypeText, access: String) -> String {
    let attributes = Self.attributes(of: decl)
    // A loop: a syntax collection's `filter` rebuilds the collection.
    var attributeText = ""
    for attribute in attributes where Self.keepsMeaning(attribute) {
      attributeText += types.declared(attribute) + " "
    }
    // Mapped before filtering: filtering a syntax collection rebuilds it. `override` restates
    // a parent's requirement in a protocol (the toolchain's interface writes it); a mock's
    // implementation overrides nothing.
    let kept = modifiers.map { ($0.name.text, $0.trimmedText) }
      .filter { !["mutating", "nonmutating", "class", "override"].contains($0.0) }
      .map { $0.1 + " " }.joined()
    let isStatic = self.isStatic && !kept.contains("static ") ? "static " : ""
    return attributeText + access + isStatic + kept
  }

  /// Whether a requirement's attribute means the same on the mock's implementation. An
  /// attribute the generator does not know could be a result builder (`@ViewBuilder var body`):
  /// it is left out (the implementation's explicit `return` disables a builder inferred from
  /// the requirement), except a global actor (by convention a name ending in `Actor`), whose
  /// isolation the mock must keep.
  private static func keepsMeaning(_ element: AttributeListSyntax.Element) -> Bool {
    guard let attribute = element.as(AttributeSyntax.self) else { return true }  // `#if`
    let name = Parameter.name(of: attribute)
    return knownAttributes.contains(name) || name.hasSuffix("Actor")
  }

  /// Attributes that mean the same on a mock's implementation as on the requirement.
  private static let knownAttributes: Set<String> = [
    "available", "discardableResult", "preconcurrency", "Sendable", "objc", "nonobjc",
    "inlinable", "usableFromInline", "backDeployed", "_spi", "MainActor",
  ]

  /// Reads a requirement, or says why it cannot be mocked.
  static func make(
    _ decl: DeclSyntax, closureAliases: Set<String> = []
  ) -> Result<Member, MockDiagnostic> {
    if let optional = modifiers(of: decl).first(where: {
      $0.name.text == "optional"
    }) {
      return .failure(
        MockDiagnostic(
          optional,
          "optional requirements need Objective-C and cannot be mocked; declare the "
            + "member as a plain requirement with a default implementation in an extension"))
    }
    if let function = decl.as(FunctionDeclSyntax.self) {
      return .success(
        Member(
          decl: decl, kind: .function(function),
          parameters: parameters(
            function.signature.parameterClause.parameters, labelled: true,
            closureAliases: closureAliases)))
    }
    if let variable = decl.as(VariableDeclSyntax.self) {
      return property(variable, decl: decl)
    }
    if let declaration = decl.as(SubscriptDeclSyntax.self) {
      let (getter, isSettable) = accessors(declaration.accessorBlock)
      return .success(
        Member(
          decl: decl, kind: .subscript(declaration, getter: getter, isSettable: isSettable),
          parameters: parameters(
            declaration.parameterClause.parameters, labelled: false,
            closureAliases: closureAliases)))
    }
    if let initializer = decl.as(InitializerDeclSyntax.self) {
      return .success(
        Member(
          decl: decl, kind: .initializer(initializer),
          parameters: parameters(
            initializer.signature.parameterClause.parameters, labelled: true,
            closureAliases: closureAliases)))
    }
    if decl.is(TypeAliasDeclSyntax.self) {
      return .failure(
        MockDiagnostic(
          decl, "a typealias inside a protocol cannot be mocked; declare it next to the protocol"))
    }
    if decl.is(IfConfigDeclSyntax.self) {
      return .failure(
        MockDiagnostic(
          decl, "#if inside a protocol is not supported; declare one protocol per configuration"))
    }
    return .failure(MockDiagnostic(decl, "this declaration cannot be mocked"))
  }

  private static func property(_ variable: VariableDeclSyntax, decl: DeclSyntax) -> Result<
    Member, MockDiagnostic
  > {
    guard variable.bindings.count == 1, let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let type = binding.typeAnnotation?.type
    else {
      return .failure(
        MockDiagnostic(variable, "declare one property per `var`, with its type"))
    }
    let (getter, isSettable) = accessors(binding.accessorBlock)
    return .success(
      Member(
        decl: decl,
        kind: .property(name: name, type: type, getter: getter, isSettable: isSettable),
        parameters: []))
  }

  private static func accessors(_ block: AccessorBlockSyntax?) -> (Effects, Bool) {
    guard case .accessors(let list) = block?.accessors else { return (.none, false) }
    let getter = list.first { $0.accessorSpecifier.text == "get" }
    // An accessor's effects name an error type at most, never `Self`.
    let types = TypeText(mockName: "")
    return (
      Effects(getter?.effectSpecifiers, types: types),
      list.contains { $0.accessorSpecifier.text == "set" }
    )
  }

  private static func parameters(
    _ list: FunctionParameterListSyntax, labelled: Bool, closureAliases: Set<String>
  ) -> [Parameter] {
    list.enumerated().map { index, parameter in
      // A subscript's single name is only a name: its label is `_`.
      let label =
        labelled || parameter.secondName != nil ? parameter.firstName.text : "_"
      let nameToken = parameter.secondName ?? parameter.firstName
      var name = nameToken.text
      if name == "_" {
        name = "argument\(index + 1)"
      } else if Parameter.reservedWords.contains(name) {
        // `as`, `in`, `is`: fine as a label, but the body must write the name in backticks.
        name = "`\(name)`"
      }
      var base = parameter.type
      while let attributed = base.as(AttributedTypeSyntax.self) { base = attributed.baseType }
      // An alias is named by a plain identifier: no text to build for other types.
      let identifier = base.as(IdentifierTypeSyntax.self)
      let aliasName = identifier?.genericArgumentClause == nil ? identifier?.name.text : nil
      return Parameter(
        label: label, name: name, type: parameter.type, isVariadic: parameter.ellipsis != nil,
        isSubscript: !labelled,
        isClosureAlias: aliasName.map(closureAliases.contains) ?? false)
    }
  }

  /// The name a member takes in the mock's namespace: a property's name, a function's base
  /// name.
  static func simpleName(of decl: DeclSyntax) -> String? {
    if let function = decl.as(FunctionDeclSyntax.self) {
      return function.name.text
    }
    if let variable = decl.as(VariableDeclSyntax.self) {
      return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }
    return nil
  }

  /// The recorded names of `members`, with overloads told apart by their types.
  static func keys(for members: [Member], types: TypeText) -> [Key] {
    let names = members.map(name)
    var counts: [String: Int] = [:]
    for name in names {
      counts[name, default: 0] += 1
    }
    return zip(members, names).map { member, name in
      guard counts[name, default: 0] > 1 else { return Key(recorded: name, display: name) }
      return Key(recorded: name + "#" + signature(of: member, types: types), display: name)
    }
  }

  /// `fetch(sortedBy:)`, `subscript(_:)`, `init(name:)`, `name`; `static ` before a static
  /// member's name, which has its own log.
  private static func name(of member: Member) -> String {
    let labels = member.parameters.map { $0.label + ":" }.joined()
    switch member.kind {
    case .function(let function):
      return "\(function.name.text.replacingBackticks)(\(labels))"
    case .property(let name, _, _, _):
      return name.replacingBackticks
    case .subscript:
      return "subscript(\(labels))"
    case .initializer:
      return "init(\(labels))"
    }
  }

  /// The member's parameter and result types, as an overload's key adds them.
  private static func signature(of member: Member, types: TypeText) -> String {
    let parameters = member.parameters.map { $0.matched(types) }.joined(separator: ", ")
    switch member.kind {
    case .function(let function):
      let result = function.signature.returnClause.map { types.declared($0.type) } ?? "Void"
      return "(\(parameters)) -> \(result)"
    case .property(_, let type, _, _):
      return types.declared(type)
    case .subscript(let declaration, _, _):
      return "(\(parameters)) -> \(types.declared(declaration.returnClause.type))"
    case .initializer:
      return "(\(parameters))"
    }
  }

  /// The recorded name of a subscript's setter: `subscript(_:)` becomes `subscript(_:set:)`.
  static func setterKey(of getter: String) -> String {
    guard let hash = getter.firstIndex(of: "#") else {
      return String(getter.dropLast()) + "set:)"
    }
    return setterKey(of: String(getter[..<hash])) + getter[hash...]
  }
}

extension Member.Parameter {
  /// Whether the argument is a closure the mock may not keep: a function type not marked
  /// `@escaping`, or an autoclosure.
  static func isNonEscapingClosure(_ type: TypeSyntax) -> Bool {
    var base = type
    while let attributed = base.as(AttributedTypeSyntax.self) {
      let names = attributeNames(attributed)
      if names.contains("escaping") {
        return false
      }
      if names.contains("autoclosure") {
        return true
      }
      base = attributed.baseType
    }
    return base.is(FunctionTypeSyntax.self)
  }

  /// The names of an attributed type's attributes: `escaping`, `Sendable`.
  private static func attributeNames(_ type: AttributedTypeSyntax) -> [String] {
    type.attributes.compactMap { $0.as(AttributeSyntax.self).map(name) }
  }

  /// An attribute's name: `escaping`, `Sendable`, `MainActor`.
  static func name(of attribute: AttributeSyntax) -> String {
    attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text
      ?? attribute.attributeName.trimmedText
  }
}

extension String {
  /// The name without the backticks that let it be a keyword.
  fileprivate var replacingBackticks: String {
    utf8.contains(UInt8(ascii: "`")) ? filter { $0 != "`" } : self
  }
}
