#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits bytes that come in pieces (a child's output, an event stream) into lines, in time
/// that grows with the bytes only.
///
/// Each piece is searched for line ends (with the C library's `memchr`) from where the
/// unfinished line left off, and what was read is dropped once per piece. Searching the unfinished line again at every piece made a
/// test that printed a 50 MB line take minutes to read: it was reported timed out, and its
/// failure lost.
public struct LineSplitter: Sendable {
  private var pending: [UInt8] = []

  /// A splitter with nothing read yet.
  public init() {}

  /// Reads `bytes`, calling `line` with each line they end, without its newline.
  ///
  /// - Parameters:
  ///   - bytes: The next piece.
  ///   - line: Called with each line the piece ends.
  public mutating func read(_ bytes: some Collection<UInt8>, line: (String) -> Void) {
    var searched = pending.count
    pending.append(contentsOf: bytes)
    var start = 0
    pending.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      while searched < buffer.count,
        let found = memchr(base + searched, Int32(UInt8(ascii: "\n")), buffer.count - searched)
      {
        let newline = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
        let bytes = UnsafeBufferPointer(rebasing: buffer[start..<newline])
        line(String(decoding: bytes, as: UTF8.self))
        start = newline + 1
        searched = start
      }
    }
    if start > 0 { pending.removeFirst(start) }
  }

  /// The last line, which no newline ended, or `nil` when there is none; it is forgotten.
  public mutating func unfinishedLine() -> String? {
    guard !pending.isEmpty else { return nil }
    defer { pending.removeAll() }
    return String(decoding: pending, as: UTF8.self)
  }
}
