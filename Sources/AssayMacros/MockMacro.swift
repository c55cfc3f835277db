import AssayMockGenerator
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Mock`: writes the mock of the protocol it is attached to, next to it, with the same
/// generator as `assay mock`.
public struct MockMacro: PeerMacro {
  /// The mock of the protocol `declaration`, or the compiler errors that explain why there is
  /// none.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let protocolDeclaration = declaration.as(ProtocolDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(node: node, message: MockMessage("@Mock can only be attached to a protocol")))
      return []
    }
    let generation = MockGenerator.mock(of: protocolDeclaration)
    for diagnostic in generation.diagnostics {
      context.diagnose(Diagnostic(node: diagnostic.node, message: MockMessage(diagnostic.message)))
    }
    return generation.source.map { [DeclSyntax(stringLiteral: $0)] } ?? []
  }
}

/// A generator's message, as a compiler error.
struct MockMessage: DiagnosticMessage {
  let message: String
  let severity = DiagnosticSeverity.error
  var diagnosticID: MessageID { MessageID(domain: "AssayMock", id: "mock") }

  init(_ message: String) {
    self.message = message
  }
}
