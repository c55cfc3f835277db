import Foundation
import Score
import Testing

@Test func scoreWeighsTheMarks() {
  #expect(score(1, 2, 3) == 9)
  #expect(score(2, 0, 5) == 10)
}

/// Like an inline snapshot: when the score differs from the one recorded, the test records
/// the new one into its own file, and fails. Under `assay mutate` that file is the copy's, and
/// each mutant the test kills rewrites it; a later build must not compile what it wrote.
@Test func scoreMatchesTheRecordedOne() throws {
  let recorded = 17
  let seen = score(4, 0, 6)
  if seen != recorded {
    let text = try String(contentsOfFile: #filePath, encoding: .utf8)
      .replacingOccurrences(of: "let recorded = \(recorded)", with: "let recorded = \(seen)")
    try text.write(toFile: #filePath, atomically: true, encoding: .utf8)
  }
  #expect(seen == recorded)
}
