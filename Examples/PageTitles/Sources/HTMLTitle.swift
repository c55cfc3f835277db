import Foundation

/// Finds the title of an HTML document.
enum HTMLTitle {
  /// The text of the first `<title>` element, trimmed, or `nil` when there is none.
  static func extract(from html: String) -> String? {
    guard
      let match = html.firstMatch(
        of: #/<title[^>]*>(.*?)</title>/#.ignoresCase().dotMatchesNewlines())
    else { return nil }
    let title = match.1.trimmingCharacters(in: .whitespacesAndNewlines)
    return title.isEmpty ? nil : title
  }
}
