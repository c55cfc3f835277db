import Testing

@testable import AssayMigration

/// `#expect(x == 10 / 3)` takes `10 / 3` apart from `x` and divides integers (3), where
/// `XCTAssertEqual(x, 10 / 3)` gives the literals `x`'s type (3.333… for a `Double`): the
/// same test would fail after migration (Quick/Nimble's `NimbleTimeIntervalTest`). Such an
/// equality keeps its meaning as one `Bool`: `#expect((x == 10 / 3) as Bool)`.
struct LiteralDivisionMigrationTests {
  private func migrated(_ body: String) throws -> String {
    let source = "import XCTest\n\nfinal class T: XCTestCase {\n  func testT() {\n\(body)\n  }\n}\n"
    return try XCTestMigration.migrate(source, path: "T.swift").text
  }

  @Test(arguments: [
    ("XCTAssertEqual(ratio(), 10 / 3)", "#expect((ratio() == (10 / 3)) as Bool)"),
    (
      "XCTAssertEqual(ratio(), (10 / 3), \"thirds\")",
      "#expect((ratio() == (10 / 3)) as Bool, \"thirds\")"
    ),
    ("XCTAssertEqual(-1 / 4, half())", "#expect(((-1 / 4) == half()) as Bool)"),
    ("XCTAssert(ratio() == 10 / 3)", "#expect((ratio() == 10 / 3) as Bool)"),
    (
      "XCTAssertTrue(ratio() == 10 / 3, why)",
      "#expect((ratio() == 10 / 3) as Bool, Comment(rawValue: why))"
    ),
    ("XCTAssertFalse(ratio() == 1 / 4)", "#expect((!(ratio() == 1 / 4)) as Bool)"),
  ])
  func anEqualityWithADivisionOfIntegerLiteralsIsOneBool(assertion: String, expected: String)
    throws
  {
    let text = try migrated("    " + assertion)
    #expect(text.contains("    " + expected + "\n"), "\(text)")
  }

  /// Only `==` divides the literals apart (Swift Testing 6.3.1, measured): `!=`, `<` and a
  /// division with a variable or a decimal literal keep the literals' type.
  @Test(arguments: [
    ("XCTAssertNotEqual(ratio(), 1 / 4)", "#expect(ratio() != (1 / 4))"),
    ("XCTAssertLessThan(ratio(), 7 / 2)", "#expect(ratio() < (7 / 2))"),
    ("XCTAssertEqual(ratio(), 10.0 / 3)", "#expect(ratio() == (10.0 / 3))"),
    ("XCTAssertEqual(ratio(), total / 3)", "#expect(ratio() == (total / 3))"),
    ("XCTAssertEqual(ratio(), 10 * 3)", "#expect(ratio() == (10 * 3))"),
  ])
  func otherComparisonsStayAsTheyAre(assertion: String, expected: String) throws {
    let text = try migrated("    " + assertion)
    #expect(text.contains("    " + expected + "\n"), "\(text)")
  }
}
