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

/// Which protocols' extensions `assay mock` reads again: only those a mock leaves a
/// requirement to.
struct ExtensionsThatMatterTests {
  @Test func aRequirementReferringToTheConformingTypeInItsGenericRequirementsCounts() throws {
    let source = """
      protocol Aliasing {
        associatedtype Owner
        subscript<Value>(dynamicMember path: KeyPath<Owner, Value>) -> Aliased<Self, Value>
        where Value: Sendable { get }
      }
      protocol Plain {
        func load<Value>(_ type: Value.Type) -> Value where Value: Decodable
      }
      protocol Conditional {
        #if DEBUG
        func alias<Value>(_ value: Value) -> Aliased<Self, Value> where Value: Sendable
        #endif
      }
      """
    let protocols = Parser.parse(source: source).statements.compactMap {
      $0.item.as(ProtocolDeclSyntax.self)
    }
    #expect(protocols.count == 3)
    #expect(
      MockGenerator.protocolsWhoseExtensionsMatter(among: protocols)
        == ["Aliasing", "Conditional"])
  }

  /// The standard protocols are left out of the question: none of them has such a requirement.
  @Test func noStandardProtocolLeavesARequirementToItsExtensions() {
    let standard = Array(StandardProtocols.byName.values)
    #expect(!standard.isEmpty)
    #expect(MockGenerator.protocolsWhoseExtensionsMatter(among: standard).isEmpty)
  }
}
