import AssayToolSupport
import Foundation
import SwiftParser
import SwiftSyntax

/// Protocols of the toolchain's modules that ship neither sources nor an interface (Foundation
/// on Linux), read from the symbol graphs the compiler extracts (`swift symbolgraph-extract`):
/// swift-crypto's `Digest: ContiguousBytes` was refused for a parent found nowhere.
enum ToolchainModuleProtocols {
  /// The declarations of the protocols named `names` that the toolchain's `modules` declare,
  /// written as Swift from their symbol graphs.
  ///
  /// - Parameters:
  ///   - names: Protocols to find, by simple name.
  ///   - modules: Modules the mocked files import; those the toolchain does not ship are
  ///     passed over (`Foundation` is read with `FoundationEssentials`, which declares most of
  ///     its protocols).
  ///   - folder: Where the symbol graphs are written: a folder in the package's build folder.
  /// - Returns: The declarations found.
  static func declarations(
    named names: Set<String>, in modules: Set<String>, writingTo folder: String
  )
    -> [ProtocolDeclSyntax]
  {
    guard !names.isEmpty, let library = StandardLibraryProtocols.platformLibrary else { return [] }
    var searched = modules
    if modules.contains("Foundation") { searched.insert("FoundationEssentials") }
    var declarations: [ProtocolDeclSyntax] = []
    for module in searched.sorted()
    where FileManager.default.fileExists(atPath: "\(library.path)/\(module).swiftmodule") {
      let graph = "\(folder)/\(module).symbols.json"
      if !FileManager.default.fileExists(atPath: graph) {
        try? FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
        _ = Command.capture(
          "swift",
          [
            "symbolgraph-extract", "-module-name", module, "-target", targetTriple(of: library),
            "-output-dir", folder,
          ], deadline: 120)
      }
      guard let data = FileManager.default.contents(atPath: graph),
        let symbols = try? JSONDecoder().decode(SymbolGraph.self, from: data)
      else { continue }
      declarations += symbols.protocols(named: names)
    }
    return declarations
  }

  /// `x86_64-unknown-linux-gnu`, from the name of a module file of the platform's library.
  private static func targetTriple(of library: URL) -> String {
    let module = library.appendingPathComponent("Swift.swiftmodule")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: module.path)) ?? []
    let file = files.first { $0.hasSuffix(".swiftinterface") || $0.hasSuffix(".swiftmodule") }
    return file.map { String($0.prefix { $0 != "." }) } ?? "x86_64-unknown-linux-gnu"
  }

  /// The parts of a symbol graph that declare protocols.
  private struct SymbolGraph: Decodable {
    struct Symbol: Decodable {
      struct Kind: Decodable { let identifier: String }
      struct Identifier: Decodable { let precise: String }
      struct Names: Decodable { let title: String }
      struct Fragment: Decodable { let spelling: String }
      let kind: Kind
      let identifier: Identifier
      let names: Names
      let declarationFragments: [Fragment]?
      var declaration: String { (declarationFragments ?? []).map(\.spelling).joined() }
    }
    struct Relationship: Decodable {
      let kind: String
      let source: String
      let target: String
      let targetFallback: String?
    }
    let symbols: [Symbol]
    let relationships: [Relationship]

    /// `protocol Name: Parents { requirements }`, parsed.
    func protocols(named names: Set<String>) -> [ProtocolDeclSyntax] {
      let byID = Dictionary(
        symbols.map { ($0.identifier.precise, $0) }, uniquingKeysWith: { a, _ in a })
      var text = ""
      for symbol in symbols
      where symbol.kind.identifier == "swift.protocol" && names.contains(symbol.names.title) {
        let id = symbol.identifier.precise
        let parents = relationships.filter { $0.source == id && $0.kind == "inheritsFrom" }
          .compactMap { byID[$0.target]?.names.title ?? $0.targetFallback }
        let requirements = relationships.filter {
          $0.target == id && $0.kind == "requirementOf"
        }.compactMap { byID[$0.source]?.declaration }
        var head = symbol.declaration
        if !parents.isEmpty, !head.contains(":") { head += ": " + parents.joined(separator: ", ") }
        text += head + " {\n" + requirements.joined(separator: "\n") + "\n}\n"
      }
      return Parser.parse(source: text).statements.compactMap {
        $0.item.as(ProtocolDeclSyntax.self)
      }
    }
  }
}
