import SwiftSyntax

/// A declaration the generator cannot mock, and why.
///
/// The `@Mock` macro shows it as a compiler error on `node`; `assay mock` prints it as
/// `file:line:column: error: message`. Either way no mock is written for the protocol, rather
/// than one that does not compile.
public struct MockDiagnostic: Error, Sendable, CustomStringConvertible {
  /// The declaration or type the problem is about.
  public let node: Syntax
  /// What is wrong, and what to do instead.
  public let message: String
  /// The parent protocol that was found nowhere, when that is the problem: a tool may look
  /// for it further and try again.
  public let unresolvedParent: String?

  /// Creates a diagnostic about `node`.
  public init(_ node: some SyntaxProtocol, _ message: String, unresolvedParent: String? = nil) {
    self.node = Syntax(node)
    self.message = message
    self.unresolvedParent = unresolvedParent
  }

  /// The message.
  public var description: String { message }
}
