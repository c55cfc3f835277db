#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Searching a printed line for a marker byte for byte, with the C library's `memchr` and
/// `memcmp`.
///
/// Foundation's `contains(_:)` and `range(of:)` copy the whole line into UTF-16 first: reading
/// a test that printed 100 MB, `assay test` spent two thirds of its time there (25 s where
/// `swift test` took 3). A match is at a marker's first byte, an ASCII one, so its bounds are
/// indices of the text's characters.
extension StringProtocol {
  /// Whether the text holds `marker`.
  public func holds(_ marker: String) -> Bool {
    firstRange(ofBytes: marker) != nil
  }

  /// Where `marker` first appears in the text, or `nil`.
  public func firstRange(ofBytes marker: String) -> Range<Index>? {
    byteOffsets(of: marker, last: false).map(range(ofBytesAt:))
  }

  /// Where `marker` last appears in the text, or `nil`.
  public func lastRange(ofBytes marker: String) -> Range<Index>? {
    byteOffsets(of: marker, last: true).map(range(ofBytesAt:))
  }

  private func range(ofBytesAt offsets: Range<Int>) -> Range<Index> {
    let start = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
    return start..<utf8.index(start, offsetBy: offsets.count)
  }

  /// The byte offsets of the first (or last) `marker` in the text's UTF-8.
  private func byteOffsets(of marker: String, last: Bool) -> Range<Int>? {
    var marker = marker
    let found = marker.withUTF8 { needle in
      utf8.withContiguousStorageIfAvailable { text in
        Self.search(needle, in: text, last: last)
      }
    }
    if let found { return found }
    // Text that is not stored as UTF-8 (bridged): its bytes, copied.
    return Array(utf8).withUnsafeBufferPointer { text in
      marker.withUTF8 { Self.search($0, in: text, last: last) }
    }
  }

  private static func search(
    _ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, last: Bool
  ) -> Range<Int>? {
    guard let first = needle.first, let base = text.baseAddress, needle.count <= text.count else {
      return needle.isEmpty ? 0..<0 : nil
    }
    var found: Range<Int>?
    var from = 0
    let end = text.count - needle.count
    while from <= end, let hit = memchr(base + from, Int32(first), end - from + 1) {
      let offset = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
      if memcmp(base + offset, needle.baseAddress!, needle.count) == 0 {
        found = offset..<offset + needle.count
        if !last { break }
      }
      from = offset + 1
    }
    return found
  }
}
