import SwiftSyntax

/// Writes the source of one mock from a protocol's requirements.
struct MockWriter {
  let requirements: ProtocolRequirements
  let mockName: String
  let types: TypeText
  /// The access modifier of the mock and its members, with a trailing space, or nothing.
  let access: String
  /// `nonisolated ` where the mock is isolated to an actor, so tests reach its call log from
  /// anywhere; nothing otherwise.
  let nonisolated: String
  /// The name of the property that holds the calls: `calls`, unless the protocol uses it.
  let callsName: String
  /// The name of the static property that holds the static calls.
  let staticCallsName: String
  private(set) var diagnostics: [MockDiagnostic] = []

  /// The mock's name as its failure messages say it: without a raw identifier's backticks.
  var recordedName: String { mockName.filter { $0 != "`" } }

  init(requirements: ProtocolRequirements, mockName: String) {
    self.requirements = requirements
    let root = requirements.root
    self.mockName = mockName
    types = TypeText(
      mockName: mockName,
      aliases: Self.expandedAliases(of: requirements, types: TypeText(mockName: mockName)))
    let modifiers = root.modifiers.map(\.name.text)
    access =
      ["public", "package", "open"].first { modifiers.contains($0) }.map {
        ($0 == "open" ? "public" : $0) + " "
      } ?? ""
    let isolated =
      requirements.isActor || requirements.attributes.contains { $0.hasSuffix("Actor") }
    nonisolated = isolated ? "nonisolated " : ""
    let used = Set(requirements.members.compactMap { Member.simpleName(of: $0.decl) })
    callsName = used.contains("calls") ? "mockCalls" : "calls"
    staticCallsName = used.contains("staticCalls") ? "mockStaticCalls" : "staticCalls"
  }

  /// The typealiases of the protocols' bodies whose values name an associated type, by name,
  /// their values written by `types` with the other aliases expanded: the mock writes these
  /// values. swift-syntax's `ListBuilder` declares `Expression = FinalResult.Element` and
  /// `Component = [Expression]` and names them in its requirements; a mock's member naming them
  /// resolved them through the conformance that the member witnesses ("circular reference").
  /// Function types keep their names, which say their parameters are non-escaping.
  static func expandedAliases(
    of requirements: ProtocolRequirements, types: TypeText
  ) -> [String: String] {
    let values = requirements.typeAliases.filter { !requirements.closureAliases.contains($0.key) }
      .mapValues { types.declared($0) }
    let associated = Set(requirements.associatedTypes.map(\.name.text))
    return values.mapValues { TypeText.expanding(values, in: $0) }.filter {
      !associated.isDisjoint(with: identifiers(in: $0.value))
    }
  }

