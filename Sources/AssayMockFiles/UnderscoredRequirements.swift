import AssayMockGenerator
import Foundation
import SwiftParser
import SwiftSyntax

/// The requirements whose names start with `_`, which symbol graphs leave out (as details of
/// the implementation) though a conforming type must implement some of them:
/// FixedWidthInteger's `init(_truncatingBits:)`. Read from the toolchain's interface of the
/// module, with the members that its protocols' extensions implement.
struct UnderscoredRequirements {
  /// Each protocol's underscored requirements, by protocol name: the member's name
  /// (`init(_truncatingBits:)`) and its declaration, as the interface writes it.
  private(set) var requirements: [String: [(name: String, declaration: String)]] = [:]
  /// The members that each protocol's extensions without a `where` clause implement, by
  /// protocol name.
  private(set) var implemented: [String: Set<String>] = [:]

  /// Reads `interface`, a module's `.swiftinterface`.
  init(interface: String) {
    let visitor = Visitor(viewMode: .sourceAccurate)
    visitor.walk(Parser.parse(source: interface))
    for declaration in visitor.protocols {
      for member in declaration.memberBlock.members {
        guard let name = Self.name(of: member.decl), Self.isUnderscored(name) else { continue }
        requirements[declaration.name.text, default: []].append(
          (name, Self.withoutAttributes(member.decl)))
      }
    }
    for extended in visitor.extensions where extended.genericWhereClause == nil {
      let type =
        extended.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
      for member in extended.memberBlock.members {
        if let name = Self.name(of: member.decl) { implemented[type, default: []].insert(name) }
      }
    }
  }

  /// Finds the protocols and extensions, those inside `#if` blocks too.
  private final class Visitor: SyntaxVisitor {
    var protocols: [ProtocolDeclSyntax] = []
    var extensions: [ExtensionDeclSyntax] = []

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
      protocols.append(node)
      return .skipChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      extensions.append(node)
      return .skipChildren
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  }

  /// `_lock()`, `init(_truncatingBits:)`, `_lowWord`: how a member is named, and a
  /// requirement's implementation with it.
  private static func name(of declaration: DeclSyntax) -> String? {
    if let name = MockGenerator.memberName(of: declaration) { return name }
    if let initializer = declaration.as(InitializerDeclSyntax.self) {
      let labels = initializer.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
      return "init(\(labels.joined()))"
    }
    if let variable = declaration.as(VariableDeclSyntax.self) {
      return variable.bindings.first?.pattern.trimmedDescription
    }
    return nil
  }

  /// `_lock()`, `init(_truncatingBits:)`: a name, or an initializer's first label, that starts
  /// with `_` (and not `_:`, an unlabelled parameter).
  private static func isUnderscored(_ name: String) -> Bool {
    if name.hasPrefix("init(") {
      return name.dropFirst("init(".count).hasPrefix("_") && !name.hasPrefix("init(_:")
    }
    return name.hasPrefix("_")
  }

  /// The declaration without its attributes (`@inlinable`, `@_borrowed`) and `__consuming`.
  private static func withoutAttributes(_ declaration: DeclSyntax) -> String {
    var text = declaration.trimmedDescription
    while text.hasPrefix("@") {
      // An attribute with arguments ends at its closing parenthesis.
      var depth = 0
      var end = text.startIndex
      for index in text.indices {
        let character = text[index]
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
        if depth == 0, character == " " || character == "\n" {
          end = index
          break
        }
      }
      guard end > text.startIndex else { break }
      text = String(text[end...].drop { $0 == " " || $0 == "\n" })
    }
    return text.replacingOccurrences(of: "__consuming ", with: "")
  }
}
