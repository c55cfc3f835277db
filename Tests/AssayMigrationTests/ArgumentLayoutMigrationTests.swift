import Testing

@testable import AssayMigration

/// A converted assertion keeps the lines of an original laid out an argument a line, when on
/// one line it would be too wide or span lines: before, swift-nio-http2's calls became lines of
/// 130 columns, and a multi-line argument's closing bracket stood out of line with the call.
@Suite struct ArgumentLayoutMigrationTests {
  private func migrated(_ body: String) throws -> String {
    let source = "import XCTest\n\nfinal class SetTests: XCTestCase {\n" + body + "}\n"
    return try XCTestMigration.migrate(source, path: "T.swift").text
  }

  @Test func aLongComparisonKeepsTheOriginalsLines() throws {
    let text = try migrated(
      """
        func testHashing() {
          XCTAssertEqual(
            Set([firstHeaders, secondHeaders, thirdHeaders, fourthHeaders]),
            Set([firstHeaders, thirdHeaders, fourthHeaders])
          )
        }

      """)
    #expect(
      text.contains(
        """
            #expect(
              Set([firstHeaders, secondHeaders, thirdHeaders, fourthHeaders]) == Set([firstHeaders, thirdHeaders, fourthHeaders])
            )
        """), "\(text)")
  }

  @Test func aMultiLineArgumentKeepsItsClosingBracketUnderTheCall() throws {
    let text = try migrated(
      """
        func testBytes() {
          XCTAssertEqual(
            Array(buffer.readableBytesView),
            [
              0x61, 0x96,
            ]
          )
        }

      """)
    #expect(
      text.contains(
        """
            #expect(
              Array(buffer.readableBytesView) == [
                0x61, 0x96,
              ]
            )
        """), "\(text)")
  }

  @Test func aShortComparisonTakesOneLine() throws {
    let text = try migrated(
      """
        func testSmall() {
          XCTAssertEqual(
            Set([a, a]),
            Set([a])
          )
        }

      """)
    #expect(text.contains("    #expect(Set([a, a]) == Set([a]))\n"), "\(text)")
  }

  /// A helper's assertion becomes Assay's, argument for argument, on the original's lines.
  @Test func aHelpersAssertionKeepsItsLines() throws {
    let source = """
      import XCTest

      func assertRoot(_ id: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
          id,
          0,
          "Got unexpected stream ID for SETTINGS: \\(id), which is not the root stream",
          file: file,
          line: line
        )
      }

      """
    let text = try XCTestMigration.migrate(source, path: "T.swift").text
    #expect(
      text.contains(
        """
          Assay.assertEqual(
            id,
            0,
            "Got unexpected stream ID for SETTINGS: \\(id), which is not the root stream",
            filePath: file,
            line: line
          )
        """), "\(text)")
  }
}
