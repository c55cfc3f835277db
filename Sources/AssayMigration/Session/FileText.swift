import Foundation

/// A file's text as the conversion reads it, and the file's own form, to write its conversion
/// back in: a byte-order mark and Windows line endings (CR LF) stay as they were.
///
/// Foundation drops a byte-order mark when it reads UTF-8, and the conversion's new lines end
/// in LF alone, indented after the LF: read that way, a file written on Windows came back
/// without its mark, with lines of both kinds, and `func` at the start of its line below an
/// inserted `@Test`.
struct FileText: Sendable {
  /// The file as it is, byte for byte: what putting it back writes.
  let original: String
  /// Without the mark, each line ending in LF: what the conversion reads.
  let text: String
  /// Whether the file starts with a byte-order mark.
  let marked: Bool
  /// Whether every line of the file ends in CR LF.
  let windowsLines: Bool

  private static let mark: Character = "\u{FEFF}"

  /// The text of the file at `path`, or `nil` when it cannot be read as UTF-8.
  init?(contentsOf path: String) {
    guard let data = FileManager.default.contents(atPath: path),
      let original = String(validating: data, as: UTF8.self)
    else { return nil }
    self.init(original)
  }

  /// The text of a file that holds `original`.
  init(_ original: String) {
    self.original = original
    marked = original.first == Self.mark
    let unmarked = marked ? String(original.dropFirst()) : original
    var lines = 0
    var windows = 0
    var previous: UInt8 = 0
    for byte in unmarked.utf8 {
      if byte == UInt8(ascii: "\n") {
        lines += 1
        if previous == UInt8(ascii: "\r") { windows += 1 }
      }
      previous = byte
    }
    windowsLines = lines > 0 && windows == lines
    text = windowsLines ? unmarked.replacingOccurrences(of: "\r\n", with: "\n") : unmarked
  }

  /// `converted` (a conversion of ``text``) in the file's own form: its mark, its line endings.
  func restoring(_ converted: String) -> String {
    let lines = windowsLines ? converted.replacingOccurrences(of: "\n", with: "\r\n") : converted
    return marked ? String(Self.mark) + lines : lines
  }
}