  /// The mock's declaration.
  mutating func write() -> String {
    var conditions: [String?] = []
    let members = requirements.members.compactMap { item -> Member? in
      switch Member.make(item.decl, closureAliases: requirements.closureAliases) {
      case .success(let member):
        conditions.append(requirements.conditions[item.id])
        return member
      case .failure(let diagnostic):
        diagnostics.append(diagnostic)
        return nil
      }
    }
    let keys = Member.keys(for: members, types: types)
    var implementations: [String] = []
    var instancePatterns: [String] = []
    var staticPatterns: [String] = []
    var initializers: [String] = []
    var requiresPlainInit = false
    // An operator is static and recorded, but has no pattern: it still needs the storage.
    var hasStatics = false
    var written: Set<String> = []
    for ((member, key), condition) in zip(zip(members, keys), conditions) {
      var rendered = render(member, key: key)
      if let condition {
        // Declared inside `#if` in the protocol: the same condition in the mock.
        rendered.implementation = Self.conditional(rendered.implementation, on: condition)
        rendered.patterns = rendered.patterns.map { Self.conditional($0, on: condition) }
      }
      guard written.insert(rendered.implementation).inserted else { continue }  // A parent's too.
      // A requirement redeclared `async` by a child (swift-argument-parser's
      // `AsyncParsableCommand.run()`) has the parent's key: one stubbing member serves both.
      rendered.patterns = rendered.patterns.filter { written.insert($0).inserted }
      if member.isInitializer {
        initializers.append(rendered.implementation)
        requiresPlainInit = requiresPlainInit || member.parameters.isEmpty
      } else {
        implementations.append(rendered.implementation)
      }
      if member.isStatic {
        hasStatics = true
        staticPatterns += rendered.patterns
      } else {
        instancePatterns += rendered.patterns
      }
    }
    let body =
      [storage(requiresPlainInit: requiresPlainInit)] + initializers + implementations
      + identity() + staticStorage(hasStatics: hasStatics)
      + [callsType("Calls", instancePatterns, about: "this mock's")]
      + (hasStatics
        ? [callsType("StaticCalls", staticPatterns, about: "the mock type's static")] : [])
    // Associated types declared in `#if` branches: a mock per branch, under its condition, as
    // a class's generic parameters cannot follow `#if`.
    var branches: [String] = []
    for (condition, _) in requirements.conditionalAssociatedTypes
    where !branches.contains(condition) {
      branches.append(condition)
    }
    guard !branches.isEmpty else {
      return declaration(body: body, associatedTypes: requirements.associatedTypes)
    }
    return branches.map { branch in
      let chosen = requirements.associatedTypes.map { associated in
        requirements.conditionalAssociatedTypes.first {
          $0.condition == branch && $0.declaration.name.text == associated.name.text
        }?.declaration ?? associated
      }
      return Self.conditional(declaration(body: body, associatedTypes: chosen), on: branch)
    }.joined(separator: "\n")
  }

  // MARK: - The type

