import SwiftSyntax

/// What a name stands for at a place of a file, as far as the file says: the declaration
/// nearest the place that binds it (a local before it, a binding of an `if`, a `guard`, a
/// `for` or a `case`, a closure's or a function's parameter, a property of an enclosing
/// type, a global of the file), by its type or its value. ``Concatenation`` asks it whether
/// a sum joins strings or arrays.
enum NameLookup {
  /// How a name was bound.
  enum Binding {
    /// With a type: `contents: String`, `let head: String`.
    case typed(TypeSyntax)
    /// With a value and no type: `let appendix = Array(…)`.
    case initialized(ExprSyntax)
    /// Where the file says neither (`if let`, `for`, a closure's parameter, a tuple).
    case unknown
  }

  /// The binding of `name` nearest `place`, or `nil` when the file has none.
  static func binding(of name: String, at place: Syntax) -> Binding? {
    if name.hasPrefix("$") { return .unknown }
    var child = place
    while let parent = child.parent {
      if let found = binding(of: name, in: parent, holding: child) { return found }
      child = parent
    }
    return nil
  }

  /// The binding of `self.name` or `Self.name`: a property of an enclosing type.
  static func binding(ofMember member: MemberAccessExprSyntax) -> Binding? {
    guard isSelf(member.base), member.declName.argumentNames == nil else { return nil }
    let name = member.declName.baseName.text
    var node = Syntax(member)
    while let parent = node.parent {
      if let members = parent.as(MemberBlockItemListSyntax.self),
        let found = property(name, in: members)
      {
        return found
      }
      node = parent
    }
    return nil
  }

  /// The type that the function a call names returns, when the file declares it (in an
  /// enclosing type or at the top level), with one result type for every overload.
  static func resultType(ofCall call: FunctionCallExprSyntax) -> TypeSyntax? {
    let name: String
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
    } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      isSelf(member.base)
    {
      name = member.declName.baseName.text
    } else {
      return nil
    }
    var results: [TypeSyntax] = []
    var node = Syntax(call)
    while let parent = node.parent {
      let declarations: [DeclSyntax]
      if let members = parent.as(MemberBlockItemListSyntax.self) {
        declarations = members.map(\.decl)
      } else if let file = parent.as(SourceFileSyntax.self) {
        declarations = file.statements.compactMap { $0.item.as(DeclSyntax.self) }
      } else {
        declarations = []
      }
      for function in declarations.compactMap({ $0.as(FunctionDeclSyntax.self) })
      where function.name.text == name {
        guard let result = function.signature.returnClause?.type else { return nil }
        results.append(result)
      }
      node = parent
    }
    guard let first = results.first,
      results.allSatisfy({ $0.trimmedDescription == first.trimmedDescription })
    else { return nil }
    return first
  }

  /// `self` or `Self`.
  private static func isSelf(_ base: ExprSyntax?) -> Bool {
    guard let base else { return false }
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      return ["self", "Self"].contains(reference.baseName.text)
    }
    return base.as(TypeExprSyntax.self)?.type.trimmedDescription == "Self"
  }

  /// The binding of `name` that `parent` makes for its child `child`, if any.
  private static func binding(of name: String, in parent: Syntax, holding child: Syntax)
    -> Binding?
  {
    if let statements = parent.as(CodeBlockItemListSyntax.self) {
      // A global is seen everywhere in the file; a local only after its declaration.
      let everywhere = statements.parent?.is(SourceFileSyntax.self) == true
      for item in statements.reversed() {
        if !everywhere, item.position >= child.position { continue }
        if let declaration = item.item.as(VariableDeclSyntax.self),
          let found = variable(name, in: declaration)
        {
          return found
        }
        if let guardStatement = item.item.as(GuardStmtSyntax.self),
          binds(name, guardStatement.conditions)
        {
          return .unknown
        }
      }
      return nil
    }
    if let members = parent.as(MemberBlockItemListSyntax.self) {
      return property(name, in: members)
    }
    if let function = parent.as(FunctionDeclSyntax.self) {
      return parameter(name, in: function.signature.parameterClause.parameters)
    }
    if let initializer = parent.as(InitializerDeclSyntax.self) {
      return parameter(name, in: initializer.signature.parameterClause.parameters)
    }
    if let subscriptDecl = parent.as(SubscriptDeclSyntax.self) {
      return parameter(name, in: subscriptDecl.parameterClause.parameters)
    }
    if let closure = parent.as(ClosureExprSyntax.self), let signature = closure.signature {
      if let parameters = signature.parameterClause?.as(ClosureParameterClauseSyntax.self) {
        for parameter in parameters.parameters
        where (parameter.secondName ?? parameter.firstName).text == name {
          return parameter.type.map { .typed($0) } ?? .unknown
        }
      }
      return binds(name, signature) ? .unknown : nil
    }
    if parent.is(IfExprSyntax.self) || parent.is(WhileStmtSyntax.self)
      || parent.is(ForStmtSyntax.self) || parent.is(SwitchCaseSyntax.self)
      || parent.is(CatchClauseSyntax.self)
    {
      if parent.is(CatchClauseSyntax.self), name == "error" { return .unknown }
      // What the statement binds, outside the child that holds the place.
      return parent.children(viewMode: .sourceAccurate).contains {
        $0.id != child.id && binds(name, $0)
      } ? .unknown : nil
    }
    if parent.is(AccessorDeclSyntax.self), ["newValue", "oldValue"].contains(name) {
      return .unknown
    }
    return nil
  }

  /// The binding of `name` by a `let` or `var` declaration.
  private static func variable(_ name: String, in declaration: VariableDeclSyntax) -> Binding? {
    for binding in declaration.bindings {
      if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
        guard identifier.identifier.text == name else { continue }
        if let type = binding.typeAnnotation?.type { return .typed(type) }
        return binding.initializer.map { .initialized($0.value) } ?? .unknown
      }
      if binds(name, binding.pattern) { return .unknown }
    }
    return nil
  }

  /// The binding of `name` by a property among `members`.
  private static func property(_ name: String, in members: MemberBlockItemListSyntax) -> Binding? {
    for member in members {
      if let declaration = member.decl.as(VariableDeclSyntax.self),
        let found = variable(name, in: declaration)
      {
        return found
      }
    }
    return nil
  }

  /// The binding of `name` by a function's parameter.
  private static func parameter(_ name: String, in parameters: FunctionParameterListSyntax)
    -> Binding?
  {
    for parameter in parameters where (parameter.secondName ?? parameter.firstName).text == name {
      return .typed(parameter.type)
    }
    return nil
  }

  /// Whether `node` binds `name` in a pattern: `let name`, `case .a(let name)`, `for name in`.
  private static func binds(_ name: String, _ node: some SyntaxProtocol) -> Bool {
    node.tokens(viewMode: .sourceAccurate).contains { token in
      token.text == name
        && (token.parent?.is(IdentifierPatternSyntax.self) == true
          || token.parent?.is(ClosureShorthandParameterSyntax.self) == true
          || token.parent?.is(ClosureCaptureSyntax.self) == true)
    }
  }
}
