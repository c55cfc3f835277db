import Foundation

/// Looks at a Swift file's text without parsing it, to decide whether parsing can matter.
///
/// The answers may say yes too often (a keyword in a block comment or a string) but not no
/// for a declaration that is there: a file left unparsed on their word must declare nothing a
/// mock needs. Words in line comments and on a documentation comment's `*` margin are left out.
enum SourceText {
  /// The names that follow `keyword` and white space in `text` (`protocol Loader` gives
  /// `Loader`; `extension NIO.Channel` gives `Channel`, the last part of a qualified name).
  static func names(after keyword: String, in text: String) -> [String] {
    var text = text
    return text.withUTF8 { bytes in
      occurrences(of: keyword, in: bytes).compactMap { end in
        name(startingAfter: end, in: bytes)
      }
    }
  }

  /// The names of the types `text` declares: structs, classes, enums, actors, type aliases
  /// and protocols, nested ones too.
  static func typeNames(in text: String) -> Set<String> {
    Set(
      ["struct", "class", "enum", "actor", "typealias", "protocol"].flatMap {
        names(after: $0, in: text)
      })
  }

  /// The names of the types `text` declares at file scope (inside `#if` blocks too), not
  /// those nested in a type or an extension: only those can clash with another module's at
  /// file scope. Braces are counted outside comments and string literals.
  static func topLevelTypeNames(in text: String) -> Set<String> {
    let keywords: Set<String> = ["struct", "class", "enum", "actor", "typealias", "protocol"]
    var text = text
    return text.withUTF8 { bytes in
      var names: Set<String> = []
      var depth = 0
      var index = 0
      func at(_ offset: Int, _ character: Unicode.Scalar) -> Bool {
        index + offset < bytes.count && bytes[index + offset] == UInt8(ascii: character)
      }
      while index < bytes.count {
        let byte = bytes[index]
        if at(0, "/"), at(1, "/") {
          while index < bytes.count, !at(0, "\n") { index += 1 }
        } else if at(0, "/"), at(1, "*") {
          index += 2
          while index < bytes.count, !(at(0, "*") && at(1, "/")) { index += 1 }
          index += 2
        } else if at(0, "\"") {
          let fence = at(1, "\"") && at(2, "\"") ? 3 : 1
          index += fence
          while index < bytes.count {
            if at(0, "\\") {
              index += 2
              continue
            }
            if at(0, "\""), fence == 1 || (at(1, "\"") && at(2, "\"")) { break }
            if fence == 1, at(0, "\n") { break }
            index += 1
          }
          index += fence
        } else if byte == UInt8(ascii: "{") {
          depth += 1
          index += 1
        } else if byte == UInt8(ascii: "}") {
          depth = max(0, depth - 1)
          index += 1
        } else if isIdentifierByte(byte), index == 0 || !isIdentifierByte(bytes[index - 1]) {
          var end = index
          while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
          if String(decoding: bytes[index..<end], as: UTF8.self) == "import" {
            // `import class Foundation.JSONDecoder` (postgres-nio) declares nothing.
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
          } else if depth == 0,
            keywords.contains(String(decoding: bytes[index..<end], as: UTF8.self)),
            let name = name(startingAfter: end, in: bytes)
          {
            names.insert(name)
          }
          index = end
        } else {
          index += 1
        }
      }
      return names
    }
  }

