import SwiftParser
import SwiftSyntax
import Testing

@testable import AssayMockGenerator

/// How a mock writes the types it takes from a protocol: on one line, without comments, with
/// `Self` as the mock. Most types are copied as written; the others are rebuilt from tokens.
struct TypeTextTests {
  private let types = TypeText(mockName: "MockStore")

  @Test(arguments: [
    ("[String: Int]", "[String: Int]"),
    ("(Int) async throws -> Void", "(Int) async throws -> Void"),
    ("Result<Self, Error>", "Result<MockStore, Error>"),
    ("Self.Item", "Item"),
    ("[Self.Item]", "[Item]"),
    ("SelfDescribing", "SelfDescribing"),
    ("Dictionary<String,  Int>", "Dictionary<String, Int>"),
    ("Array< /* of names */ String>", "Array< String>"),
    ("Array<String // names\n>", "Array<String >"),
    ("(\n  Int,\n  String\n) -> Void", "( Int, String ) -> Void"),
  ])
  func aTypeIsWrittenOnOneLineWithTheMockForSelf(source: String, written: String) throws {
    let type = try #require(
      Parser.parse(source: "let value: \(source)").statements.first?.item
        .as(VariableDeclSyntax.self)?.bindings.first?.typeAnnotation?.type)
    #expect(types.declared(type) == written)
  }

  @Test(arguments: [
    ("func f<T: Sendable, U>()", "T: Sendable"),
    ("func f<T: Sendable , U>()", "T: Sendable"),
    ("func f<T: Collection<Self>, U>()", "T: Collection<MockStore>"),
    ("func f<T: Sendable /* any */, U>()", "T: Sendable"),
  ])
  func aGenericParameterIsWrittenWithoutItsComma(source: String, written: String) throws {
    let parameter = try #require(
      Parser.parse(source: source).statements.first?.item.as(FunctionDeclSyntax.self)?
        .genericParameterClause?.parameters.first)
    #expect(types.declared(parameter, upTo: parameter.trailingComma) == written)
  }
}
