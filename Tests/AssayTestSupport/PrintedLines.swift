import Foundation

/// Lines a session prints through its callback, collected from any thread.
public final class PrintedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  /// Nothing printed yet.
  public init() {}

  /// Keeps `text`, one line per line in it.
  public func append(_ text: String) {
    lock.withLock {
      lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// Every line so far.
  public var all: [String] { lock.withLock { lines } }
}
