import SwiftParser
import SwiftSyntax

/// Everything a mock must implement: the requirements of a protocol and of the protocols it
/// inherits from, and what kind of type the mock has to be.
struct ProtocolRequirements {
  /// The protocol being mocked.
  let root: ProtocolDeclSyntax
  /// Its members, then its parents' members, each once; those inside `#if` blocks too.
  private(set) var members: [MemberBlockItemSyntax] = []
  /// The methods and initializers in `members` by name, to find one declared again: each
  /// signature (what it throws aside) with its index in `members`; signatures are compared only
  /// when a name comes again.
  private var methodsByName: [String: [(signature: String, index: Int)]] = [:]
  /// The names of the properties in `members`, each after its `#if` condition and a NUL, to
  /// find a property declared again at once.
  private var propertyKeys: Set<String> = []
  /// The `#if` condition under which a member is declared, by the member's syntax ID: the
  /// mock declares its implementation under the same condition.
  private(set) var conditions: [SyntaxIdentifier: String] = [:]
  /// Associated types, each once, the first declaration of a name winning.
  private(set) var associatedTypes: [AssociatedTypeDeclSyntax] = []
  /// The later declarations of each associated type, by name. A child's `override
  /// associatedtype SubSequence` (BidirectionalCollection's) comes first, and its parent's
  /// (Collection's `SubSequence: Collection = Slice<Self> where …`) adds its default,
  /// constraints and requirements: see ``defaultValue(of:)``, ``constraints(of:)`` and
  /// ``requirements(of:)``.
  private var redeclarations: [String: [AssociatedTypeDeclSyntax]] = [:]
  /// Associated types declared inside `#if` blocks, with their conditions, every branch's:
  /// a branch may constrain one otherwise (swift-crypto's `HashFunction.Digest`).
  private(set) var conditionalAssociatedTypes:
    [(condition: String, declaration: AssociatedTypeDeclSyntax)] = []
  /// Attributes the mock takes from the protocols: a global actor such as `@MainActor`.
  private(set) var attributes: [String] = []
  /// `where` clauses of the protocols, for the mock's own.
  private(set) var whereRequirements: [GenericRequirementSyntax.Requirement] = []
  /// Whether the protocol inherits from `Actor`: the mock is an actor.
  private(set) var isActor = false
  /// Whether the protocol inherits from `Equatable` (or `Hashable`): the mock compares by
  /// identity.
  private(set) var isEquatable = false
  /// Whether the protocol inherits from `Hashable`: the mock hashes its identity.
  private(set) var isHashable = false
  /// Typealiases of function types, from the files read and the protocols' bodies: their
  /// parameters are non-escaping closures.
  private(set) var closureAliases: Set<String> = []
  /// The values of the typealiases declared in the protocols' bodies, by name, the first
  /// declaration of a name winning: the mock's own `where` clause cannot see them.
  private(set) var typeAliases: [String: TypeSyntax] = [:]
  /// Problems that stop the mock from being generated.
  private(set) var diagnostics: [MockDiagnostic] = []
  /// The members each protocol's own extensions implement, by protocol name (`assay mock`
  /// reads them in the files; the macro sees none).
  private let implementedByExtensions: [String: Set<String>]

  /// Parents every mock can conform to without their declaration.
  static let knownParents: Set<String> = [
    "Sendable", "AnyObject", "Actor", "Equatable", "Hashable", "class", "Swift.Sendable",
    "Swift.AnyObject", "Swift.Actor", "Swift.Equatable", "Swift.Hashable", "_Concurrency.Actor",
  ]

