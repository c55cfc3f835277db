import SwiftParser
import SwiftSyntax

/// Quick's shared examples, registered by name in `QuickConfiguration` subclasses, as the
/// Assay ``SharedExamples`` values that replace them: read from every file of a run first, so a
/// spec in one file finds the examples another file declares.
///
/// A configuration is converted when its `configure` does nothing but declare shared examples
/// with literal names: it becomes an enum (conforming to `Spec`, for the DSL) with one
/// `SharedExamples<[String: Any]>` per name, and `itBehavesLike("name")` becomes
/// `itBehavesLike(Configuration.property)`. The context stays Quick's dictionary.
///
/// A `Behavior<Context>` subclass (its `spec(_:)` and class members) becomes an enum with one
/// typed `SharedExamples<Context>`, `behavior`, and the class members as static ones; and `itBehavesLike(Edible.self) { ... }`
/// becomes `itBehavesLike(Edible.behavior) { ... }`.
public struct QuickSharedExamples: Sendable {
  /// The behaviours converted: their names.
  private(set) var behaviors: Set<String> = []

  /// `Configuration.property` by the examples' name.
  private(set) var references: [String: String] = [:]
  /// The configurations converted, and each one's examples: name and property, in order.
  private(set) var configurations: [String: [(name: String, property: String)]] = [:]

  /// No shared examples.
  public init() {}

  /// Reads the configurations `source` declares.
  public mutating func read(_ source: String) {
    let tree = Parser.parse(source: source)
    for item in tree.statements {
      guard let declaration = item.item.as(ClassDeclSyntax.self) else { continue }
      if Self.behavior(of: declaration) != nil {
        behaviors.insert(declaration.name.text)
        continue
      }
      guard let examples = Self.sharedExamples(of: declaration) else { continue }
      var taken: Set<String> = []
      var named: [(name: String, property: String)] = []
      for (name, _) in examples {
        let property = Self.propertyName(for: name, taken: &taken)
        named.append((name, property))
        references[name] = "\(declaration.name.text).\(property)"
      }
      configurations[declaration.name.text] = named
    }
  }

  /// The reference to the examples named `name`: `EdibleConfiguration.somethingEdible`.
  func reference(to name: String) -> String? {
    references[name]
  }

  /// The `sharedExamples("name") { ... }` calls of a configuration whose `configure` holds
  /// nothing else, with their literal names; `nil` for any other class.
  static func sharedExamples(of node: ClassDeclSyntax) -> [(String, FunctionCallExprSyntax)]? {
    let parents = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
    guard parents.contains("QuickConfiguration"), node.memberBlock.members.count == 1,
      let configure = node.memberBlock.members.first?.decl.as(FunctionDeclSyntax.self),
      configure.name.text == "configure", let body = configure.body
    else { return nil }
    var found: [(String, FunctionCallExprSyntax)] = []
    for statement in body.statements {
      guard let call = statement.item.as(FunctionCallExprSyntax.self),
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "sharedExamples",
        call.trailingClosure != nil, call.arguments.count == 1,
        let name = literal(call.arguments.first?.expression)
      else { return nil }
      found.append((name, call))
    }
    return found.isEmpty ? nil : found
  }

  /// A `Behavior<Context>` whose members are `class func spec(_ context:)` and class members
  /// or types it uses: its context type, the closure's parameter name, the function and the
  /// other members; `nil` for any other class (one with instance members too).
  static func behavior(of node: ClassDeclSyntax)
    -> (
      context: String, parameter: String, spec: FunctionDeclSyntax,
      others: [MemberBlockItemSyntax]
    )?
  {
    guard
      let parent = node.inheritanceClause?.inheritedTypes.first?.type
        .as(IdentifierTypeSyntax.self),
      parent.name.text == "Behavior",
      let context = parent.genericArgumentClause?.arguments.first?.argument
    else { return nil }
    let members = node.memberBlock.members
    let specs = members.filter { $0.decl.as(FunctionDeclSyntax.self)?.name.text == "spec" }
    guard specs.count == 1, let spec = specs.first?.decl.as(FunctionDeclSyntax.self),
      spec.body != nil, spec.signature.parameterClause.parameters.count == 1,
      let parameter = spec.signature.parameterClause.parameters.first
    else { return nil }
    let others = Array(members.filter { $0.decl.as(FunctionDeclSyntax.self)?.name.text != "spec" })
    guard others.allSatisfy({ isClassMember($0.decl) }) else { return nil }
    let name = (parameter.secondName ?? parameter.firstName).text
    return (context.trimmedDescription, name == "_" ? "context" : name, spec, others)
  }

  /// Whether a declaration belongs to the class, not to an instance: what a class `spec` can
  /// use, and what an enum can hold as static members.
  private static func isClassMember(_ decl: DeclSyntax) -> Bool {
    let modifiers: DeclModifierListSyntax
    if let function = decl.as(FunctionDeclSyntax.self) {
      modifiers = function.modifiers
    } else if let variable = decl.as(VariableDeclSyntax.self) {
      modifiers = variable.modifiers
    } else {
      return decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
        || decl.is(ClassDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self)
    }
    return modifiers.contains { ["class", "static"].contains($0.name.text) }
  }

  /// The text of a string literal without interpolation, or `nil`.
  static func literal(_ expression: ExprSyntax?) -> String? {
    guard let literal = expression?.as(StringLiteralExprSyntax.self),
      literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) })
    else { return nil }
    return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
  }

  /// `somethingEdible` for "something edible": the words in lower camel case, a name Swift
  /// accepts, and not one taken already.
  static func propertyName(for name: String, taken: inout Set<String>) -> String {
    let words = name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    var property = words.enumerated().map { index, word in
      index == 0
        ? word.prefix(1).lowercased() + word.dropFirst()
        : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
    if property.isEmpty || property.first?.isNumber == true { property = "examples" + property }
    var candidate = property
    var number = 2
    while taken.contains(candidate) || Self.keywords.contains(candidate) {
      candidate = property + String(number)
      number += 1
    }
    taken.insert(candidate)
    return candidate
  }

  private static let keywords: Set<String> = [
    "spec", "examples", "it", "describe", "context", "self", "Self", "class", "struct", "let",
    "var", "func", "in", "is", "as", "default", "case", "return", "true", "false", "nil",
  ]
}
