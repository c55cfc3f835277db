/// A Swift file's text with the bodies a mock cannot need taken out, so that parsing it costs
/// a fraction of parsing the whole file.
///
/// The bodies of functions, properties and closures, and whole types and extensions of types
/// that are not protocols, become empty braces; protocols, extensions of the protocols named
/// in `keeping` (their members' names decide how some requirements are mocked), imports, `#if`
/// lines, type aliases and stored properties stay as they are; comments go. A type's body whose
/// code says `protocol` is kept (and searched for bodies to empty); one that says only
/// `typealias` keeps only its type aliases. Nothing in a function's or property's body is
/// read (no protocol, extension or import can be declared there). Line breaks stay in place,
/// so positions in the outline are positions in the file.
///
/// The result is meant to be parsed; if it does not parse, parse the file itself (the scan
/// does not know bare regular expression literals, `/.../`, whose braces it would count).
///
/// ```swift
/// // public struct Box { func open() { lid.lift() } }  becomes
/// // public struct Box {                           }
/// ```
struct SourceOutline {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let keeping: Set<String>
  private var output: [UInt8] = []

  /// `text` with bodies emptied, or `text` itself when there is nothing to empty.
  ///
  /// - Parameters:
  ///   - text: A Swift file's text.
  ///   - keeping: Protocols whose extensions keep their members (by simple name).
  static func of(_ text: String, keeping: Set<String>) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var outline = SourceOutline(bytes: bytes, keeping: keeping)
      outline.output.reserveCapacity(bytes.count)
      outline.copyDeclarations(from: 0, to: bytes.count)
      return String(decoding: outline.output, as: UTF8.self)
    }
  }

  private init(bytes: UnsafeBufferPointer<UInt8>, keeping: Set<String>) {
    self.bytes = bytes
    self.keeping = keeping
  }

  /// The declaration a header introduces, from its last declaration keyword.
  private enum Kind {
    /// A function, initializer or deinitializer: its body goes.
    case function
    /// A struct, class, enum, actor or extension of a type that is not kept: it goes if it
    /// declares no protocol or type alias, else its members are read.
    case type
    /// An extension of a kept protocol: its members' bodies go, their declarations stay.
    case keptExtension
    /// A protocol: kept as it is, but for its comments.
    case `protocol`
    /// A property, subscript, closure or anything else: its body goes too.
    case other
  }

  /// Copies `bytes[start..<end]` to the output, emptying the bodies of the declarations in it.
  private mutating func copyDeclarations(from start: Int, to end: Int) {
    var headerStart = start
    var nesting = 0  // Parentheses and brackets: a brace inside is a closure's, not a body.
    var index = start
    while index < end {
      let byte = bytes[index]
      if let skipped = skipTrivia(at: index, end: end) {
        index = skipped
        continue
      }
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: "["):
        nesting += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"):
        nesting = max(0, nesting - 1)
      case UInt8(ascii: ";"):
        // The next declaration's header starts after it; what came before is copied as it is.
        copyWithoutComments(headerStart..<index + 1)
        headerStart = index + 1
      case UInt8(ascii: "{") where nesting == 0:
        let (close, mentions) = scanBody(after: index, end: end)
        let kind = kind(ofHeader: headerStart..<index)
        copyWithoutComments(headerStart..<index)
        output.append(UInt8(ascii: "{"))
        copyBody(from: index + 1, to: close, kind: kind, mentions: mentions)
        if close < end { output.append(bytes[close]) }
        // A body never closed (a file cut short) ends at `end`.
        index = min(close + 1, end)
        headerStart = index
        continue
      default:
        break
      }
      index += 1
    }
    copyWithoutComments(headerStart..<end)
  }

  /// Copies `range` with its comments left out (a comment's line breaks stay, and a space
  /// keeps the code on either side of it apart). A mock takes nothing from comments, and in
  /// real code they are most of what is left once bodies are gone.
  private mutating func copyWithoutComments(_ range: Range<Int>) {
    var index = range.lowerBound
    var copiedUpTo = index
    while index < range.upperBound {
      guard let skipped = skipTrivia(at: index, end: range.upperBound) else {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "/") {
        output.append(contentsOf: bytes[copiedUpTo..<index])
        let breaks = bytes[index..<skipped].lazy.filter {
          $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }
        if breaks.isEmpty {
          output.append(UInt8(ascii: " "))
        } else {
          output.append(contentsOf: breaks)
        }
        copiedUpTo = skipped
      }
      index = skipped
    }
    output.append(contentsOf: bytes[copiedUpTo..<range.upperBound])
  }

  private mutating func copyBody(
    from start: Int, to end: Int, kind: Kind, mentions: Mentions
  ) {
    switch kind {
    case .function, .other:
      copyLineBreaks(start..<end)
    case .type where mentions.isEmpty:
      copyLineBreaks(start..<end)
    case .type where mentions == .typeAlias:
      copyTypeAliases(from: start, to: end)
    case .type, .keptExtension:
      copyDeclarations(from: start, to: end)
    case .protocol:
      copyWithoutComments(start..<end)
    }
  }

  /// Only the line breaks of `range`, so that lines keep their numbers.
  private mutating func copyLineBreaks(_ range: Range<Int>) {
    for index in range
    where bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
      output.append(bytes[index])
    }
  }

  /// The `typealias` declarations in `bytes[start..<end]`, each where it was (without the
  /// attributes and modifiers before it), and the line breaks of everything else: a body
  /// whose only declaration that matters is a type alias needs nothing more.
  private mutating func copyTypeAliases(from start: Int, to end: Int) {
    var copiedUpTo = start
    var index = start
    while index < end {
      if let skipped = skipTrivia(at: index, end: end) {
        index = skipped
        continue
      }
      guard Self.continuesIdentifier(bytes[index]) else {
        index += 1
        continue
      }
      var wordEnd = index + 1
      while wordEnd < end, Self.continuesIdentifier(bytes[wordEnd]) { wordEnd += 1 }
      guard isWord(Self.typeAliasWord, index..<wordEnd), bytes[index - 1] != UInt8(ascii: ".")
      else {
        index = wordEnd
        continue
      }
      let aliasEnd = endOfTypeAlias(from: wordEnd, end: end)
      copyLineBreaks(copiedUpTo..<index)
      copyWithoutComments(index..<aliasEnd)
      copiedUpTo = aliasEnd
      index = aliasEnd
    }
    copyLineBreaks(copiedUpTo..<end)
  }

  /// The end of the type alias whose `typealias` keyword ends at `start`: the end of its line,
  /// or of a later one while brackets are open, the line ends with what continues a type
  /// (`=`, `->`, `&`, `,`, `.`) or the next one starts with it (`->`, `&`, `.`, `=`, `where`).
  private func endOfTypeAlias(from start: Int, end: Int) -> Int {
    var depth = 0
    var index = start
    var last: UInt8 = 0  // The last byte of code, and the one before it.
    var beforeLast: UInt8 = 0
    while index < end {
      if let skipped = skipTrivia(at: index, end: end) {
        if bytes[index] != UInt8(ascii: "/") { (beforeLast, last) = (last, bytes[skipped - 1]) }
        index = skipped
        continue
      }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"):
        depth += 1
      case UInt8(ascii: ">") where last != UInt8(ascii: "-"):
        depth = max(0, depth - 1)
      case UInt8(ascii: ")"), UInt8(ascii: "]"):
        depth = max(0, depth - 1)
      case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
        return index
      case UInt8(ascii: "\n"):
        let continues =
          depth > 0 || last == 0 || Self.continuingBytes.contains(last)
          || (last == UInt8(ascii: ">") && beforeLast == UInt8(ascii: "-"))
          || nextLineContinuesType(index + 1, end: end)
        if !continues { return index }
      default:
        break
      }
      if byte > UInt8(ascii: " ") { (beforeLast, last) = (last, byte) }
      index += 1
    }
    return end
  }

  /// What a type alias's line can end with when its type goes on: `=`, `&`, `,`, `.`.
  private static let continuingBytes: [UInt8] = Array("=&,.".utf8)

  /// Whether the first code of the lines from `start` on continues a type: `->`, `&`, `.`,
  /// `=` or `where`.
  private func nextLineContinuesType(_ start: Int, end: Int) -> Bool {
    var index = start
    while index < end, bytes[index] <= UInt8(ascii: " ") { index += 1 }
    guard index < end else { return false }
    switch bytes[index] {
    case UInt8(ascii: "-"), UInt8(ascii: "&"), UInt8(ascii: "."), UInt8(ascii: "="):
      return true
    case UInt8(ascii: "w"):
      var wordEnd = index
      while wordEnd < end, Self.continuesIdentifier(bytes[wordEnd]) { wordEnd += 1 }
      return isWord(Self.whereWord, index..<wordEnd)
    default:
      return false
    }
  }

  /// The kind of declaration `header` introduces: the last declaration keyword in it decides
  /// (`public final class Box<T>: Container where T: Sendable` is a class).
  private func kind(ofHeader header: Range<Int>) -> Kind {
    var last: Kind = .other
    var index = header.lowerBound
    while index < header.upperBound {
      if let skipped = skipTrivia(at: index, end: header.upperBound) {
        index = skipped
        continue
      }
      guard Self.startsIdentifier(bytes[index]),
        index == header.lowerBound || !Self.continuesIdentifier(bytes[index - 1])
      else {
        index += 1
        continue
      }
      var wordEnd = index
      while wordEnd < header.upperBound, Self.continuesIdentifier(bytes[wordEnd]) {
        wordEnd += 1
      }
      if let keyword = Self.declarationKeywords[wordKey(index..<wordEnd)],
        isWord(keyword.word, index..<wordEnd)
      {
        if keyword.kind == .keptExtension {
          let name = extendedName(after: wordEnd, end: header.upperBound)
          last = name.map(keeping.contains) == true ? .keptExtension : .type
        } else {
          last = keyword.kind
        }
      }
      index = wordEnd
    }
    return last
  }

  /// The words that say what a header declares, by ``wordKey(_:)``, with the kind each
  /// declares (`extension`'s is decided by its name). Looked up by length and first letters,
  /// not as strings: this runs on every word of every header.
  private static let declarationKeywords: [UInt32: (word: [UInt8], kind: Kind)] = {
    let kinds: [(String, Kind)] = [
      ("func", .function), ("init", .function), ("deinit", .function),
      ("struct", .type), ("class", .type), ("enum", .type), ("actor", .type),
      ("extension", .keptExtension), ("protocol", .protocol),
      ("var", .other), ("let", .other), ("subscript", .other), ("typealias", .other),
      ("associatedtype", .other), ("macro", .other), ("case", .other), ("import", .other),
      ("operator", .other), ("precedencegroup", .other),
    ]
    var table: [UInt32: (word: [UInt8], kind: Kind)] = [:]
    for (word, kind) in kinds {
      let bytes = Array(word.utf8)
      let key = key(count: bytes.count, first: bytes[0], second: bytes[1])
      precondition(table[key] == nil, "two keywords with the same key")
      table[key] = (bytes, kind)
    }
    return table
  }()

  /// A word's length and first two bytes, which tell the declaration keywords apart.
  private func wordKey(_ range: Range<Int>) -> UInt32 {
    let second = range.count > 1 ? bytes[range.lowerBound + 1] : 0
    return Self.key(count: range.count, first: bytes[range.lowerBound], second: second)
  }

  private static func key(count: Int, first: UInt8, second: UInt8) -> UInt32 {
    UInt32(truncatingIfNeeded: min(count, 255)) << 16 | UInt32(first) << 8 | UInt32(second)
  }

  /// The simple name of the type an extension extends: `Channel` in `extension NIO.Channel`.
  private func extendedName(after start: Int, end: Int) -> String? {
    var index = start
    while index < end,
      bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
        || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
    {
      index += 1
    }
    var nameStart = index
    while index < end,
      Self.continuesIdentifier(bytes[index]) || bytes[index] == UInt8(ascii: ".")
    {
      if bytes[index] == UInt8(ascii: ".") { nameStart = index + 1 }
      index += 1
    }
    return index > nameStart ? word(nameStart..<index) : nil
  }

  /// The index of the `}` that closes the `{` at `open` (or `end` if none does), and whether
  /// the code in between (not its comments or strings) says `protocol` or `typealias` as a
  /// word, other than as a member's name (`socket.protocol`) or an argument label
  /// (`headers(protocol: name)`).
  private func scanBody(after open: Int, end: Int) -> (close: Int, mentions: Mentions) {
    var depth = 1
    var mentions: Mentions = []
    var index = open + 1
    while index < end {
      if let skipped = skipTrivia(at: index, end: end) {
        index = skipped
        continue
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 { return (index, mentions) }
      } else if Self.continuesIdentifier(byte) {
        // A whole word at once: only two of them matter.
        var wordEnd = index + 1
        while wordEnd < end, Self.continuesIdentifier(bytes[wordEnd]) { wordEnd += 1 }
        if let found = mattering(index..<wordEnd), bytes[index - 1] != UInt8(ascii: "."),
          !isLabel(endingAt: wordEnd, end: end)
        {
          mentions.insert(found)
        }
        index = wordEnd
        continue
      }
      index += 1
    }
    return (end, mentions)
  }

  /// Which of the words that matter a body says.
  struct Mentions: OptionSet {
    let rawValue: UInt8
    static let `protocol` = Mentions(rawValue: 1)
    static let typeAlias = Mentions(rawValue: 2)
  }

  /// Whether the word ending at `wordEnd` is followed by `:` on its line: an argument label,
  /// not a declaration.
  private func isLabel(endingAt wordEnd: Int, end: Int) -> Bool {
    var index = wordEnd
    while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
      index += 1
    }
    return index < end && bytes[index] == UInt8(ascii: ":")
  }

  /// The index just past the comment, string literal or backquoted name at `index`, or `nil`
  /// when none starts there.
  @inline(__always)
  private func skipTrivia(at index: Int, end: Int) -> Int? {
    // Called on every byte: most bytes start nothing, so they return at once.
    switch bytes[index] {
    case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "`"):
      return skipTriviaStarting(at: index, end: end)
    default:
      return nil
    }
  }

  private func skipTriviaStarting(at index: Int, end: Int) -> Int? {
    let byte = bytes[index]
    let next = index + 1 < end ? bytes[index + 1] : 0
    switch byte {
    case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
      var cursor = index + 2
      while cursor < end, bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
      return cursor
    case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
      return skipBlockComment(from: index, end: end)
    case UInt8(ascii: "\""):
      return skipString(from: index, hashes: 0, end: end)
    case UInt8(ascii: "#"):
      var cursor = index
      while cursor < end, bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
      guard cursor < end else { return nil }
      if bytes[cursor] == UInt8(ascii: "\"") {
        return skipString(from: cursor, hashes: cursor - index, end: end)
      }
      if bytes[cursor] == UInt8(ascii: "/") {
        return skipRegex(from: cursor, hashes: cursor - index, end: end)
      }
      return nil
    case UInt8(ascii: "`"):
      var cursor = index + 1
      while cursor < end, bytes[cursor] != UInt8(ascii: "`"), bytes[cursor] != UInt8(ascii: "\n") {
        cursor += 1
      }
      return min(cursor + 1, end)
    default:
      return nil
    }
  }

  /// Past a `/* */` comment, which may hold others.
  private func skipBlockComment(from start: Int, end: Int) -> Int {
    var depth = 0
    var index = start
    while index + 1 < end {
      if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return index }
      } else {
        index += 1
      }
    }
    return end
  }

  /// Past a string literal whose opening `"` is at `quote`, with `hashes` `#` before it: single
  /// or multi-line, raw or not, with interpolations (which may hold strings of their own).
  private func skipString(from quote: Int, hashes: Int, end: Int) -> Int {
    let multiline =
      quote + 2 < end && bytes[quote + 1] == UInt8(ascii: "\"")
      && bytes[quote + 2] == UInt8(ascii: "\"")
    var index = quote + (multiline ? 3 : 1)
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), hashesFollow(index + 1, count: hashes, end: end) {
        let escaped = index + 1 + hashes
        if escaped < end, bytes[escaped] == UInt8(ascii: "(") {
          index = skipInterpolation(from: escaped, end: end)
        } else {
          index = escaped + 1
        }
        continue
      }
      if byte == UInt8(ascii: "\n"), !multiline {
        return index  // An unterminated string ends with its line.
      }
      if byte == UInt8(ascii: "\"") {
        let quotes = multiline ? 3 : 1
        if (0..<quotes).allSatisfy({
          index + $0 < end && bytes[index + $0] == UInt8(ascii: "\"")
        }), hashesFollow(index + quotes, count: hashes, end: end) {
          return index + quotes + hashes
        }
      }
      index += 1
    }
    return end
  }

  /// Past an interpolation's parentheses, whose `(` is at `open`.
  private func skipInterpolation(from open: Int, end: Int) -> Int {
    var depth = 0
    var index = open
    while index < end {
      if let skipped = skipTrivia(at: index, end: end) {
        index = skipped
        continue
      }
      if bytes[index] == UInt8(ascii: "(") {
        depth += 1
      } else if bytes[index] == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { return index + 1 }
      }
      index += 1
    }
    return end
  }

  /// Past an extended regular expression literal, `#/.../#`.
  private func skipRegex(from slash: Int, hashes: Int, end: Int) -> Int {
    var index = slash + 1
    while index < end {
      if bytes[index] == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if bytes[index] == UInt8(ascii: "/"), hashesFollow(index + 1, count: hashes, end: end) {
        return index + 1 + hashes
      }
      index += 1
    }
    return end
  }

  private func hashesFollow(_ start: Int, count: Int, end: Int) -> Bool {
    start + count <= end && (0..<count).allSatisfy { bytes[start + $0] == UInt8(ascii: "#") }
  }

  /// Which of the words that keep a body `bytes[range]` is, if any: it may declare something
  /// a mock needs. Told apart by length and first letter before the bytes are compared: this
  /// runs on every word of every body.
  private func mattering(_ range: Range<Int>) -> Mentions? {
    switch (range.count, bytes[range.lowerBound]) {
    case (8, UInt8(ascii: "p")): isWord(Self.protocolWord, range) ? .protocol : nil
    case (9, UInt8(ascii: "t")): isWord(Self.typeAliasWord, range) ? .typeAlias : nil
    default: nil
    }
  }

  private static let protocolWord = Array("protocol".utf8)
  private static let typeAliasWord = Array("typealias".utf8)
  private static let whereWord = Array("where".utf8)

  /// Whether `bytes[range]` is `word`.
  private func isWord(_ word: [UInt8], _ range: Range<Int>) -> Bool {
    range.count == word.count
      && word.indices.allSatisfy { bytes[range.lowerBound + $0] == word[$0] }
  }

  private func word(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  private static func startsIdentifier(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "_"):
      true
    default: false
    }
  }

  /// Letters, digits, `_` and any byte of a non-ASCII character (Swift allows many in names).
  private static func continuesIdentifier(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
      true
    default: false
    }
  }
}
