import SwiftSyntax

/// Writes a mock for a protocol: the engine behind both the `@Mock` macro and `assay mock`, so
/// both produce the same code.
///
/// The mock of `protocol PeopleStore` is `final class MockPeopleStore: PeopleStore, Sendable`
/// (an `actor` for an `Actor` protocol). Every member records its call in a `CallRecorder` and
/// answers with what the test stubbed; its `calls` property has a typed ``MockCall`` factory
/// per member, for stubbing and verification:
///
/// ```swift
/// store.calls.fetch(sortedBy: .any).willReturn([.appleseed])
/// verify(store.calls.add(.equal(.taylor)), .once)
/// ```
public enum MockGenerator {
  /// The name of the mock of a protocol named `protocolName`: `Mock` and that name, as the
  /// `@Mock` macro's `prefixed(Mock)` names it. A raw identifier keeps its backticks around
  /// the whole name (`` `Address Book` ``: `` `MockAddress Book` ``); a name that needs none
  /// loses them (`` `Type` ``: `MockType`).
  public static func mockName(of protocolName: String) -> String {
    let bare = protocolName.trimmingPrefix("`")
    let name = "Mock" + (bare.count < protocolName.count ? bare.dropLast() : bare)
    let plain = name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    return plain ? name : "`\(name)`"
  }

  /// What `@Mock` says about a parent protocol it cannot see.
  public static func macroUnresolvedParent(_ name: String) -> String {
    "@Mock sees only this protocol, not '\(name)', which it inherits from: generate the mock "
      + "with `assay mock`, which reads the files that declare both"
  }

  /// Writes the mock of `declaration`.
  ///
  /// - Parameters:
  ///   - declaration: The protocol to mock.
  ///   - parents: The declarations of the protocols it inherits from, directly or not; others
  ///     (`Sendable`, `AnyObject`, `Actor`, `Equatable`, `Hashable`) need none.
  ///   - unresolvedParent: The message for a parent that is neither known nor in `parents`.
  /// - Returns: The mock's source, or the problems that stop it from compiling.
  public static func mock(
    of declaration: ProtocolDeclSyntax,
    parents: [ProtocolDeclSyntax] = [],
    unresolvedParent: (String) -> String = macroUnresolvedParent
  ) -> MockGeneration {
    mock(
      of: declaration, parentsByName: ProtocolRequirements.byName(parents),
      unresolvedParent: unresolvedParent)
  }

  /// Writes the mock of `declaration`, finding its parents by name in `parentsByName`, which
  /// may hold every protocol of a module: the command builds it once for all its mocks.
  ///
  /// - Parameters:
  ///   - declaration: The protocol to mock.
  ///   - parentsByName: Protocol declarations by name.
  ///   - closureAliases: Type aliases of function types (parameters of those types are
  ///     closures).
  ///   - implementedByExtensions: What each protocol's own extensions implement.
  ///   - mockName: The mock's name; ``mockName(of:)`` by default.
  ///   - unresolvedParent: The message for a parent that is neither known nor found.
  /// - Returns: The mock's source, or the problems that stop it from compiling.
  public static func mock(
    of declaration: ProtocolDeclSyntax,
    parentsByName: [String: ProtocolDeclSyntax],
    closureAliases: Set<String> = [],
    implementedByExtensions: [String: Set<String>] = [:],
    mockName: String? = nil,
    unresolvedParent: (String) -> String
  ) -> MockGeneration {
    let requirements = ProtocolRequirements(
      root: declaration, parentsByName: parentsByName, closureAliases: closureAliases,
      implementedByExtensions: implementedByExtensions, unresolvedParent: unresolvedParent)
    var writer = MockWriter(
      requirements: requirements,
      mockName: mockName ?? Self.mockName(of: declaration.name.text))
    let source = writer.write()
    let diagnostics = requirements.diagnostics + writer.diagnostics
    return MockGeneration(source: diagnostics.isEmpty ? source : nil, diagnostics: diagnostics)
  }
}

extension MockGenerator {
  /// Whether `type` is a function type, perhaps with attributes (`@Sendable (Int) -> Void`).
  public static func isFunctionType(_ type: TypeSyntax) -> Bool {
    ProtocolRequirements.isFunctionType(type)
  }

  /// The names of the protocols among `declarations` whose mocks depend on what the protocol's
  /// own extensions implement: those with a requirement whose generic requirements refer to
  /// the conforming type itself (FluentKit's `ModelAlias`), which the mock leaves to the
  /// extension. Pass what those extensions implement to
  /// ``mock(of:parentsByName:closureAliases:implementedByExtensions:unresolvedParent:)``. The
  /// standard protocols a mock implements have no such requirement.
  public static func protocolsWhoseExtensionsMatter(
    among declarations: [ProtocolDeclSyntax]
  ) -> Set<String> {
    Set(declarations.filter(ProtocolRequirements.leavesRequirementsToExtensions).map(\.name.text))
  }

  /// The parents whose requirements every mock implements itself (`Equatable` by identity,
  /// `Actor` by being an actor), by simple name.
  public static let parentsImplementedByEveryMock: Set<String> = Set(
    ProtocolRequirements.knownParents.filter { !$0.contains(".") && $0 != "class" })

  /// The type that holds a nested protocol (`HTTP2ServerTransport` for
  /// `HTTP2ServerTransport.ListenerFactory`), `nil` for a protocol at file scope. A mock
  /// written outside it would not see the names its requirements use unqualified: a tool
  /// writes the mock in an extension of that type, where the macro's peer is.
  public static func enclosingTypeName(of declaration: ProtocolDeclSyntax) -> String? {
    let name = MockWriter.qualifiedName(of: declaration)
    guard let dot = name.lastIndex(of: ".") else { return nil }
    return String(name[..<dot])
  }

  /// `subscript(dynamicMember:)`, `handle(_:on:)`: a method's or subscript's name, as a
  /// protocol's requirement and its extension's implementation share it.
  public static func memberName(of decl: DeclSyntax) -> String? {
    ProtocolRequirements.memberName(of: decl)
  }
}

/// A generated mock, or why there is none.
public struct MockGeneration: Sendable {
  /// The mock's declaration, as Swift source; `nil` when ``diagnostics`` is not empty.
  public let source: String?
  /// The declarations the generator cannot mock.
  public let diagnostics: [MockDiagnostic]
}
