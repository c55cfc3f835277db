import Foundation
import Testing

/// The docs' table of proofs must list every failure case, and each row must cite tests that
/// really prove it, so the table cannot fall behind or claim a proof that does not exist.
@Suite struct FailureTableTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../..").standardized

  /// The table's rows, keyed by their first cell: the Swift Testing and the XCTest proofs.
  static func rows() throws -> [String: (swiftTesting: String, xcTest: String)] {
    let article = try String(
      contentsOf: sources.appendingPathComponent("Sources/Assay/Assay.docc/FailureReporting.md"),
      encoding: .utf8)
    var rows: [String: (String, String)] = [:]
    for line in article.split(separator: "\n") where line.hasPrefix("| ") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      if cells.count == 3 { rows[cells[0]] = (cells[1], cells[2]) }
    }
    return rows
  }

  @Test func everyCaseHasARow() throws {
    let rows = try Self.rows()
    for failureCase in FailureCases.all {
      #expect(rows[failureCase.name] != nil, "FailureReporting.md misses \(failureCase.name)")
    }
  }

  /// A row that cites the table's own runners must name the case itself, and the Swift Testing
  /// runner only for cases it runs in process; a row that cites an end-to-end test must cite
  /// one whose body checks the case's exact message.
  @Test func everyCitedTestCoversItsCase() throws {
    let rows = try Self.rows()
    let endToEnd = try String(
      contentsOf: Self.sources.appendingPathComponent(
        "Tests/AssayTests/EndToEnd/EndToEndTests.swift"),
      encoding: .utf8)
    for failureCase in FailureCases.all {
      guard let row = rows[failureCase.name] else { continue }
      #expect(
        row.xcTest == "`testEveryCaseFailsWithMessage` → \"\(failureCase.name)\"",
        "\(failureCase.name): the XCTest cell cites \(row.xcTest)")
      if failureCase.swiftTestingInProcess {
        #expect(
          row.swiftTesting == "`failsWithMessage(_:)` → \"\(failureCase.name)\"",
          "\(failureCase.name): the Swift Testing cell cites \(row.swiftTesting)")
        continue
      }
      let cited = try #require(
        row.swiftTesting.firstMatch(of: /`EndToEndTests\/(\w+)\(\)`/)?.1,
        "\(failureCase.name) is not run in process, so its row must cite an end-to-end test")
      let body = try #require(
        Self.body(of: String(cited), in: endToEnd), "EndToEndTests has no test \(cited)")
      #expect(
        body.contains(failureCase.message),
        "\(cited) does not check the message of \(failureCase.name): \(failureCase.message)")
    }
  }

  /// The text of the test function `name`, up to the next test.
  static func body(of name: String, in source: String) -> Substring? {
    guard let start = source.range(of: "func \(name)(") else { return nil }
    let rest = source[start.upperBound...]
    let end = rest.range(of: "@Test")?.lowerBound ?? rest.endIndex
    return rest[..<end]
  }
}
