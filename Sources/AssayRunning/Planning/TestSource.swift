import Foundation
import SwiftParser
import SwiftSyntax

/// What a test file declares, read with swift-syntax: its test functions with their lines,
/// the types holding them, and the examples of Assay specs with their full names.
///
/// XCTest does not say where its tests are declared; this gives XCTest results their lines,
/// and gives `assay test File.swift:37` the test, spec example or case around line 37.
public struct TestSource: Sendable, Codable {
  /// A function declared in a type (or at file scope): a test, or code inside a test.
  public struct Function: Sendable, Equatable, Codable {
    /// The types around it, outermost first (`["Outer", "Inner"]`).
    public let types: [String]
    /// Its name with argument labels as Swift Testing writes it: `example(_:)`, `testFoo()`.
    public let name: String
    /// Its base name: `testFoo`.
    public let baseName: String
    /// The line it starts at, attributes included (where `@Test` is), and its last line.
    public let lines: ClosedRange<Int>
    /// The line of the `func` keyword's declaration start without attributes.
    public let declarationLine: Int
    /// Whether its `@Test` takes the checks of an Assay contract (`Contract.checks(...)`).
    public var hostsContract = false
  }

  /// An example of an Assay spec: `it("...")` inside `describe` and `context` groups.
  public struct SpecExample: Sendable, Equatable, Codable {
    /// The types around it, outermost first: the spec's type.
    public let types: [String]
    /// Its full name: the groups' names and its own, joined with ", ".
    public let fullName: String
    /// Its lines, from `it` to the closing brace.
    public let lines: ClosedRange<Int>
  }

  /// A type or extension declared in the file.
  public struct TypeDeclaration: Sendable, Equatable, Codable {
    /// Its name and the types around it, outermost first (`["Outer", "Inner"]`); an
    /// extension's is the type it extends as written (`["Outer.Inner"]`).
    public let path: [String]
    /// Its lines, from its attributes to its closing brace.
    public let lines: ClosedRange<Int>
  }

  /// The file's path.
  public let path: String
  /// The test target (module) the file belongs to, when known.
  public var target: String?
  /// Its functions, in order.
  public let functions: [Function]
  /// Its spec examples whose names are string literals, in order.
  public let specExamples: [SpecExample]
  /// Its types and extensions, in order.
  public let typeDeclarations: [TypeDeclaration]
  /// The classes it declares that inherit from a class named `...TestCase` (`XCTestCase`).
  public let xctestCases: Set<String>
  /// The types it declares that conform to Assay's `Spec`, nested ones as `Outer/Inner`.
  public let specTypes: Set<String>
  /// The suites it declares with the `.serialized` trait (`@Suite(.serialized)`), nested
  /// ones as `Outer/Inner`: Swift Testing never runs two of their tests, nor of the suites
  /// nested in them, at the same time.
  public let serializedSuites: Set<String>

