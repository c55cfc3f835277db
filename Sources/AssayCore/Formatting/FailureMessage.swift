/// The text of an assertion failure: `"<assertion> failed: <summary> - <user message>"`, then
/// any details (a diff, a dump) on the following lines.
package struct FailureMessage {
  package var assertion: String
  package var summary: String
  package var details: String?

  /// A failure that shows one value: after `summary` on the same line when it is short
  /// (`expected nil, got 3`), below it otherwise.
  package init<T>(assertion: String, summary: String, showing value: T) {
    let description = ValueDescription.describe(value)
    self.assertion = assertion
    if ValueDescription.isShort(description) {
      self.summary = "\(summary) \(description)"
    } else {
      self.summary = "\(summary):"
      self.details = description
    }
  }

  package init(assertion: String, summary: String, details: String? = nil) {
    self.assertion = assertion
    self.summary = summary
    self.details = details
  }

  /// The message as users see it. A summary that introduces the details below it
  /// (`expected nil, got:`) keeps the user's message off the details' place:
  /// `assertNil failed: expected nil, got (below) - the cat's owner`, then the value.
  package func text(userMessage: String) -> String {
    var text = "\(assertion) failed: \(summary)"
    if !userMessage.isEmpty {
      if summary.hasSuffix(":"), let details, !details.isEmpty {
        text = "\(assertion) failed: \(summary.dropLast()) (below) - \(userMessage)"
      } else {
        text += " - \(userMessage)"
      }
    }
    if let details, !details.isEmpty {
      text += "\n\(details)"
    }
    return text
  }

  /// Records this failure with the running test framework.
  package func record(_ userMessage: () -> String, at site: CallSite) {
    FailureSink.record(text(userMessage: userMessage()), at: site)
  }
}
