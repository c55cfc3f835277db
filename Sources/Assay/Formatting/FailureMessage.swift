/// The text of an assertion failure: `"<assertion> failed: <summary> - <user message>"`, then
/// any details (a diff, a dump) on the following lines.
struct FailureMessage {
  var assertion: String
  var summary: String
  var details: String?

  func text(userMessage: String) -> String {
    var text = "\(assertion) failed: \(summary)"
    if !userMessage.isEmpty {
      text += " - \(userMessage)"
    }
    if let details, !details.isEmpty {
      text += "\n\(details)"
    }
    return text
  }

  /// Records this failure with the running test framework.
  @discardableResult
  func record(_ userMessage: () -> String, at site: CallSite) -> TestFramework {
    FailureReporter.record(text(userMessage: userMessage()), at: site)
  }
}
