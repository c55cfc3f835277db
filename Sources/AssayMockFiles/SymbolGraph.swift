import Foundation

/// The parts of a symbol graph (`swift symbolgraph-extract`'s JSON) that describe protocols:
/// their requirements, and the default implementations their extensions give.
struct SymbolGraph: Decodable {
  /// A declaration of the module.
  struct Symbol: Decodable {
    struct Kind: Decodable { let identifier: String }
    struct Identifier: Decodable { let precise: String }
    struct Names: Decodable { let title: String }
    /// A piece of a declaration's text: a keyword, an identifier, a type's name (with the
    /// type's USR), plain text.
    struct Fragment: Decodable {
      let kind: String
      let spelling: String
      let preciseIdentifier: String?
    }
    /// A requirement of a generic signature: `Self.SubSequence == Slice<Self>`.
    struct Constraint: Decodable {
      let kind: String
      let lhs: String
      let rhs: String
    }
    /// What an extension member's extension requires.
    struct Extension: Decodable { let constraints: [Constraint]? }
    struct FunctionSignature: Decodable {
      struct Parameter: Decodable { let declarationFragments: [Fragment]? }
      let parameters: [Parameter]?
      let returns: [Fragment]?
    }
    /// Where and since when a declaration is available, or deprecated.
    struct Availability: Decodable {
      struct Version: Decodable { let major: Int? }
      let isUnconditionallyDeprecated: Bool?
      let deprecated: Version?
    }

    let kind: Kind
    let identifier: Identifier
    let names: Names
    /// The type a member belongs to first (`["Collection", "subscript(_:)"]`).
    let pathComponents: [String]
    let declarationFragments: [Fragment]?
    let swiftExtension: Extension?
    let functionSignature: FunctionSignature?
    let availability: [Availability]?
    /// The generic parameters of a generic declaration.
    let swiftGenerics: Generics?
    struct Generics: Decodable {
      struct Parameter: Decodable { let name: String }
      let parameters: [Parameter]?
    }

    /// What the declaration's own generic parameters must be, as written with them named by
    /// their position: BinaryInteger's `init<T>(_: T)` is two requirements, `where T:
    /// BinaryInteger` and `where T: BinaryFloatingPoint`.
    /// Read in the declaration's `where` clause: a requirement's `swiftGenerics` leaves it out.
    var genericConstraints: [String] {
      let names = Set((swiftGenerics?.parameters ?? []).map(\.name))
      let text = declaration
      guard !names.isEmpty, let clause = text.range(of: " where ", options: .backwards) else {
        return []
      }
      let end = text[clause.upperBound...].range(of: " {")?.lowerBound ?? text.endIndex
      return text[clause.upperBound..<end].components(separatedBy: ", ").filter { constraint in
        names.contains(String(constraint.prefix { $0 != "." && $0 != " " }))
      }.map(positional).sorted()
    }

    /// Whether some platform, or every one, deprecates it.
    var isDeprecated: Bool {
      (availability ?? []).contains {
        $0.isUnconditionallyDeprecated == true || $0.deprecated != nil
      }
    }

    /// The declaration, as Swift.
    var declaration: String { (declarationFragments ?? []).map(\.spelling).joined() }

    /// The parameters' types, as written: what tells one overload from another (all the
    /// subscripts of `Collection` are `subscript(_:)`).
    /// Generic parameters are named by their position (`insert<S>(contentsOf: S, …)` and
    /// its default `insert<C>(contentsOf: C, …)` take the same types).
    var parameterTypes: [String] {
      (functionSignature?.parameters ?? []).map { parameter in
        let text = (parameter.declarationFragments ?? []).map(\.spelling).joined()
        guard let colon = text.range(of: ": ") else { return positional(text) }
        return positional(String(text[colon.upperBound...]))
      }
    }

    /// `type` with the declaration's generic parameters named `τ0`, `τ1`, ….
    func positional(_ type: String) -> String {
      var type = type
      for (position, parameter) in (swiftGenerics?.parameters ?? []).enumerated() {
        type = type.replacingOccurrences(
          of: "\\b\(parameter.name)\\b", with: "τ\(position)", options: .regularExpression)
      }
      return type
    }

    /// What a method or subscript returns, or a property's type, as written; `nil` for others.
    var resultType: String? {
      if let returns = functionSignature?.returns {
        return positional(returns.map(\.spelling).joined())
      }
      guard kind.identifier.hasSuffix("property"), let colon = declaration.range(of: ": ") else {
        return nil
      }
      let rest = declaration[colon.upperBound...]
      return String(rest[..<(rest.range(of: " {")?.lowerBound ?? rest.endIndex)])
    }
  }

  /// How two symbols relate: `requirementOf`, `defaultImplementationOf`, `inheritsFrom`, ….
  struct Relationship: Decodable {
    let kind: String
    let source: String
    let target: String
    let targetFallback: String?
  }

  let symbols: [Symbol]
  let relationships: [Relationship]
  /// The module that declares each symbol, by USR, where the graph was merged with others:
  /// see ``init(merging:)``.
  var modules: [String: String] = [:]

  private enum CodingKeys: String, CodingKey {
    case symbols, relationships
  }
}
