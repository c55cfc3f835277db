import SwiftSyntax

/// Types written into a mock, as text: `Self` becomes the mock's own type, and parameter types
/// become the types an argument matcher checks.
struct TypeText {
  /// The mock's name, written where the protocol says `Self`.
  let mockName: String

  /// `node` as the mock declares it, on one line and without comments: `Self` is the mock,
  /// `Self.Item` is `Item`.
  func declared(_ node: some SyntaxProtocol) -> String {
    var text = ""
    var spaced = false
    var tokens = Array(node.tokens(viewMode: .sourceAccurate))[...]
    while let token = tokens.popFirst() {
      spaced = spaced || !token.leadingTrivia.isEmpty
      if token.tokenKind == .keyword(.Self), tokens.first?.tokenKind == .period {
        // `Self.Item`: the associated type is the mock's generic parameter or typealias.
        tokens.removeFirst()
        continue
      }
      if spaced && !text.isEmpty {
        text += " "
      }
      text += token.tokenKind == .keyword(.Self) ? mockName : token.text
      spaced = !token.trailingTrivia.isEmpty
    }
    return text
  }
}
