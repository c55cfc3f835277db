import SwiftSyntax

/// Types written into a mock, as text: `Self` becomes the mock's own type, and parameter types
/// become the types an argument matcher checks.
struct TypeText {
  /// The mock's name, written where the protocol says `Self`.
  let mockName: String
  /// Typealiases of the protocol's body written as their values, by name (see
  /// `MockWriter.expandedAliases(of:types:)`).
  var aliases: [String: String] = [:]

  /// `type` as a generic argument writes it (`MockCall<(), Page?>`): as ``declared(_:)``, but
  /// an implicitly unwrapped optional, allowed only as a declaration's type, is an optional
  /// (swift-protobuf's `var file: FileDescriptor! { get }`).
  func argument(_ type: TypeSyntax) -> String {
    guard let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) else {
      return declared(type)
    }
    return declared(unwrapped.wrappedType) + "?"
  }

  /// `node` as the mock declares it, on one line and without comments: `Self` is the mock,
  /// `Self.Item` is `Item`.
  func declared(_ node: some SyntaxProtocol) -> String {
    declared(node, upTo: nil)
  }

  /// `node` as ``declared(_:)`` writes it, up to `end`.
  ///
  /// - Parameters:
  ///   - node: A type, attribute, generic parameter or requirement.
  ///   - end: A token of `node` where its text stops (a trailing comma), or `nil`.
  func declared(_ node: some SyntaxProtocol, upTo end: TokenSyntax?) -> String {
    let text = written(node, upTo: end)
    return aliases.isEmpty ? text : Self.expanding(aliases, in: text)
  }

  /// `node` as ``declared(_:upTo:)`` writes it, its typealiases as they are.
  private func written(_ node: some SyntaxProtocol, upTo end: TokenSyntax?) -> String {
    if let text = Self.alreadyDeclared(node.trimmedText, upTo: end?.text) {
      return text
    }
    var text = ""
    var spaced = false
    var tokens = Array(node.tokens(viewMode: .sourceAccurate))[...]
    // Trivia lengths, not the trivia: building a token's `Trivia` allocates its pieces.
    while let token = tokens.popFirst() {
      if let end, token.id == end.id {
        break
      }
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

  /// `text` with each name of `aliases` written as its value, except as a member (`X.Name`);
  /// a value naming another alias is expanded too, a few levels deep.
  ///
  /// - Parameters:
  ///   - aliases: Typealiases' values by name, as ``declared(_:)`` writes them.
  ///   - text: A type or requirement as ``declared(_:)`` writes it.
  /// - Returns: The text, its aliases expanded.
  static func expanding(_ aliases: [String: String], in text: String) -> String {
    guard !aliases.isEmpty else { return text }
    var text = text
    for _ in 0..<4 {
      var result = ""
      var name = ""
      var afterPeriod = false
      var changed = false
      func flush() {
        if !afterPeriod, let value = aliases[name] {
          result += value
          changed = true
        } else {
          result += name
        }
        name = ""
      }
      for character in text {
        if character.isLetter || character.isNumber || character == "_" {
          name.append(character)
          continue
        }
        if !name.isEmpty { flush() }
        afterPeriod = character == "."
        result.append(character)
      }
      if !name.isEmpty { flush() }
      guard changed else { return result }
      text = result
    }
    return text
  }

  /// `text` (without `end` and the space before it), when it is written as ``declared(_:upTo:)``
  /// would write it: on one line, with single spaces and no comments, and without `Self`.
  /// Most types are, and reading the text costs a fraction of walking the tokens.
  private static func alreadyDeclared(_ text: String, upTo end: String?) -> String? {
    var previous: UInt8 = 0
    var lastFour: UInt32 = 0
    for byte in text.utf8 {
      lastFour = lastFour << 8 | UInt32(byte)
      if byte < 0x20 || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
        || byte == UInt8(ascii: "#") || (byte == UInt8(ascii: " ") && previous == byte)
        || lastFour == 0x5365_6C66  // "Self"
      {
        return nil
      }
      previous = byte
    }
    guard let end else { return text }
    guard text.hasSuffix(end) else { return nil }
    var trimmed = text.utf8.dropLast(end.utf8.count)
    if trimmed.last == UInt8(ascii: " ") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }
}

extension SyntaxProtocol {
  /// The node's source without its leading and trailing trivia, like `trimmedDescription`,
  /// which builds a trimmed copy of the node first (an eighth of `assay mock`'s time on real
  /// modules, measured with `perf`); this cuts the trivia off the text instead.
  ///
  /// The text is read as bytes (`syntaxTextBytes`): `description` appends each token's text to
  /// a string, which took a tenth of the generator's time.
  package var trimmedText: String {
    let text = syntaxTextBytes
    let start = leadingTriviaLength.utf8Length
    let end = text.count - trailingTriviaLength.utf8Length
    guard start <= end else { return "" }
    return String(decoding: text[start..<end], as: UTF8.self)
  }
}
