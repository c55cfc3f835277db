import SwiftParser
import SwiftSyntax
import Synchronization

/// The syntax trees of one run's files, each parsed once: the helpers, the classes' families
/// and the conversion each read every file, and parsing was half of a run's time (three times
/// each file of swift-nio-http2, in the debug build that `swift run assay` gives).
///
/// Copies of ``XCTestMigration/Options`` share one; a run that ends drops it.
public final class SyntaxTrees: Sendable {
  private let trees = Mutex<[String: SourceFileSyntax]>([:])

  /// No trees yet.
  public init() {}

  /// The tree of `source`, parsed the first time it is asked for.
  public func tree(_ source: String) -> SourceFileSyntax {
    if let known = trees.withLock({ $0[source] }) { return known }
    let parsed = Parser.parse(source: source)
    trees.withLock { $0[source] = parsed }
    return parsed
  }
}
