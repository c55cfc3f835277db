import SwiftParser
import SwiftSyntax
import Testing

@testable import AssayMigration

/// Whether a call can be one of a helper's declarations, by its argument labels alone.
struct HelperSignatureTests {
  private func signature(_ declaration: String) throws -> HelperSignature {
    let function = try #require(
      Parser.parse(source: declaration).statements.first?.item.as(FunctionDeclSyntax.self))
    return HelperSignature(function)
  }

  private func reference(_ call: String) throws -> DeclReferenceExprSyntax {
    final class First: SyntaxVisitor {
      var found: DeclReferenceExprSyntax?
      override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, node.baseName.text == "write" { found = node }
        return .skipChildren
      }
    }
    let first = First(viewMode: .sourceAccurate)
    first.walk(Parser.parse(source: call))
    return try #require(first.found)
  }

  @Test(arguments: [
    (
      "func write(context: C, data: D, promise: P?) {}",
      "x.write(context: c, data: d, promise: nil)", true
    ),
    ("func write(context: C, data: D, promise: P?) {}", "channel.write(frame)", false),
    ("func write(context: C, data: D, promise: P?) {}", "write(context: c, data: d)", false),
    ("func write(_ a: A, file: StaticString = #file, line: UInt = #line) {}", "write(a)", true),
    (
      "func write(_ a: A, file: StaticString = #file, line: UInt = #line) {}", "write(a, line: 3)",
      true
    ),
    ("func write(_ a: A, file: StaticString = #file, line: UInt = #line) {}", "write(a, b)", false),
    ("func write(_ values: Int...) {}", "write(1, 2, 3)", true),
    ("func write(_ values: Int..., to: T) {}", "write(1, 2, to: t)", true),
    ("func write(_ a: A, then: () -> Void) {}", "write(a) { }", true),
    ("func write(_ a: A, then: () -> Void, else: () -> Void) {}", "write(a) { } else: { }", true),
    ("func write(_ a: A) {}", "write(a) { }", false),
    ("func write(context: C, data: D, promise: P?) {}", "f(write(context:data:promise:))", true),
    ("func write(context: C, data: D, promise: P?) {}", "f(write(_:))", false),
    ("func write(context: C, data: D, promise: P?) {}", "f(write)", true),
    ("func write(context: C, data: D, promise: P?) {}", "XCTAssertNil(write.1)", false),
  ])
  func aCallFitsADeclarationByItsLabels(declaration: String, call: String, fits: Bool) throws {
    #expect(
      HelperSignature.mayRefer(try reference(call), to: [try signature(declaration)]) == fits)
  }

  /// swift-nio-http2's classes stayed XCTest for `channel.write(frame)`, taken for a call of a
  /// test-support method `write(context:data:promise:)` that asserts with XCTest.
  @Test func aCallWhoseLabelsFitNoHelperOfItsNameIsNoCallOfIt() throws {
    let package = try MigratedPackage(
      "signature",
      files: [
        "Package.swift": "// swift-tools-version: 6.0\n",
        "Sources/TestSupport/Recorder.swift": """
        import XCTest

        public final class Recorder {
          public func write(context: Int, data: Int) { XCTFail("unexpected write") }
        }

        """,
        "Tests/ChannelTests/ChannelTests.swift": """
        import TestSupport
        import XCTest

        final class ChannelTests: XCTestCase {
          func testWrites() {
            let channel = Channel()
            channel.write(5)
            XCTAssertEqual(channel.count, 1)
          }
        }

        final class RecorderTests: XCTestCase {
          func testRecords() { Recorder().write(context: 1, data: 2) }
        }

        """,
      ])
    let summary = try package.migrate()
    let migrated = try package.migrated("Tests/ChannelTests/ChannelTests.swift")
    #expect(migrated.contains("struct ChannelTests {"), "\(migrated)")
    #expect(migrated.contains("final class RecorderTests: XCTestCase"), "\(migrated)")
    #expect(
      summary.notes == [
        "Tests/ChannelTests/ChannelTests.swift:12: note: left as XCTest: it calls write, which "
          + "asserts with XCTest in Sources/TestSupport/Recorder.swift, outside the files migrated "
          + "(to convert it too, add Assay to its target's dependencies and Sources/TestSupport to "
          + "the paths)"
      ], "\(summary.notes)")
  }
}