  private mutating func declaration(
    body: [String], associatedTypes: [AssociatedTypeDeclSyntax]
  ) -> String {
    let attributes = requirements.attributes.map { $0 + "\n" }.joined()
    var generics: [String] = []
    var typealiases: [String] = []
    // `protocol Server where Context: Source` with `typealias Context = Responder.Context` in
    // its body: the mock's `where` clause says `Responder.Context`.
    let types = self.types
    let aliases = requirements.typeAliases.mapValues { types.declared($0) }
    let declared = { (node: any SyntaxProtocol) in
      TypeText.expanding(aliases, in: types.declared(node))
    }
    var whereRequirements = requirements.whereRequirements.map(declared)
    // `protocol RequestHandler: Handler where Input == Request` fixes an associated type: the
    // mock names it with a typealias (a generic parameter fixed by `==` is an error).
    var fixed: [String: String] = [:]
    let associatedNames = Set(associatedTypes.map(\.name.text))
    for requirement in requirements.whereRequirements {
      guard let sameType = requirement.as(SameTypeRequirementSyntax.self) else { continue }
      // Either side may name the associated type: `Input == Request`, and FloatingPoint's
      // `Self == Self.Magnitude`.
      let (left, right) = (Syntax(sameType.leftType), Syntax(sameType.rightType))
      for (named, value) in [(left, right), (right, left)] {
        var name = named.trimmedText
        if name.hasPrefix("Self.") { name.removeFirst("Self.".count) }
        let text = declared(value)
        // `Magnitude == Magnitude.Magnitude` (BinaryInteger) constrains, and fixes nothing.
        guard associatedNames.contains(name), fixed[name] == nil,
          !Self.identifiers(in: text).contains(name)
        else { continue }
        fixed[name] = text
        whereRequirements.removeAll { $0 == declared(requirement) }
        break
      }
    }
    // fluent's `ModelSessionAuthenticatable: Model, SessionAuthenticatable where SessionID ==
    // IDValue`: the generic parameter for `IDValue` must meet what `SessionID` requires too
    // (`LosslessStringConvertible`), or the mock does not conform to the second parent.
    for associated in associatedTypes {
      guard var other = fixed[associated.name.text] else { continue }
      if other.hasPrefix("Self.") { other.removeFirst("Self.".count) }
      guard associatedNames.contains(other), fixed[other] == nil else { continue }
      whereRequirements +=
        (requirements.constraints(of: associated) ?? []).map { "\(other): \(declared($0))" }
    }
    // A member's generic parameter named like an associated type would shadow the mock's
    // generic parameter: the mock's takes another name, and a typealias keeps the first.
    let memberGenerics = Set(
      requirements.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
        .flatMap { $0.genericParameterClause?.parameters.map(\.name.text) ?? [] })
    for associated in associatedTypes {
      let name = associated.name.text
      // Sequence's `Element == Iterator.Element` holds for a fixed `Element` too (swift-crypto's
      // `Digest: Sequence where Element == UInt8`); the filter below keeps what the mock's
      // `where` clause can say.
      whereRequirements += requirements.requirements(of: associated).map(declared)
      // A child's `where Source == Never` beats the parent's `associatedtype Source = String`,
      // and AsyncSequence's `Failure == AsyncIterator.Failure` its `Failure = any Error`.
      if let value = fixed[name] ?? boundToAnother(associated, among: associatedNames)
        ?? requirements.defaultValue(of: associated).map(declared)
      {
        typealiases.append("\(access)typealias \(name) = \(value)")
        continue
      }
      if memberGenerics.contains(name) {
        let renamed = name + "Type"
        typealiases.append("\(access)typealias \(name) = \(renamed)")
        let constraints = requirements.constraints(of: associated)?.map(declared)
        generics.append(
          constraints.map { "\(renamed): \($0.joined(separator: " & "))" } ?? renamed)
        continue
      }
      let constraints = requirements.constraints(of: associated)?.map(declared)
      generics.append(constraints.map { "\(name): \($0.joined(separator: " & "))" } ?? name)
    }
    // The mock's `where` clause cannot name its typealiases: a fixed associated type is written
    // as its value (Sequence's `Iterator.Element == Element` where `Element == UInt8`), and a
    // requirement on one (`Magnitude: AlgebraicField` where `Self == Self.Magnitude`), which
    // holds through the conformance, is left out: each requirement kept is on a generic
    // parameter.
    // Nor can it name a typealias through a generic parameter's member (Collection's
    // `Element == Iterator.Element` where `Iterator = IndexingIterator<Self>`): a requirement
    // is kept where every associated type it names is a generic parameter.
    let parameters = Set(generics.map { String($0.prefix { $0 != ":" }) })
    whereRequirements = whereRequirements.map { TypeText.expanding(fixed, in: $0) }.filter {
      let roots = Self.rootIdentifiers(in: $0)
      return roots.contains(where: parameters.contains)
        && roots.allSatisfy { !associatedNames.contains($0) || parameters.contains($0) }
    }
    refuseSelfReferences(generics + whereRequirements, associatedTypes: associatedTypes)
    let kind = requirements.isActor ? "actor" : "final class"
    let genericClause = generics.isEmpty ? "" : "<\(generics.joined(separator: ", "))>"
    let conformances =
      [Self.qualifiedName(of: requirements.root)] + (requirements.isActor ? [] : ["Sendable"])
    let whereClause =
      whereRequirements.isEmpty ? "" : " where \(whereRequirements.joined(separator: ", "))"
    return """
      /// A mock of `\(requirements.root.name.text)`, generated by Assay: it records every call and
      /// answers with what the test stubbed through ``\(callsName)``.
      \(attributes)\(access)\(kind) \(mockName)\(genericClause): \(conformances.joined(separator: ", "))\(whereClause) {
      \((typealiases + body).map { Self.indented($0) }.joined(separator: "\n\n"))
      }
      """
  }