  /// Reads and parses the file at `path`; `nil` when it cannot be read.
  public init?(path: String) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    self.init(path: path, text: text)
  }

  /// Parses `text` as the file at `path`.
  public init(path: String, text: String) {
    let tree = Parser.parse(source: text)
    let visitor = Visitor(converter: SourceLocationConverter(fileName: path, tree: tree))
    visitor.walk(tree)
    self.path = path
    functions = visitor.functions
    specExamples = visitor.examples
    typeDeclarations = visitor.typeDeclarations
    xctestCases = visitor.testCases
    specTypes = visitor.specTypes
    serializedSuites = visitor.serializedSuites
  }

  /// The innermost function whose lines hold `line`.
  public func function(at line: Int) -> Function? {
    functions.filter { $0.lines.contains(line) }.min { $0.lines.count < $1.lines.count }
  }

  /// The innermost type or extension whose lines hold `line`.
  public func typeDeclaration(at line: Int) -> TypeDeclaration? {
    typeDeclarations.filter { $0.lines.contains(line) }.min { $0.lines.count < $1.lines.count }
  }

  /// The innermost spec example whose lines hold `line`.
  public func specExample(at line: Int) -> SpecExample? {
    specExamples.filter { $0.lines.contains(line) }.min { $0.lines.count < $1.lines.count }
  }

  private final class Visitor: SyntaxVisitor {
    let converter: SourceLocationConverter
    var functions: [Function] = []
    var examples: [SpecExample] = []
    var testCases: Set<String> = []
    var specTypes: Set<String> = []
    var serializedSuites: Set<String> = []
    var typeDeclarations: [TypeDeclaration] = []
    private var types: [String] = []
    private var groups: [String?] = []

    init(converter: SourceLocationConverter) {
      self.converter = converter
      super.init(viewMode: .sourceAccurate)
    }

    private func lines(of node: some SyntaxProtocol) -> ClosedRange<Int> {
      let start = node.startLocation(converter: converter).line
      let end = node.endLocation(converter: converter, afterTrailingTrivia: false).line
      return start...max(start, end)
    }

    private func enter(
      _ name: String, _ node: some SyntaxProtocol, attributes: AttributeListSyntax? = nil
    ) -> SyntaxVisitorContinueKind {
      if let attributes, Self.isSerializedSuite(attributes) {
        serializedSuites.insert((types + [name]).joined(separator: "/"))
      }
      types.append(name)
      typeDeclarations.append(TypeDeclaration(path: types, lines: lines(of: node)))
      return .visitChildren
    }

    /// Whether `attributes` hold `@Suite(..., .serialized, ...)`.
    private static func isSerializedSuite(_ attributes: AttributeListSyntax) -> Bool {
      attributes.contains { element in
        guard let attribute = element.as(AttributeSyntax.self),
          ["Suite", "Testing.Suite"].contains(attribute.attributeName.trimmedDescription),
          case .argumentList(let arguments)? = attribute.arguments
        else { return false }
        return arguments.contains {
          let text = $0.expression.trimmedDescription
          return text == ".serialized" || text.hasSuffix("Trait.serialized")
        }
      }
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      let parents = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
      if parents.contains(where: { $0.hasSuffix("TestCase") }) {
        testCases.insert(node.name.text)
      }
      if parents.contains("Spec") || parents.contains("Assay.Spec") {
        specTypes.insert((types + [node.name.text]).joined(separator: "/"))
      }
      return enter(node.name.text, node, attributes: node.attributes)
    }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      let parents = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
      if parents.contains("Spec") || parents.contains("Assay.Spec") {
        specTypes.insert((types + [node.name.text]).joined(separator: "/"))
      }
      return enter(node.name.text, node, attributes: node.attributes)
    }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      enter(node.name.text, node, attributes: node.attributes)
    }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
      enter(node.name.text, node, attributes: node.attributes)
    }
    override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      enter(node.extendedType.trimmedDescription, node)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      let labels = node.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
      let declarationLine =
        node.funcKeyword.startLocation(converter: converter).line
      var function = Function(
        types: types, name: "\(node.name.text)(\(labels.joined()))",
        baseName: node.name.text, lines: lines(of: node), declarationLine: declarationLine)
      function.hostsContract = node.attributes.trimmedDescription.contains("Contract.checks(")
      functions.append(function)
      return .visitChildren
    }

    // Groups and examples of Assay specs: describe("..."), context("..."), it("...").
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      guard let callee = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
      else { return .visitChildren }
      let name = literal(node.arguments.first?.expression)
      switch callee {
      case "describe", "context", "fdescribe", "fcontext", "xdescribe", "xcontext":
        groups.append(name)
      case "it", "fit", "xit":
        if let name, !groups.contains(nil) {
          let fullName = (groups.compactMap { $0 } + [name]).joined(separator: ", ")
          examples.append(SpecExample(types: types, fullName: fullName, lines: lines(of: node)))
        }
      default:
        break
      }
      return .visitChildren
    }

    override func visitPost(_ node: FunctionCallExprSyntax) {
      guard let callee = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
      else { return }
      if ["describe", "context", "fdescribe", "fcontext", "xdescribe", "xcontext"].contains(callee)
      {
        groups.removeLast()
      }
    }

    /// The text of a string literal without interpolation, or `nil`.
    private func literal(_ expression: ExprSyntax?) -> String? {
      guard let string = expression?.as(StringLiteralExprSyntax.self) else { return nil }
      var text = ""
      for segment in string.segments {
        guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
        text += plain.content.text
      }
      return text
    }
  }
}
