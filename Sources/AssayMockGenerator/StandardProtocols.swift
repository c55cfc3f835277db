import SwiftParser
import SwiftSyntax

/// What the standard library's and Swift concurrency's protocols require, so that a mock
/// implements it as it does the requirements of a protocol in the files read (issue 16: no
/// user can add the file that declares `Comparable`).
///
/// ``source`` and ``compositions`` are generated from the toolchain's symbol graphs
/// (`StandardProtocols+Toolchain.swift`). Each protocol there carries its parents'
/// requirements too, less those that default implementations cover when the associated types
/// take their defaults: ``ProtocolRequirements`` collects a standard protocol's members and
/// not those of the standard protocols above it. `Equatable` and `Hashable` are implemented by
/// identity (see ``ProtocolRequirements``), `Actor` makes the mock an actor.
enum StandardProtocols {
  /// The declarations, by name.
  static let byName: [String: ProtocolDeclSyntax] = ProtocolRequirements.byName(
    Parser.parse(source: source).statements.compactMap { $0.item.as(ProtocolDeclSyntax.self) })

  /// Whether `declaration` is one of ``byName``'s.
  static func contains(_ declaration: ProtocolDeclSyntax) -> Bool {
    byName[declaration.name.text]?.id == declaration.id
  }

  /// The modules whose names the toolchain's symbol graphs write before their types, which
  /// code of a package names bare.
  static let modules = ["Swift.", "_Concurrency."]

  /// `Comparable` for `Swift.Comparable`.
  static func unqualified(_ name: String) -> String {
    for module in modules where name.hasPrefix(module) {
      return String(name.dropFirst(module.count))
    }
    return name
  }
}