  /// The types `text` declares (a class, struct, enum, actor, protocol or type alias) whose
  /// names start with `prefix`, found from the prefix's occurrences: one scan of the file.
  static func declaredNames(startingWith prefix: String, in text: String) -> [String] {
    let keywords: Set<String> = ["class", "struct", "enum", "actor", "protocol", "typealias"]
    let length = prefix.utf8.count
    var text = text
    return text.withUTF8 { bytes in
      occurrences(of: prefix, in: bytes).compactMap { end -> String? in
        let start = end - length
        var wordEnd = start
        while wordEnd > 0, bytes[wordEnd - 1] == UInt8(ascii: " ") { wordEnd -= 1 }
        var wordStart = wordEnd
        while wordStart > 0, isIdentifierByte(bytes[wordStart - 1]) { wordStart -= 1 }
        let word = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<wordEnd]), as: UTF8.self)
        guard wordEnd < start, keywords.contains(word) else { return nil }
        var nameEnd = start
        while nameEnd < bytes.count, isIdentifierByte(bytes[nameEnd]) { nameEnd += 1 }
        return String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<nameEnd]), as: UTF8.self)
      }
    }
  }

  /// What each `typealias` in `text` stands for, up to the end of its line
  /// (`typealias Handler = Responder & Sendable` gives `Responder & Sendable`).
  static func typeAliasValues(in text: String) -> [String] {
    var text = text
    return text.withUTF8 { bytes in
      occurrences(of: "typealias", in: bytes).map { end in
        var index = end
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n"),
          bytes[index] != UInt8(ascii: "=")
        {
          index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return "" }
        index += 1
        var lineEnd = index
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        let value = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[index..<lineEnd]), as: UTF8.self)
        return value.trimmingPrefix(while: \.isWhitespace).description
      }
    }
  }

  /// The offsets just past each occurrence of `word` that does not continue an identifier.
  ///
  /// The C library's `memchr` finds the candidates by the word's rarest letter (`x` in
  /// `extension`), many bytes at a time: a loop over every byte took a tenth of `assay mock`'s
  /// time on real modules.
  private static func occurrences(
    of word: String, in bytes: UnsafeBufferPointer<UInt8>
  ) -> [Int] {
    let pattern = Array(word.utf8)
    guard let base = bytes.baseAddress, !pattern.isEmpty, bytes.count >= pattern.count else {
      return []
    }
    let anchor = pattern.indices.min { rarity(of: pattern[$0]) < rarity(of: pattern[$1]) }!
    var found: [Int] = []
    var index = anchor
    while index < bytes.count,
      let hit = memchr(base + index, Int32(pattern[anchor]), bytes.count - index)
    {
      let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      index = position + 1
      let start = position - anchor
      guard start >= 0, start + pattern.count <= bytes.count,
        start == 0 || !isIdentifierByte(bytes[start - 1]),
        pattern.indices.allSatisfy({ bytes[start + $0] == pattern[$0] }),
        !isInComment(start, in: bytes)
      else { continue }
      found.append(start + pattern.count)
      index = start + pattern.count + anchor
    }
    return found
  }

  /// Whether the line before `index` makes it part of a comment: it holds `//`, or it starts
  /// with the `*` of a documentation comment's margin (and does not close the comment).
  ///
  /// Doc comments say "protocol" far more often than code does; a file whose only mentions are
  /// there need not be parsed. A `//` inside a string earlier on the same line would hide a
  /// declaration after it, which real code does not write.
  private static func isInComment(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var lineStart = index
    while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    var cursor = lineStart
    while cursor < index, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t")
    {
      cursor += 1
    }
    var marginStar = cursor < index && bytes[cursor] == UInt8(ascii: "*")
    while cursor + 1 < index {
      if bytes[cursor] == UInt8(ascii: "/"), bytes[cursor + 1] == UInt8(ascii: "/") { return true }
      if bytes[cursor] == UInt8(ascii: "*"), bytes[cursor + 1] == UInt8(ascii: "/") {
        marginStar = false
      }
      cursor += 1
    }
    return marginStar
  }

  /// How common a letter is in Swift code: the lower, the rarer (counted in the 7 MB of
  /// sources of the packages of Benchmarks/mock-corpus, where `y` is rarer than `p`).
  private static func rarity(of byte: UInt8) -> Int {
    let ascending = Array("jzqxkwvbgympfhudclsoiarnte".utf8)
    return ascending.firstIndex(of: byte) ?? ascending.count
  }

  private static func name(startingAfter end: Int, in bytes: UnsafeBufferPointer<UInt8>)
    -> String?
  {
    var index = end
    while index < bytes.count,
      bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
        || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
    {
      index += 1
    }
    guard index > end else { return nil }
    var start = index
    while index < bytes.count,
      isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".")
        || bytes[index] == UInt8(ascii: "`")
    {
      if bytes[index] == UInt8(ascii: ".") { start = index + 1 }
      index += 1
    }
    let name = bytes[start..<index].filter { $0 != UInt8(ascii: "`") }
    return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
  }

  /// Letters, digits, `_` and any byte of a non-ASCII character (Swift allows many in names).
  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
      true
    default: false
    }
  }
}
