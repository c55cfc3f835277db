import SwiftParser
import SwiftSyntax

/// Type aliases of protocols and compositions (`typealias Handler = Responder & Sendable`),
/// as protocols that inherit the aliased ones, so a protocol inheriting the alias resolves.
enum ProtocolAliases {
  /// Protocols every mock can conform to, which an alias may name with declared ones; `Any`
  /// asks nothing (an alias of it stands in for a newer protocol on older compilers).
  static let known: Set<String> = [
    "Sendable", "AnyObject", "Error", "Equatable", "Hashable", "SendableMetatype", "Any",
  ]

  static func find(
    in aliases: [TypeAliasDeclSyntax], protocols: [String: ProtocolDeclSyntax]
  ) -> [String: ProtocolDeclSyntax] {
    var found: [String: ProtocolDeclSyntax] = [:]
    for alias in aliases {
      let value = alias.initializer.value
      let parts =
        value.as(CompositionTypeSyntax.self)?.elements.map { $0.type.trimmedText }
        ?? [value.trimmedText]
      // Only aliases of protocols: of types declared here as protocols, or of `Sendable`
      // and the like, which every mock can conform to.
      guard parts.allSatisfy({ protocols[$0] != nil || known.contains($0) }) else { continue }
      let inherited = parts.filter { $0 != "Any" }
      let source =
        "protocol \(alias.name.text)"
        + (inherited.isEmpty ? "" : ": \(inherited.joined(separator: ", "))") + " {}"
      if let declaration = Parser.parse(source: source).statements.first?.item
        .as(ProtocolDeclSyntax.self)
      {
        found[alias.name.text] = declaration
      }
    }
    return found
  }
}
