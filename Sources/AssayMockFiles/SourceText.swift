/// Looks at a Swift file's text without parsing it, to decide whether parsing can matter.
///
/// The answers may say yes too often (a keyword in a comment or a string) but never no for a
/// declaration that is there: a file left unparsed on their word must declare nothing a mock
/// needs.
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

  /// What each `typealias` in `text` stands for, up to the end of its line
  /// (`typealias Handler = Responder & Sendable` gives `Responder & Sendable`).
  static func typeAliasValues(in text: String) -> [String] {
    var text = text
    return text.withUTF8 { bytes in
      occurrences(of: "typealias", in: bytes).map { end in
        var index = end
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        let line = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[end..<index]), as: UTF8.self)
        guard let equals = line.firstIndex(of: "=") else { return "" }
        return line[line.index(after: equals)...].trimmingPrefix(while: \.isWhitespace)
          .description
      }
    }
  }

  /// The offsets just past each occurrence of `word` that does not continue an identifier.
  private static func occurrences(
    of word: String, in bytes: UnsafeBufferPointer<UInt8>
  ) -> [Int] {
    let pattern = Array(word.utf8)
    guard let first = pattern.first, bytes.count >= pattern.count else { return [] }
    var found: [Int] = []
    var index = 0
    let last = bytes.count - pattern.count
    while index <= last {
      if bytes[index] == first,
        index == 0 || !isIdentifierByte(bytes[index - 1]),
        pattern.indices.allSatisfy({ bytes[index + $0] == pattern[$0] })
      {
        found.append(index + pattern.count)
        index += pattern.count
      } else {
        index += 1
      }
    }
    return found
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
    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      .filter { $0 != "`" }
    return name.isEmpty ? nil : name
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
