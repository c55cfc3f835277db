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
    // Trivia lengths, not the trivia: building a token's `Trivia` allocates its pieces.
    while let token = tokens.popFirst() {
      spaced = spaced || token.leadingTriviaLength.utf8Length > 0
      if token.tokenKind == .keyword(.Self), tokens.first?.tokenKind == .period {
        // `Self.Item`: the associated type is the mock's generic parameter or typealias.
        tokens.removeFirst()
        continue
      }
      if spaced && !text.isEmpty {
        text += " "
      }
      text += token.tokenKind == .keyword(.Self) ? mockName : token.text
      spaced = token.trailingTriviaLength.utf8Length > 0
    }
    return text
  }
}

extension SyntaxProtocol {
  /// The node's source without its leading and trailing trivia, like `trimmedDescription`,
  /// which builds a trimmed copy of the node first (an eighth of `assay mock`'s time on real
  /// modules, measured with `perf`); this cuts the trivia off the text instead.
  package var trimmedText: String {
    let text = description.utf8
    let start = leadingTriviaLength.utf8Length
    let end = text.count - trailingTriviaLength.utf8Length
    guard start <= end else { return "" }
    let from = text.index(text.startIndex, offsetBy: start)
    let to = text.index(text.startIndex, offsetBy: end)
    return String(text[from..<to]) ?? String(decoding: Array(text[from..<to]), as: UTF8.self)
  }
}
