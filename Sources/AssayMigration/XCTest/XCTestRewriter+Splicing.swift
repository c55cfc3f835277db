import SwiftParser
import SwiftSyntax

/// Text splicing: parsed declarations put in the place of others, with their trivia; statements
/// appended to bodies; display names and the marker of what was left.
extension XCTestRewriter {
  /// `member` with `text` parsed in the place of `function`, with its trivia; `nil` if `text`
  /// does not parse as a declaration.
  static func replacing(
    _ member: MemberBlockItemSyntax, of function: FunctionDeclSyntax, with text: String
  ) -> MemberBlockItemSyntax? {
    guard let declaration = Parser.parse(source: text).statements.first?.item.as(DeclSyntax.self)
    else { return nil }
    return member.with(
      \.decl,
      declaration.with(\.leadingTrivia, function.leadingTrivia)
        .with(\.trailingTrivia, function.trailingTrivia))
  }

  /// `body` (`{ ... }`) with `statement` as its last line, indented one level deeper than the
  /// declaration at `indentation`.
  static func appending(_ statement: String, to body: String, indentation: String)
    -> String
  {
    var head = body
    while head.last?.isWhitespace == true { head.removeLast() }
    if head.hasSuffix("}") { head.removeLast() }
    while head.last?.isWhitespace == true { head.removeLast() }
    return head + "\n" + indentation + "  " + statement + "\n" + indentation + "}"
  }

  /// `body` (a block, `{ … }`) with `statement` first, indented as the statements after it
  /// are (or two spaces in from `indentation`, when there are none).
  static func prepending(_ statement: String, to body: String, indentation: String) -> String {
    guard let brace = body.firstIndex(of: "{") else { return body }
    let rest = body[body.index(after: brace)...]
    let lines = rest.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
    let inner =
      lines.first { !$0.allSatisfy(\.isWhitespace) && !$0.hasPrefix(indentation + "}") }
      .map { String($0.prefix { $0 == " " || $0 == "\t" }) } ?? indentation + "  "
    var tail = String(rest)
    if tail.allSatisfy({ $0.isWhitespace || $0 == "}" }) {
      tail = "\n" + indentation + "}"
    } else if let first = tail.first, first != "\n" {
      // A first statement on the brace's line (`{ x() }`) moves to a line of its own.
      tail = "\n" + inner + tail.drop { $0 == " " }
    }
    return body[...brace] + "\n" + inner + statement + tail
  }

  /// `testUserLogsIn` → `"User logs in"`.
  static func displayName(_ method: String) -> String {
    var words: [String] = []
    var current = ""
    let characters = Array(method.dropFirst(4).drop(while: { $0 == "_" }))
    for (index, character) in characters.enumerated() {
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      if character == "_" {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else if character.isUppercase, !current.isEmpty,
        current.last?.isUppercase == false || next?.isLowercase == true
      {
        // A new word: after a lowercase letter, or the last capital of an acronym (URLIs).
        words.append(current)
        current = String(character)
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    let sentence = words.enumerated().map { index, word in
      index == 0 || (word.count > 1 && word.allSatisfy(\.isUppercase)) ? word : word.lowercased()
    }.joined(separator: " ")
    let capitalized = sentence.prefix(1).uppercased() + sentence.dropFirst()
    return "\"\(capitalized.isEmpty ? method : capitalized)\""
  }

  /// The spaces before a declaration's first token.
  static func indentation(of node: some SyntaxProtocol) -> String {
    let trivia = node.leadingTrivia.description
    let lastLine = trivia.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
    return String(lastLine.prefix { $0 == " " || $0 == "\t" })
  }

  /// `node` with a `// assay-migrate: …` line before it, once: one line, whatever the message
  /// quotes.
  static func marked(_ node: ClassDeclSyntax, with message: String) -> ClassDeclSyntax {
    let note = "\(XCTestMigration.marker) \(message.onOneLine)"
    guard !node.leadingTrivia.description.contains(XCTestMigration.marker) else { return node }
    let indentation = indentation(of: node)
    var trivia = node.leadingTrivia.pieces
    // The note goes right before the declaration, after its doc comment.
    let insertAt = trivia.lastIndex { if case .newlines = $0 { return true } else { return false } }
    let pieces: [TriviaPiece] =
      [.lineComment(note), .newlines(1)]
      + (indentation.isEmpty ? [] : [.spaces(indentation.count)])
    if let insertAt {
      trivia.insert(contentsOf: pieces, at: trivia.index(after: insertAt))
      // The spaces that followed the newline now follow the note.
      if trivia.indices.contains(trivia.index(after: insertAt) + pieces.count),
        case .spaces = trivia[trivia.index(after: insertAt) + pieces.count]
      {
        trivia.remove(at: trivia.index(after: insertAt) + pieces.count)
      }
    } else {
      trivia.insert(contentsOf: pieces, at: 0)
    }
    return node.with(\.leadingTrivia, Trivia(pieces: trivia))
  }
}