  /// Collects the requirements of `root` and of the protocols it inherits from (directly or
  /// not), found by name in `parentsByName`. `unresolvedParent` words the problem of a parent
  /// that is neither known nor found.
  init(
    root: ProtocolDeclSyntax,
    parentsByName byName: [String: ProtocolDeclSyntax],
    closureAliases: Set<String> = [],
    implementedByExtensions: [String: Set<String>] = [:],
    unresolvedParent: (String) -> String
  ) {
    self.root = root
    self.closureAliases = closureAliases
    self.implementedByExtensions = implementedByExtensions
    var visited: Set<String> = []
    // A standard protocol carries its standard parents' requirements: those are not
    // collected again (`Collection`'s default `makeIterator()` covers `Sequence`'s).
    var queue = [(declaration: root, carried: false)]
    while !queue.isEmpty {
      let (declaration, carried) = queue.removeFirst()
      guard visited.insert(declaration.name.text).inserted else { continue }
      if !carried {
        collect(declaration)
      } else if let clause = declaration.genericWhereClause {
        // BinaryInteger's `where Self.Magnitude == Self.Magnitude.Magnitude`, which
        // FixedWidthInteger's members do not say.
        whereRequirements += clause.requirements.map(\.requirement)
      }
      let carries = StandardProtocols.contains(declaration)
      for inherited in declaration.inheritanceClause?.inheritedTypes ?? [] {
        for (name, arguments) in Self.parents(in: inherited.type) {
          switch name {
          case "Actor", "Swift.Actor", "_Concurrency.Actor": isActor = true
          case "Hashable", "Swift.Hashable": (isHashable, isEquatable) = (true, true)
          case "Equatable", "Swift.Equatable": isEquatable = true
          default: break
          }
          // `~Copyable` lifts a requirement rather than adding one: a class mock is copyable.
          if Self.knownParents.contains(name) || name.hasPrefix("~") { continue }
          // The standard protocols write `Swift.Numeric`; declarations go by simple name.
          if let parent = byName[name] ?? StandardProtocols.byName[
            StandardProtocols.unqualified(name)]
            ?? byName[StandardProtocols.unqualified(name)]
          {
            queue.append((parent, carries && StandardProtocols.contains(parent)))
            whereRequirements += Self.binding(arguments, to: parent)
          } else {
            diagnostics.append(
              MockDiagnostic(inherited.type, unresolvedParent(name), unresolvedParent: name))
          }
        }
      }
    }
    droppingRequirementsMadeTheSameByFixedTypes()
  }

