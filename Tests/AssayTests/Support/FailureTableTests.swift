import Foundation
import Testing

/// The docs' table of proofs must list every failure case, so it cannot fall behind.
@Test func failureTableListsEveryCase() throws {
  let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .appendingPathComponent("../../../Sources/Assay/Assay.docc/FailureReporting.md")
    .standardized
  let text = try String(contentsOf: article, encoding: .utf8)
  for failureCase in FailureCases.all {
    #expect(
      text.contains("| \(failureCase.name) |"), "FailureReporting.md misses \(failureCase.name)")
  }
}