  /// A generic parameter whose requirements name the conforming type (`associatedtype Key:
  /// KeyPair where Key.PublicKey == Self`) would make the mock name itself in its own generic
  /// requirements, which Swift forbids ("generic class has self-referential generic
  /// requirements"): a diagnostic on the requirement, and no mock.
  ///
  /// - Parameters:
  ///   - written: The generic parameters and `where` requirements as the mock writes them,
  ///     `Self` written as the mock's name.
  ///   - associatedTypes: The associated types the mock is generic over.
  private mutating func refuseSelfReferences(
    _ written: [String], associatedTypes: [AssociatedTypeDeclSyntax]
  ) {
    guard written.contains(where: { Self.identifiers(in: $0).contains(mockName) }) else {
      return
    }
    let protocolName = requirements.root.name.text
    var nodes: [Syntax] = requirements.whereRequirements.map(Syntax.init)
    for associated in associatedTypes {
      nodes += (requirements.constraints(of: associated) ?? []).map(Syntax.init)
      nodes += requirements.requirements(of: associated).map(Syntax.init)
    }
    let node =
      nodes.first { Self.identifiers(in: types.declared($0)).contains(mockName) }
      ?? Syntax(requirements.root.name)
    guard !diagnostics.contains(where: { $0.node.id == node.id }) else { return }  // A branch's.
    diagnostics.append(
      MockDiagnostic(
        node,
        "'\(protocolName)' requires '\(node.trimmedText)', which names the conforming type: a mock "
          + "generic over the protocol's associated types would name itself in its own generic "
          + "requirements, which Swift forbids; write a mock that fixes them by hand"))
  }

  private func storage(requiresPlainInit: Bool) -> String {
    let defaultStrict = requiresPlainInit ? "" : " = true"
    return """
      /// The calls this mock received and the answers stubbed for them:
      /// `verify(mock.\(callsName).member(.any))`, `mock.\(callsName).member(.any).willReturn(value)`.
      \(access)\(nonisolated)let \(callsName): Calls

      /// Creates a mock.
      ///
      /// - Parameter strict: Whether a call with no stubbed answer fails; a relaxed mock answers it
      ///   with the result type's default value (`Defaultable`).
      \(access)init(strict: Bool\(defaultStrict)) {
        self.\(callsName) = Calls(recorder: CallRecorder("\(recordedName)", strict: strict))
      }
      """
  }

  private func staticStorage(hasStatics: Bool) -> [String] {
    guard hasStatics else { return [] }
    return [
      """
      /// The calls of static members, shared by every instance and every test: reset them with
      /// `\(mockName).\(staticCallsName).recorder.reset()`.
      \(access)\(nonisolated)static var \(staticCallsName): StaticCalls {
        StaticCalls(recorder: .forStaticMembers(of: Self.self, name: "\(recordedName)"))
      }
      """
    ]
  }

  /// `==` and `hash(into:)` by identity, for a protocol that inherits `Equatable` or
  /// `Hashable`; one the protocols declare themselves (swift-protobuf's `AnyExtensionField`
  /// requires `hash(into:)`) is implemented as a requirement, recorded, and not again here.
  private func identity() -> [String] {
    let declared = Set(
      requirements.members.compactMap { ProtocolRequirements.memberName(of: $0.decl) })
    let declaresEquality = requirements.members.contains {
      $0.decl.as(FunctionDeclSyntax.self)?.name.text == "=="
    }
    var members: [String] = []
    if requirements.isEquatable, !declaresEquality {
      members.append(
        """
        \(access)nonisolated static func == (lhs: \(mockName), rhs: \(mockName)) -> Bool {
          lhs === rhs
        }
        """)
    }
    if requirements.isHashable, !declared.contains("hash(into:)") {
      members.append(
        """
        \(access)nonisolated func hash(into hasher: inout Hasher) {
          hasher.combine(ObjectIdentifier(self))
        }
        """)
    }
    return members
  }

  private func callsType(_ name: String, _ patterns: [String], about whose: String) -> String {
    """
    /// Stubbing and verification of \(whose) members: a `MockCall` per member.
    \(access)struct \(name): Sendable {
      /// The call log.
      \(access)let recorder: CallRecorder
    \(patterns.map { "\n" + Self.indented($0) }.joined(separator: "\n"))
    }
    """
  }