  /// Drops a method or initializer that a same-type requirement makes one with another
  /// collected before it: swift-syntax's `SyntaxExpressibleByStringInterpolation` restates
  /// `init(stringInterpolation: StringInterpolation)` as `init(stringInterpolation:
  /// SyntaxStringInterpolation)` where `Self.StringInterpolation == SyntaxStringInterpolation`,
  /// and the mock, whose typealias fixes the type, declared the same initializer twice.
  private mutating func droppingRequirementsMadeTheSameByFixedTypes() {
    let names = Set(associatedTypes.map(\.name.text))
    var fixed: [String: String] = [:]
    for requirement in whereRequirements {
      guard let sameType = requirement.as(SameTypeRequirementSyntax.self) else { continue }
      let (left, right) = (Syntax(sameType.leftType), Syntax(sameType.rightType))
      for (named, value) in [(left, right), (right, left)] {
        var name = named.trimmedText
        if name.hasPrefix("Self.") { name.removeFirst("Self.".count) }
        // `Magnitude == Magnitude.Magnitude` constrains, and fixes nothing.
        guard names.contains(name), fixed[name] == nil,
          !value.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name })
        else { continue }
        fixed[name] = value.trimmedText
        break
      }
    }
    guard !fixed.isEmpty else { return }
    var seen: Set<String> = []
    let dropped = Set(
      members.compactMap { member -> SyntaxIdentifier? in
        let signature: String
        if let function = member.decl.as(FunctionDeclSyntax.self) {
          signature = function.name.text + Self.functionSignature(of: function, fixing: fixed)
        } else if let initializer = member.decl.as(InitializerDeclSyntax.self) {
          signature = "init" + Self.initializerSignature(of: initializer, fixing: fixed)
        } else {
          return nil
        }
        return seen.insert((conditions[member.id] ?? "") + "\0" + signature).inserted
          ? nil : member.id
      })
    members.removeAll { dropped.contains($0.id) }
  }

  /// Declarations by name; the first of a name wins.
  static func byName(_ declarations: [ProtocolDeclSyntax]) -> [String: ProtocolDeclSyntax] {
    Dictionary(declarations.map { ($0.name.text, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// `Codable` as `Encodable` and `Decodable`; other names as they are.
  private static func expandingCompositions(_ name: String) -> [String] {
    StandardProtocols.compositions[StandardProtocols.unqualified(name)] ?? [name]
  }

  /// The protocols an inherited type names, each with the types given for its primary
  /// associated types: `A & B` names two, `Codable` two more, `Source<Page>` one, with `Page`.
  private static func parents(in type: TypeSyntax) -> [(name: String, arguments: [String])] {
    if let composition = type.as(CompositionTypeSyntax.self) {
      return composition.elements.flatMap { parents(in: $0.type) }
    }
    if let suppressed = type.as(SuppressedTypeSyntax.self) {
      return parents(in: suppressed.type).map { ("~" + $0.name, $0.arguments) }
    }
    let arguments: GenericArgumentClauseSyntax?
    let name: String
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      (arguments, name) = (identifier.genericArgumentClause, identifier.name.text)
    } else if let member = type.as(MemberTypeSyntax.self) {
      (arguments, name) = (
        member.genericArgumentClause, "\(member.baseType.trimmedText).\(member.name.text)"
      )
    } else {
      return expandingCompositions(type.trimmedText).map { ($0, []) }
    }
    guard let arguments else { return expandingCompositions(type.trimmedText).map { ($0, []) } }
    return [(name, arguments.arguments.map { $0.argument.trimmedText })]
  }

  /// `P<Page>` says of `protocol P<Source>` that `Source == Page`: the requirements that bind
  /// `parent`'s primary associated types to `arguments`, in order.
  private static func binding(_ arguments: [String], to parent: ProtocolDeclSyntax)
    -> [GenericRequirementSyntax.Requirement]
  {
    let primaries = parent.primaryAssociatedTypeClause?.primaryAssociatedTypes ?? []
    return zip(primaries, arguments).compactMap { primary, argument in
      let text = "protocol P where \(primary.name.text) == \(argument) {}"
      return Parser.parse(source: text).statements.first?.item.as(ProtocolDeclSyntax.self)?
        .genericWhereClause?.requirements.first?.requirement
    }
  }

  /// Attributes that only a protocol may carry: never copied onto the mock class.
  private static let protocolOnlyAttributes: Set<String> = [
    "_marker", "rethrows", "reasync", "_typeEraser", "_show_in_interface",
  ]

  /// The default of `associated`, or of the first later declaration of it that has one.
  func defaultValue(of associated: AssociatedTypeDeclSyntax) -> TypeSyntax? {
    associated.initializer?.value
      ?? redeclarations[associated.name.text]?.lazy.compactMap { $0.initializer?.value }.first
  }

  /// The types `associated` conforms to, as all its declarations say, each once; `nil` for
  /// none.
  func constraints(of associated: AssociatedTypeDeclSyntax) -> [TypeSyntax]? {
    var seen: Set<String> = []
    let types = declarations(of: associated).flatMap { declaration in
      (declaration.inheritanceClause?.inheritedTypes ?? []).map(\.type).filter {
        seen.insert($0.trimmedText).inserted
      }
    }
    return types.isEmpty ? nil : types
  }

  /// The `where` requirements of all the declarations of `associated`, each once.
  func requirements(of associated: AssociatedTypeDeclSyntax) -> [GenericRequirementSyntax
    .Requirement]
  {
    var seen: Set<String> = []
    return declarations(of: associated).flatMap { declaration in
      (declaration.genericWhereClause?.requirements ?? []).map(\.requirement).filter {
        seen.insert($0.trimmedText).inserted
      }
    }
  }

  /// `associated` and its later declarations.
  private func declarations(of associated: AssociatedTypeDeclSyntax) -> [AssociatedTypeDeclSyntax] {
    [associated] + redeclarations[associated.name.text, default: []]
  }

  private mutating func collect(_ declaration: ProtocolDeclSyntax) {
    for attribute in declaration.attributes {
      guard let attribute = attribute.as(AttributeSyntax.self) else {
        // `#if ... @Mock #endif` says when to mock; other conditional attributes apply to the
        // mock too.
        let text = attribute.trimmedText
        if !text.contains("@Mock"), !attributes.contains(text) {
          attributes.append(text)
        }
        continue
      }
      let name = attribute.attributeName.trimmedText
      if name == "Mock" || name == "AssayMock.Mock" || name == "objc"
        || Self.protocolOnlyAttributes.contains(name)
      {
        continue
      }
      let text = attribute.trimmedText
      if !attributes.contains(text) {
        attributes.append(text)
      }
    }
    if let clause = declaration.genericWhereClause {
      whereRequirements += clause.requirements.map(\.requirement)
    }
    collect(declaration.memberBlock.members, condition: nil, of: declaration.name.text)
  }

  /// Collects `items`, declared under `condition` (nil: always).
  private mutating func collect(
    _ items: MemberBlockItemListSyntax, condition: String?, of protocolName: String
  ) {
    for member in items {
      if let block = member.decl.as(IfConfigDeclSyntax.self) {
        // `#if A ... #elseif B ... #else ...`: A, then !(A) && B, then !(A) && !(B).
        var previous: [String] = []
        for clause in block.clauses {
          let own = clause.condition.map { "(\($0.trimmedText))" }
          let parts =
            [condition].compactMap { $0 } + previous.map { "!\($0)" } + [own].compactMap { $0 }
          if let own { previous.append(own) }
          guard case .decls(let nested) = clause.elements else { continue }
          collect(nested, condition: parts.joined(separator: " && "), of: protocolName)
        }
        continue
      }
      if let alias = member.decl.as(TypeAliasDeclSyntax.self) {
        // The mock conforms to the protocol, so it has the typealias already.
        if Self.isFunctionType(alias.initializer.value) { closureAliases.insert(alias.name.text) }
        if typeAliases[alias.name.text] == nil {
          typeAliases[alias.name.text] = alias.initializer.value
        }
        continue
      }
      if Self.refersToItselfInGenericRequirements(member.decl),
        let name = Self.memberName(of: member.decl),
        implementedByExtensions[protocolName]?.contains(name) == true
      {
        // `subscript<Field>(...) -> AliasedField<Self, Field> where Field.Model == Self.Model`
        // (FluentKit's ModelAlias), implemented by the protocol's own extension: a mock's
        // implementation could have self-referential generic requirements, which Swift
        // rejects (or crashes on), so the mock keeps the extension's.
        continue
      }
      if let condition { conditions[member.id] = condition }
      if let associated = member.decl.as(AssociatedTypeDeclSyntax.self) {
        if let condition { conditionalAssociatedTypes.append((condition, associated)) }
        if !associatedTypes.contains(where: { $0.name.text == associated.name.text }) {
          associatedTypes.append(associated)
        } else if condition == nil {
          // A branch's declaration is the mock's for that branch alone (see above).
          redeclarations[associated.name.text, default: []].append(associated)
        }
      } else if let function = member.decl.as(FunctionDeclSyntax.self) {
        // A child declares the parent's method again (swift-nio's `EventLoop.enqueue(_:)`
        // over `Executor`'s): one method.
        collectMethod(member, function.name.text, Self.functionSignature(of: function))
      } else if let initializer = member.decl.as(InitializerDeclSyntax.self) {
        // FloatingPoint's `init?<Source>(exactly value: Source)` over Numeric's
        // `init?<T>(exactly source: T)`: one initializer.
        collectMethod(member, "init", Self.initializerSignature(of: initializer))
      } else if let name = Self.propertyName(of: member),
        !propertyKeys.insert((condition ?? "") + "\0" + name).inserted
      {
        // A child redeclares a parent's property (`{ get set }` over `{ get }`): the child's
        // declaration, collected first, is the one to implement.
        continue
      } else {
        members.append(member)
      }
    }
  }

  /// Whether `declaration` has a requirement (perhaps inside `#if`) that its mock leaves to
  /// the protocol's extension when the extension implements it
  /// (``refersToItselfInGenericRequirements(_:)``).
  static func leavesRequirementsToExtensions(_ declaration: ProtocolDeclSyntax) -> Bool {
    func anyRefersToItself(_ items: MemberBlockItemListSyntax) -> Bool {
      items.contains { item in
        guard let block = item.decl.as(IfConfigDeclSyntax.self) else {
          return refersToItselfInGenericRequirements(item.decl)
        }
        return block.clauses.contains { clause in
          guard case .decls(let nested) = clause.elements else { return false }
          return anyRefersToItself(nested)
        }
      }
    }
    return anyRefersToItself(declaration.memberBlock.members)
  }

  /// Collects a method or initializer unless one of the same signature, what it throws aside,
  /// was collected already; then the one collected throws only what both may throw
  /// (postgres-nio's `PostgresDynamicTypeEncodable.encode(into:context:)` restates its parent's
  /// `throws` requirement without it, and two methods that differ only in throwing are an
  /// invalid redeclaration). Swift overloads on `async`, so `run() async throws` over `run()
  /// throws` stays two (swift-argument-parser's `AsyncParsableCommand`); typed throws of two
  /// different types stay two requirements.
  private mutating func collectMethod(
    _ member: MemberBlockItemSyntax, _ name: String, _ signature: String
  ) {
    guard
      let index = methodsByName[name, default: []].first(where: { $0.signature == signature })?
        .index,
      let weakest = Self.weakestThrowing(of: members[index].decl, member.decl)
    else {
      methodsByName[name, default: []].append((signature, members.count))
      members.append(member)
      return
    }
    let collected = members[index]
    let effects = weakest.asyncSpecifier == nil && weakest.throwsClause == nil ? nil : weakest
    let replaced =
      collected.decl.as(FunctionDeclSyntax.self).map {
        DeclSyntax($0.with(\.signature.effectSpecifiers, effects))
      }
      ?? collected.decl.as(InitializerDeclSyntax.self).map {
        DeclSyntax($0.with(\.signature.effectSpecifiers, effects))
      }
    if let replaced, replaced.trimmedDescription != collected.decl.trimmedDescription {
      let kept = collected.with(\.decl, replaced)
      conditions[kept.id] = conditions[collected.id]
      members[index] = kept
    }
  }

  /// The effects of two declarations that suspend alike, throwing only what both may throw
  /// (no specifier at all when the result neither suspends nor throws), `nil` when no one
  /// declaration can (`throws(A)` and `throws(B)`).
  private static func weakestThrowing(
    of first: DeclSyntax, _ second: DeclSyntax
  ) -> FunctionEffectSpecifiersSyntax? {
    func specifiers(_ decl: DeclSyntax) -> FunctionEffectSpecifiersSyntax? {
      decl.as(FunctionDeclSyntax.self)?.signature.effectSpecifiers
        ?? decl.as(InitializerDeclSyntax.self)?.signature.effectSpecifiers
    }
    let (a, b) = (specifiers(first), specifiers(second))
    var throwsClause: ThrowsClauseSyntax?
    if let x = a?.throwsClause, let y = b?.throwsClause {
      if x.trimmedDescription == y.trimmedDescription || x.throwsSpecifier.text == "rethrows" {
        throwsClause = x
      } else if y.throwsSpecifier.text == "rethrows" {
        throwsClause = y
      } else if x.type == nil || y.type == nil {
        throwsClause = x.type == nil ? y : x  // `throws(E)` over `throws`
      } else {
        return nil
      }
    }
    return FunctionEffectSpecifiersSyntax(
      asyncSpecifier: a?.asyncSpecifier, throwsClause: throwsClause?.with(\.leadingTrivia, .space))
  }

  /// Whether a generic requirement passes `Self` as a generic argument and constrains its own
  /// generic parameters with a `where` clause.
  static func refersToItselfInGenericRequirements(_ decl: DeclSyntax) -> Bool {
    let whereClause =
      decl.as(FunctionDeclSyntax.self)?.genericWhereClause
      ?? decl.as(SubscriptDeclSyntax.self)?.genericWhereClause
    guard whereClause != nil else { return false }
    // `Self` as a generic argument (`<Self>`, `<Key, Self>`), found by tokens rather than by
    // a regular expression over the text (a twentieth of the generator's time).
    var previous: TokenKind?
    var tokens = decl.tokens(viewMode: .sourceAccurate).makeIterator()
    while let token = tokens.next() {
      if token.tokenKind == .keyword(.Self), previous == .leftAngle || previous == .comma,
        let next = token.nextToken(viewMode: .sourceAccurate)?.tokenKind,
        next == .comma || next == .rightAngle
      {
        return true
      }
      previous = token.tokenKind
    }
    return false
  }

  /// `subscript(dynamicMember:)`, `handle(_:on:)`: how a protocol and its extensions name a
  /// method or subscript.
  public static func memberName(of decl: DeclSyntax) -> String? {
    if let function = decl.as(FunctionDeclSyntax.self) {
      let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
      return "\(function.name.text)(\(labels.joined()))"
    }
    if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
      let labels = subscriptDecl.parameterClause.parameters.map {
        "\($0.secondName == nil ? "_" : $0.firstName.text):"
      }
      return "subscript(\(labels.joined()))"
    }
    return nil
  }

  /// Whether `type` is a function type, perhaps with attributes (`@Sendable (Int) -> Void`).
  static func isFunctionType(_ type: TypeSyntax) -> Bool {
    var base = type
    while let attributed = base.as(AttributedTypeSyntax.self) { base = attributed.baseType }
    return base.is(FunctionTypeSyntax.self)
  }

  /// `enqueue(_:consuming ExecutorJob)`: a method's name, labels, parameter types, whether it
  /// suspends, and result; overloads that differ in any of them (`async throws` against
  /// `-> EventLoopFuture<Void>`) are different requirements, what they throw alone does not.
  /// A method's signature as a caller sees it: labels and types, not the parameters' names
  /// (an operator has no labels: AlgebraicField's `/(a:b:)` is FloatingPoint's `/(lhs:rhs:)`),
  /// generic parameters by position.
  private static func functionSignature(
    of function: FunctionDeclSyntax, fixing fixed: [String: String] = [:]
  ) -> String {
    var isOperator = true
    if case .identifier = function.name.tokenKind { isOperator = false }
    let signature = function.signature
    return signatureText(
      modifiers: function.modifiers.map(\.name.text).filter { $0 == "prefix" || $0 == "postfix" },
      generics: function.genericParameterClause, whereClause: function.genericWhereClause,
      parameters: signature.parameterClause.parameters, labelled: !isOperator,
      isAsync: signature.effectSpecifiers?.asyncSpecifier != nil,
      result: signature.returnClause?.type.trimmedText ?? "Void", fixed: fixed)
  }

  /// An initializer's signature as ``functionSignature(of:)`` writes a method's.
  private static func initializerSignature(
    of initializer: InitializerDeclSyntax, fixing fixed: [String: String] = [:]
  ) -> String {
    signatureText(
      modifiers: [initializer.optionalMark?.text ?? ""],
      generics: initializer.genericParameterClause, whereClause: initializer.genericWhereClause,
      parameters: initializer.signature.parameterClause.parameters, labelled: true,
      isAsync: initializer.signature.effectSpecifiers?.asyncSpecifier != nil, result: "",
      fixed: fixed)
  }

  private static func signatureText(
    modifiers: [String], generics: GenericParameterClauseSyntax?,
    whereClause: GenericWhereClauseSyntax?, parameters: FunctionParameterListSyntax,
    labelled: Bool, isAsync: Bool, result: String, fixed: [String: String] = [:]
  ) -> String {
    let list = parameters.map { (labelled ? $0.firstName.text : "") + ":" + $0.type.trimmedText }
    // `<T: BinaryInteger>` and `<T> where T : Swift.BinaryInteger` alike: the constraints,
    // inline or not, sorted.
    var constraints = (whereClause?.requirements ?? []).map(\.requirement.trimmedText)
    for parameter in generics?.parameters ?? [] {
      if let inherited = parameter.inheritedType {
        constraints.append(parameter.name.text + ":" + inherited.trimmedText)
      }
    }
    var text =
      modifiers.joined(separator: " ") + "(" + list.joined(separator: ",") + ")"
      + (isAsync ? "async" : "") + "->"
      + result + "<\(generics?.parameters.count ?? 0)>"
    // `<T>` and `<Source>` alike: each generic parameter by its position; `Swift.Int` and `Int`
    // alike, spaces aside.
    let positions = (generics?.parameters ?? []).enumerated().map { ($1.name.text, "τ\($0)") }
    // Associated types that a same-type requirement fixes, as the types they are.
    let named = Dictionary(positions, uniquingKeysWith: { a, _ in a }).merging(fixed) { a, _ in a }
    // `Self.StringInterpolation` (as the toolchain's interface writes a requirement) and
    // `StringInterpolation` alike; `_Concurrency.ExecutorJob` (the toolchain's `SerialExecutor`)
    // and `ExecutorJob` (swift-nio's `EventLoop`) too.
    let normalized = { (text: String) in
      StandardProtocols.modules.reduce(
        TypeText.expanding(
          named, in: text.replacing(/\bSelf\./.wordBoundaryKind(.simple), with: ""))
      ) { $0.replacing($1, with: "") }.filter { $0 != " " }
    }
    text = normalized(text) + constraints.map(normalized).sorted().joined(separator: ",")
    return text
  }

  private static func propertyName(of member: MemberBlockItemSyntax) -> String? {
    member.decl.as(VariableDeclSyntax.self)?.bindings.first?.pattern
      .as(IdentifierPatternSyntax.self)?.identifier.text
  }
}
