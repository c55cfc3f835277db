import SwiftParser
import SwiftSyntax

/// The XCTest tests that XCTest's lists for Linux leave out. Through a `LinuxMain.swift`,
/// `swift test` runs only the tests its lists name; once the lists are removed, SwiftPM finds
/// every test method, so these run for the first time, and may fail or crash (weichsel/
/// ZIPFoundation's `testReadChunkErrorConditions`, never listed, segfaults).
enum UnlistedTests {
  /// `Class.testMethod` for each test method of the `XCTestCase` classes in `sources` (their
  /// extensions included) that no list in `sources` or `lists` names, sorted.
  static func find(sources: [String], lists: [String]) -> [String] {
    let reader = Reader(viewMode: .sourceAccurate)
    for text in sources + lists { reader.walk(Parser.parse(source: text)) }
    var unlisted: [String] = []
    for (type, methods) in reader.methods where reader.testCases.contains(type) {
      let listed = reader.listed[type] ?? []
      unlisted += methods.subtracting(listed).map { "\(type).\($0)" }
    }
    return unlisted.sorted()
  }

  private final class Reader: SyntaxVisitor {
    /// The classes that inherit `XCTestCase` directly.
    var testCases: Set<String> = []
    /// Test methods (`func testX()`, no parameters) by the type that declares them.
    var methods: [String: Set<String>] = [:]
    /// The names each type's lists give (`("testX", testX)`).
    var listed: [String: Set<String>] = [:]

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      let parent = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
      if parent == "XCTestCase" || parent == "XCTest.XCTestCase" {
        testCases.insert(node.name.text)
      }
      read(node.memberBlock, of: node.name.text)
      return .skipChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      read(node.memberBlock, of: node.extendedType.trimmedDescription)
      return .skipChildren
    }

    private func read(_ members: MemberBlockSyntax, of type: String) {
      for member in members.members {
        if let function = member.decl.as(FunctionDeclSyntax.self),
          function.name.text.hasPrefix("test"),
          function.signature.parameterClause.parameters.isEmpty,
          !function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
        {
          methods[type, default: []].insert(function.name.text)
        }
        guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
        for binding in variable.bindings
        where XCTestHelpers.isTestList(binding.pattern.trimmedDescription) {
          guard let array = binding.initializer?.value.as(ArrayExprSyntax.self) else { continue }
          for element in array.elements {
            guard let tuple = element.expression.as(TupleExprSyntax.self),
              let name = tuple.elements.first?.expression.as(StringLiteralExprSyntax.self)?
                .representedLiteralValue
            else { continue }
            listed[type, default: []].insert(name)
          }
        }
      }
    }
  }
}