  /// `text` with every non-empty line indented by two spaces. Works on UTF-8 bytes: the
  /// generator spends its time here, and lines split on characters cost 4 times as much.
  static func indented(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var indented: [UInt8] = []
      indented.reserveCapacity(bytes.count + bytes.count / 8)
      var lineStart = 0
      while lineStart < bytes.count {
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        if lineEnd > lineStart {
          indented.append(UInt8(ascii: " "))
          indented.append(UInt8(ascii: " "))
          indented.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]))
        }
        if lineEnd < bytes.count { indented.append(UInt8(ascii: "\n")) }
        lineStart = lineEnd + 1
      }
      return String(decoding: indented, as: UTF8.self)
    }
  }

  // MARK: - Members

  private func render(_ member: Member, key: Member.Key) -> (
    implementation: String, patterns: [String]
  ) {
    switch member.kind {
    case .function(let function):
      return renderFunction(function, member: member, key: key)
    case .property(let name, let type, let getter, let isSettable):
      return renderProperty(
        name, type: type, getter: getter, isSettable: isSettable, member: member, key: key)
    case .subscript(let declaration, let getter, let isSettable):
      return renderSubscript(
        declaration, getter: getter, isSettable: isSettable, member: member, key: key)
    case .initializer(let declaration):
      return renderInitializer(declaration, member: member, key: key)
    }
  }

  private func recorder(_ member: Member) -> String {
    member.isStatic ? "Self.\(staticCallsName).recorder" : "self.\(callsName).recorder"
  }

  /// The call that records and answers, by how the member throws.
  private func answer(_ member: Member, key: String, effects: Effects, arguments: [String])
    -> String
  {
    let list = ([Self.quoted(key)] + arguments).joined(separator: ", ")
    switch effects.throwing {
    case .none: return "\(recorder(member)).answer(\(list))"
    case .untyped: return "try \(recorder(member)).throwingAnswer(\(list))"
    case .typed(let type): return "try \(recorder(member)).answer(\(list), throwing: \(type).self)"
    }
  }

  private func renderFunction(
    _ function: FunctionDeclSyntax, member: Member, key: Member.Key
  ) -> (implementation: String, patterns: [String]) {
    let signature = function.signature
    let effects = Effects(signature.effectSpecifiers, types: types)
    let result = signature.returnClause.map { types.declared($0.type) }
    let generics = function.genericParameterClause.map(types.declared) ?? ""
    let whereClause = function.genericWhereClause.map { " " + types.declared($0) } ?? ""
    let parameters = member.parameters
    let unstubbable = result.flatMap { Self.mayBeNoncopyable($0, in: function) ? $0 : nil }
    let body =
      unstubbable.map {
        noAnswer(
          member, key: key.recorded, effects: effects, arguments: parameters.map(\.recorded),
          result: $0)
      } ?? "return "
      + answer(member, key: key.recorded, effects: effects, arguments: parameters.map(\.recorded))
    let implementation = """
      \(member.prefix(types: types, access: access))func \(function.name.text)\(generics)(\(parameters.map { $0.declared(types) }.joined(separator: ", ")))\(effects.text)\(result.map { " -> \($0)" } ?? "")\(whereClause) {
        \(body)
      }
      """
    guard case .identifier = function.name.tokenKind else {
      return (implementation, [])  // Operators: no factory (see the generator's docs).
    }
    let pattern = patternFunction(
      name: function.name.text, generics: function.genericParameterClause,
      parameters: parameters,
      result: unstubbable == nil
        ? signature.returnClause.map { types.argument($0.type) } ?? "Void" : "Void",
      whereClause: function.genericWhereClause, key: key.recorded,
      about: "Calls of `\(key.display)`"
        + (unstubbable == nil
          ? "" : ", to verify: its result may be noncopyable, which no stub holds"))
    return (implementation, [pattern])
  }

  /// Whether `result` names a generic parameter of `function` that may be noncopyable
  /// (`<Return: ~Copyable>`): a stub holds values it copies, so the mock records the call and
  /// fails it (swift-configuration's `ConfigProvider.watchSnapshot`).
  private static func mayBeNoncopyable(_ result: String, in function: FunctionDeclSyntax) -> Bool {
    var suppressed: [String] = []
    for parameter in function.genericParameterClause?.parameters ?? [] {
      if parameter.inheritedType?.trimmedText.contains("~Copyable") == true {
        suppressed.append(parameter.name.text)
      }
    }
    for requirement in function.genericWhereClause?.requirements ?? [] {
      if let conformance = requirement.requirement.as(ConformanceRequirementSyntax.self),
        conformance.rightType.trimmedText.contains("~Copyable")
      {
        suppressed.append(conformance.leftType.trimmedText)
      }
    }
    guard !suppressed.isEmpty else { return false }
    return !Set(identifiers(in: result)).isDisjoint(with: suppressed)
  }

  /// The call that records a call whose result no stub can hold, and fails it.
  private func noAnswer(
    _ member: Member, key: String, effects: Effects, arguments: [String], result: String
  ) -> String {
    let list = ([Self.quoted(key)] + arguments + ["result: \(Self.quoted(result))"])
      .joined(separator: ", ")
    if case .untyped = effects.throwing {
      return "try \(recorder(member)).throwingNoAnswer(\(list))"
    }
    return "\(recorder(member)).noAnswer(\(list))"
  }

  private func renderProperty(
    _ name: String, type: TypeSyntax, getter: Effects, isSettable: Bool, member: Member,
    key: Member.Key
  ) -> (implementation: String, patterns: [String]) {
    let argument = types.argument(type)
    let type = types.declared(type)
    // An explicit `return`: a result builder on the requirement (`@ViewBuilder var body`) is
    // inferred for its witness, and would turn a bare expression into a builder's body.
    let get = "return " + answer(member, key: key.recorded, effects: getter, arguments: [])
    let setter = "\(name)(set:)"
    let body =
      isSettable
      ? """
      get { \(get) }
      set { \(recorder(member)).record(\(Self.quoted(setter)), newValue) }
      """
      : getter.text.isEmpty ? get : "get\(getter.text) { \(get) }"
    let implementation = """
      \(member.prefix(types: types, access: access))var \(name): \(type) {
      \(Self.indented(body))
      }
      """
    var patterns = [
      """
      /// Reads of `\(name)`.
      \(access)var \(name): MockCall<(), \(argument)> {
        MockCall(self.recorder, \(Self.quoted(key.recorded)))
      }
      """
    ]
    if isSettable {
      patterns.append(
        """
        /// Writes of `\(name)`.
        \(access)func \(name)(set value: ArgumentMatcher<\(argument)>) -> MockCall<\(argument), Void> {
          MockCall(self.recorder, \(Self.quoted(setter)), value)
        }
        """)
    }
    return (implementation, patterns)
  }

  private func renderSubscript(
    _ declaration: SubscriptDeclSyntax, getter: Effects, isSettable: Bool, member: Member,
    key: Member.Key
  ) -> (implementation: String, patterns: [String]) {
    let result = types.declared(declaration.returnClause.type)
    let generics = declaration.genericParameterClause.map(types.declared) ?? ""
    let whereClause = declaration.genericWhereClause.map { " " + types.declared($0) } ?? ""
    let parameters = member.parameters
    let arguments = parameters.map(\.recorded)
    let get = "return " + answer(member, key: key.recorded, effects: getter, arguments: arguments)
    let setter = Member.setterKey(of: key.recorded)
    let body =
      isSettable
      ? """
      get { \(get) }
      set { \(recorder(member)).record(\((["\"\(setter)\""] + arguments + ["newValue"]).joined(separator: ", "))) }
      """
      : getter.text.isEmpty ? get : "get\(getter.text) { \(get) }"
    let implementation = """
      \(member.prefix(types: types, access: access))subscript\(generics)(\(parameters.map { $0.declared(types) }.joined(separator: ", "))) -> \(result)\(whereClause) {
      \(Self.indented(body))
      }
      """
    var patterns = [
      patternFunction(
        name: "`subscript`", generics: declaration.genericParameterClause,
        parameters: parameters, result: types.argument(declaration.returnClause.type),
        whereClause: declaration.genericWhereClause, key: key.recorded,
        about: "Reads through the subscript")
    ]
    if isSettable {
      let value = Member.Parameter(label: "set", name: "value", type: declaration.returnClause.type)
      patterns.append(
        patternFunction(
          name: "`subscript`", generics: declaration.genericParameterClause,
          parameters: parameters + [value], result: "Void",
          whereClause: declaration.genericWhereClause, key: setter,
          about: "Writes through the subscript"))
    }
    return (implementation, patterns)
  }

  private func renderInitializer(
    _ declaration: InitializerDeclSyntax, member: Member, key: Member.Key
  ) -> (implementation: String, patterns: [String]) {
    let parameters = member.parameters
    let generics = declaration.genericParameterClause.map(types.declared) ?? ""
    let whereClause = declaration.genericWhereClause.map { " " + types.declared($0) } ?? ""
    let effects = Effects(declaration.signature.effectSpecifiers, types: types)
    let record = ([Self.quoted(key.recorded)] + parameters.map(\.recorded)).joined(separator: ", ")
    let implementation = """
      \(member.prefix(types: types, access: access))init\(declaration.optionalMark?.text ?? "")\(generics)(\(parameters.map { $0.declared(types) }.joined(separator: ", ")))\(effects.text)\(whereClause) {
        self.\(callsName) = Calls(recorder: CallRecorder("\(recordedName)"))
        self.\(callsName).recorder.record(\(record))
      }
      """
    let pattern = patternFunction(
      name: "initializer", generics: declaration.genericParameterClause, parameters: parameters,
      result: "Void", whereClause: declaration.genericWhereClause, key: key.recorded,
      about: "Calls of `\(key.display)`, on the mock it made")
    return (implementation, [pattern])
  }

  private func patternFunction(
    name: String, generics clause: GenericParameterClauseSyntax?, parameters: [Member.Parameter],
    result: String, whereClause requirements: GenericWhereClauseSyntax?, key: String,
    about: String
  ) -> String {
    let matched = parameters.map { $0.matched(types) }
    let arguments =
      matched.count == 1 ? matched[0] : "(\(matched.joined(separator: ", ")))"
    let list = zip(parameters, matched).map { parameter, matched in
      "\(parameter.labelled): ArgumentMatcher<\(matched)>"
    }
    let (generics, whereClause) = patternGenerics(
      clause, requirements, usedIn: matched + [result])
    let matchers = ([Self.quoted(key)] + parameters.map(\.name)).joined(separator: ", ")
    return """
      /// \(about).
      \(access)func \(name)\(generics)(\(list.joined(separator: ", "))) -> MockCall<\(arguments), \(result)>\(whereClause) {
        MockCall(self.recorder, \(matchers))
      }
      """
  }

  /// The generic parameters of a `calls` factory: those of the member that its matchers or
  /// result use. A parameter used only where the mock records a placeholder (a non-escaping
  /// closure, `@autoclosure () -> Instant`) would be one the factory cannot infer, which Swift
  /// rejects; it is left out with the requirements that name it.
  private func patternGenerics(
    _ clause: GenericParameterClauseSyntax?, _ requirements: GenericWhereClauseSyntax?,
    usedIn types: [String]
  ) -> (generics: String, whereClause: String) {
    guard clause != nil || requirements != nil else { return ("", "") }
    let used = Set(types.flatMap(Self.identifiers))
    // Arrays, not syntax collections, whose `filter` and `with` rebuild the nodes.
    let parameters = clause.map { Array($0.parameters) } ?? []
    let kept = parameters.filter { used.contains($0.name.text) }
    let dropped = Set(parameters.map(\.name.text)).subtracting(kept.map(\.name.text))
    let generics =
      kept.isEmpty
      ? ""
      : "<"
        + kept.map { self.types.declared($0, upTo: $0.trailingComma) }
        .joined(separator: ", ") + ">"
    let requirements = (requirements?.requirements ?? []).map {
      self.types.declared($0.requirement)
    }
    .filter { Set(Self.identifiers(in: $0)).isDisjoint(with: dropped) }
    let whereClause =
      requirements.isEmpty ? "" : " where " + requirements.joined(separator: ", ")
    return (generics, whereClause)
  }

  /// The names in `text` that are not members of another (`Iterator` and not `Element` in
  /// `Iterator.Element`; `Self.` is read as nothing).
  private static func rootIdentifiers(in text: String) -> [String] {
    var roots: [String] = []
    var afterDot = false
    var current = ""
    for character in text + " " {
      if character == "_" || character.isLetter || character.isNumber {
        current.append(character)
        continue
      }
      if !current.isEmpty {
        if !afterDot, current != "Self" { roots.append(current) }
        // `Self.Iterator`: `Iterator` is a root.
        afterDot = character == "." && current != "Self"
      } else if character != " " {
        afterDot = false
      }
      current = ""
    }
    return roots
  }

  /// The other associated type's member that a same-type requirement of `associated` makes it
  /// where it has a default too (`AsyncIterator.Failure` for AsyncSequence's `Failure = any
  /// Error`), or `nil`.
  private func boundToAnother(_ associated: AssociatedTypeDeclSyntax, among names: Set<String>)
    -> String?
  {
    let name = associated.name.text
    guard requirements.defaultValue(of: associated) != nil else { return nil }
    for requirement in requirements.requirements(of: associated) {
      guard let sameType = requirement.as(SameTypeRequirementSyntax.self) else { continue }
      let (left, right) = (Syntax(sameType.leftType), Syntax(sameType.rightType))
      for (named, value) in [(left, right), (right, left)] {
        let text = named.trimmedText
        guard text == name || text == "Self.\(name)" else { continue }
        let roots = Self.rootIdentifiers(in: value.trimmedText)
        guard value.trimmedText.contains("."), let root = roots.first, root != name,
          names.contains(root)
        else { continue }
        return types.declared(value)
      }
    }
    return nil
  }

  /// The identifiers in a type's text: `Dictionary<Key, [Value]>` gives Dictionary, Key, Value.
  private static func identifiers(in text: String) -> [String] {
    // By bytes: any non-ASCII byte belongs to a name (Swift's other characters do not appear
    // in types), and Character's Unicode properties cost a fifth of this function.
    text.utf8.split { byte in
      !(byte >= 0x80 || byte == UInt8(ascii: "_")
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
    }.map { String(decoding: $0, as: UTF8.self) }
  }

  /// The protocol's name as code outside its enclosing types writes it: `Logger.Attribute` for
  /// a protocol nested in `Logger` (or in an extension of it). A macro's mock is declared next
  /// to the protocol, where the detached syntax has no parent: the simple name.
  static func qualifiedName(of declaration: ProtocolDeclSyntax) -> String {
    var names = [declaration.name.text]
    var node = declaration.parent
    while let current = node {
      // The kinds that can hold a protocol, by kind rather than by `asProtocol`, which
      // searches the runtime's conformance tables for each node on the way up.
      switch current.kind {
      case .structDecl: names.insert(current.cast(StructDeclSyntax.self).name.text, at: 0)
      case .classDecl: names.insert(current.cast(ClassDeclSyntax.self).name.text, at: 0)
      case .enumDecl: names.insert(current.cast(EnumDeclSyntax.self).name.text, at: 0)
      case .actorDecl: names.insert(current.cast(ActorDeclSyntax.self).name.text, at: 0)
      case .extensionDecl:
        names.insert(current.cast(ExtensionDeclSyntax.self).extendedType.trimmedText, at: 0)
      default: break
      }
      node = current.parent
    }
    return names.joined(separator: ".")
  }

  /// `code` inside `#if condition ... #endif`.
  static func conditional(_ code: String, on condition: String) -> String {
    "#if \(condition)\n\(code)\n#endif"
  }

  /// `text` as a string literal. Member names hold no quotes or backslashes, but types in an
  /// overload's key might.
  static func quoted(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
    else { return "\"" + text + "\"" }
    var literal = "\""
    for character in text {
      if character == "\"" || character == "\\" {
        literal.append("\\")
      }
      literal.append(character)
    }
    return literal + "\""
  }
}
