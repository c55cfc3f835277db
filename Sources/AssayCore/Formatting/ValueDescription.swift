import CustomDump

/// Turns values into the short, stable text that failure messages show.
///
/// Descriptions come from swift-custom-dump, which prints structures field by field and quotes
/// strings, so `"1"` and `1` read differently. Long dumps are cut, so a huge collection cannot
/// flood the test log.
package enum ValueDescription {
  /// The most lines a dump or diff may take in a message before it is cut.
  package static let maximumLines = 60

  /// A description of `value`, cut to ``maximumLines``. An array of simple elements that fits
  /// on one line is written on one line: `[1, 2]`.
  package static func describe<T>(_ value: T) -> String {
    describe(value, dump: nil)
  }

  /// ``describe(_:)`` for a value whose whole dump the caller already made (dumping a large
  /// value is most of the cost of a failure's message).
  package static func describe<T>(_ value: T, dump: String?) -> String {
    if let compact = compactArray(value) {
      return compact
    }
    return truncated(dump ?? String(customDumping: value))
  }

  private static func compactArray<T>(_ value: T) -> String? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .collection, mirror.children.count <= 20 else { return nil }
    var elements: [String] = []
    for child in mirror.children {
      let element = String(customDumping: child.value)
      guard isShort(element) else { return nil }
      elements.append(element)
    }
    let compact = "[\(elements.joined(separator: ", "))]"
    return isShort(compact) ? compact : nil
  }

  /// A line-by-line difference of two values (`-` for `actual`, `+` for `expected`), or `nil`
  /// when their dumps are the same.
  package static func difference<T>(_ actual: T, _ expected: T) -> String? {
    diff(actual, expected).map(truncated)
  }

  /// `1 element`, `3 elements`.
  package static func elements(_ count: Int) -> String {
    count == 1 ? "1 element" : "\(count) elements"
  }

  /// Whether `text` fits on one short line of a message.
  package static func isShort(_ text: String) -> Bool {
    text.count <= 80 && !text.contains("\n")
  }

  package static func truncated(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count > maximumLines else { return text }
    let hidden = lines.count - maximumLines
    lines.removeLast(hidden)
    return lines.joined(separator: "\n") + "\n  … (\(hidden) more lines)"
  }
}
